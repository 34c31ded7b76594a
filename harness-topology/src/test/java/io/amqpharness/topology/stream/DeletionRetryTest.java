package io.amqpharness.topology.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.StreamDoesNotExistException;
import com.rabbitmq.stream.StreamException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The final deletion's retries, on a clock that moves only when the retry sleeps. */
class DeletionRetryTest {
    private final FakeClock clock = new FakeClock();
    private final DeletionRetry retry = new DeletionRetry(clock);
    private final AtomicInteger tries = new AtomicInteger();

    @Test
    void aDeletionThatFailsWhileTheClientReconnectsIsTriedAgainUntilItSucceeds() {
        retry.run(() -> {
            if (tries.incrementAndGet() < 3) {
                throw new StreamException("Locator not available");
            }
        });
        assertThat(tries).hasValue(3);
        assertThat(clock.now).isEqualTo(2 * DeletionRetry.PAUSE.toNanos());
    }

    @Test
    void anAnswerFromTheBrokerEndsTheDeletionAtOnce() {
        StreamException refused = new StreamException("refused", Constants.RESPONSE_CODE_ACCESS_REFUSED);
        assertThatThrownBy(() -> retry.run(() -> {
            tries.incrementAndGet();
            throw refused;
        })).isSameAs(refused);
        StreamDoesNotExistException gone = new StreamDoesNotExistException("s");
        assertThatThrownBy(() -> retry.run(() -> {
            tries.incrementAndGet();
            throw gone;
        })).isSameAs(gone);
        assertThat(tries).hasValue(2);
        assertThat(clock.now).isZero();
    }

    @Test
    void aDeletionThatKeepsFailingGivesUpWithinTheBudgetWithItsLastFailure() {
        StreamException[] last = new StreamException[1];
        assertThatThrownBy(() -> retry.run(() -> {
            last[0] = new StreamException("try " + tries.incrementAndGet());
            throw last[0];
        })).isSameAs(last[0]).hasMessage("try 21");
        assertThat(clock.now).isEqualTo(DeletionRetry.BUDGET.toNanos());
    }

    private static final class FakeClock implements DeletionRetry.Clock {
        long now;

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleep(Duration pause) {
            now += pause.toNanos();
        }
    }
}
