package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.spi.BrokerUnreachableException;
import io.amqpharness.spi.DriverException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ConnectionOpenerTest {
    private final List<String> progress = new CopyOnWriteArrayList<>();

    @Test
    void opensConcurrentlyWithinTheBoundAndKeepsTheOrder() {
        AtomicInteger inProgress = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<ConnectionOpener.Task<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int n = i;
            tasks.add(() -> {
                most.accumulateAndGet(inProgress.incrementAndGet(), Math::max);
                sleep(5);
                inProgress.decrementAndGet();
                return n;
            });
        }
        ConnectionOpener.Opened<Integer> opened = new ConnectionOpener(4, OptionalDouble.empty(), progress::add)
                .openAll("test connections", tasks, n -> { });
        assertThat(opened.results()).hasSize(40).isSorted();
        assertThat(opened.outcome().connections()).isEqualTo(40);
        assertThat(opened.outcome().retries()).isZero();
        assertThat(most.get()).isBetween(2, 4); // concurrent, never more than the bound
    }

    @Test
    void aRateSpacesTheOpens() {
        List<ConnectionOpener.Task<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            tasks.add(() -> 1);
        }
        long start = System.nanoTime();
        new ConnectionOpener(8, OptionalDouble.of(100), progress::add).openAll("c", tasks, n -> { });
        // 11 opens at 100/s: the last may start 100 ms after the first, not before.
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(95);
    }

    @Test
    void aConnectionThatFailsOnceIsRetried() {
        AtomicInteger calls = new AtomicInteger();
        List<ConnectionOpener.Task<String>> tasks = List.of(() -> "a", () -> {
            if (calls.incrementAndGet() == 1) {
                throw new BrokerUnreachableException("connection reset", null);
            }
            return "b";
        });
        ConnectionOpener.Opened<String> opened = new ConnectionOpener(2, OptionalDouble.empty(), progress::add)
                .openAll("c", tasks, s -> { });
        assertThat(opened.results()).containsExactly("a", "b");
        assertThat(opened.outcome().retries()).isEqualTo(1);
    }

    @Test
    void failuresAreCountedInOneSentenceAndTheOpenedOnesClosed() {
        Set<Integer> closed = ConcurrentHashMap.newKeySet();
        AtomicInteger attempts = new AtomicInteger();
        List<ConnectionOpener.Task<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            int n = i;
            tasks.add(() -> {
                if (n == 3 || n == 7) {
                    attempts.incrementAndGet();
                    throw new BrokerUnreachableException("Opening publisher " + n + " failed: connection refused.", null);
                }
                return n;
            });
        }
        ConnectionOpener opener = new ConnectionOpener(3, OptionalDouble.empty(), progress::add);
        assertThatThrownBy(() -> opener.openAll("publisher connections", tasks, closed::add))
                .isInstanceOf(DriverException.class)
                .hasMessageMatching("2 of 10 publisher connections failed to open \\(each tried 3 times\\): "
                        + "Opening publisher [37] failed: connection refused\\.");
        assertThat(attempts.get()).isEqualTo(2 * ConnectionOpener.ATTEMPTS);
        assertThat(closed).containsExactlyInAnyOrder(0, 1, 2, 4, 5, 6, 8, 9);
    }

    @Test
    void aRefusedLinkIsNotTriedAgainAndASingleFailureIsThrownAsItIs() {
        AtomicInteger attempts = new AtomicInteger();
        DriverException refused = new DriverException("Attaching publisher 0 to '/exchanges/x/rk' failed: not found.");
        ConnectionOpener opener = new ConnectionOpener(2, OptionalDouble.empty(), progress::add);
        assertThatThrownBy(() -> opener.openAll("publisher connections", List.<ConnectionOpener.Task<Integer>>of(() -> {
            attempts.incrementAndGet();
            throw refused;
        }), n -> { })).isSameAs(refused);
        assertThat(attempts.get()).isEqualTo(1);
        assertThatThrownBy(() -> opener.openAll("publisher connections", List.<ConnectionOpener.Task<Integer>>of(
                () -> 1, () -> {
                    throw refused;
                }), n -> { }))
                .hasMessage("1 of 2 publisher connections failed to open: " + refused.getMessage());
    }

    @Test
    void largeCountsReportProgress() {
        List<ConnectionOpener.Task<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < ConnectionOpener.PROGRESS_FROM; i++) {
            tasks.add(() -> 1);
        }
        new ConnectionOpener(16, OptionalDouble.empty(), progress::add).openAll("idle connections", tasks, n -> { });
        assertThat(progress).last().asString().matches("opening idle connections 200/200 \\([\\d,]+/s\\)");
        assertThat(ConnectionOpener.progressLine("connections", 4_200, 10_000, 5_172_000_000L))
                .isEqualTo("opening connections 4,200/10,000 (812/s)");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
