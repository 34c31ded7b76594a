package io.amqpharness.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AwaitTest {

    @Test
    void returnsOnceTheConditionHolds() {
        AtomicInteger reads = new AtomicInteger();
        Await.until("the third read", Duration.ofSeconds(10), () -> reads.incrementAndGet() >= 3);
        assertThat(reads).hasValue(3);
    }

    @Test
    void returnsTheValueThatWasAccepted() {
        AtomicInteger depth = new AtomicInteger();
        int seen = Await.until("a depth of 4", Duration.ofSeconds(10), depth::incrementAndGet, d -> d == 4);
        assertThat(seen).isEqualTo(4);
    }

    @Test
    void failsAfterTheTimeoutNamingWhatItAwaitedAndTheLastValue() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> Await.until("an empty queue", Duration.ofMillis(200), () -> 7, d -> d == 0))
                .isInstanceOf(AssertionError.class)
                .hasMessage("waited 0.2 s for an empty queue; the last value was 7");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
    }

    @Test
    void anExceptionIsNotYetAndTheLastOneIsTheFailuresCause() {
        AtomicInteger reads = new AtomicInteger();
        Await.until("an answer", Duration.ofSeconds(10), () -> {
            if (reads.incrementAndGet() < 3) {
                throw new java.io.IOException("connection refused");
            }
            return true;
        });
        assertThatThrownBy(() -> Await.until("an answer", Duration.ofMillis(100), () -> {
            throw new java.io.IOException("connection refused");
        })).isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("waited 0.1 s for an answer; the last check failed: java.io.IOException: connection refused")
                .hasCauseInstanceOf(java.io.IOException.class);
    }

    @Test
    void aFailedAssertionInTheConditionEndsTheWaitAtOnce() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> Await.until("never", Duration.ofSeconds(30), () -> {
            throw new AssertionError("wrong");
        })).hasMessage("wrong");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
    }
}
