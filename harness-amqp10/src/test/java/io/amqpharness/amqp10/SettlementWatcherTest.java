package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.protonj2.client.DeliveryState;
import org.apache.qpid.protonj2.client.Tracker;
import org.apache.qpid.protonj2.client.exceptions.ClientIllegalStateException;
import org.apache.qpid.protonj2.client.exceptions.ClientOperationTimedOutException;
import org.junit.jupiter.api.Test;

class SettlementWatcherTest {
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final PublishOutcomeListener listener = new PublishOutcomeListener() {
        @Override
        public void settled(long seq, boolean multiple, PublishOutcome outcome) {
            seen.add(seq + ":" + outcome + (multiple ? ":multiple" : ""));
        }

        @Override
        public void returned(byte[] body, int offset, int length) {
            seen.add("returned");
        }

        @Override
        public void failed(Throwable cause) {
            seen.add("failed:" + cause.getMessage());
        }
    };

    /** A tracker the test settles by hand. */
    private static final class FakeTracker {
        volatile DeliveryState state;
        volatile boolean settled;
        volatile boolean fail;

        Tracker proxy() {
            return (Tracker) Proxy.newProxyInstance(Tracker.class.getClassLoader(), new Class<?>[]{Tracker.class},
                    (p, m, args) -> switch (m.getName()) {
                        case "remoteSettled" -> settled;
                        case "remoteState" -> state;
                        case "awaitSettlement" -> {
                            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos((Long) args[0]);
                            while (!settled && !fail && System.nanoTime() < deadline) {
                                Thread.sleep(1);
                            }
                            if (fail) {
                                throw new ClientIllegalStateException("The sender link has closed");
                            }
                            if (!settled) {
                                throw new ClientOperationTimedOutException("Timed out waiting for remote settlement");
                            }
                            yield p;
                        }
                        case "hashCode" -> System.identityHashCode(p);
                        case "equals" -> p == args[0];
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }

        void settle(DeliveryState s) {
            state = s;
            settled = true;
        }
    }

    @Test
    void reportsEveryOutcomeInSendOrderEvenWhenSettledOutOfOrder() throws Exception {
        SettlementWatcher w = new SettlementWatcher(4, listener, Throwable::getMessage);
        w.start("test-watcher");
        FakeTracker[] t = new FakeTracker[4];
        for (int i = 0; i < 4; i++) {
            t[i] = new FakeTracker();
            assertThat(w.add(i + 1, t[i].proxy())).isTrue();
        }
        t[3].settle(DeliveryState.modified(true, false));
        t[2].settle(DeliveryState.released());
        t[1].settle(DeliveryState.rejected("amqp:x", "no"));
        Thread.sleep(150);
        assertThat(seen).as("blocked on the first").isEmpty();
        t[0].settle(DeliveryState.accepted());
        awaitSize(4);
        assertThat(seen).containsExactly("1:CONFIRMED:multiple", "2:NACKED:multiple", "3:RELEASED:multiple",
                "4:MODIFIED:multiple");
        w.stop();
    }

    @Test
    void manyMessagesThroughASmallRing() throws Exception {
        SettlementWatcher w = new SettlementWatcher(1, listener, Throwable::getMessage);
        w.start("test-watcher");
        for (int i = 1; i <= 1_000; i++) {
            FakeTracker t = new FakeTracker();
            t.settle(DeliveryState.accepted());
            assertThat(w.add(i, t.proxy())).isTrue();
        }
        awaitLast("1000:CONFIRMED:multiple");
        w.stop();
    }

    @Test
    void runsOfEqualOutcomesAlreadySettledAreReportedAsOneMultipleSettlement() throws Exception {
        SettlementWatcher w = new SettlementWatcher(16, listener, Throwable::getMessage);
        FakeTracker[] t = new FakeTracker[7];
        for (int i = 0; i < t.length; i++) {
            t[i] = new FakeTracker();
            t[i].settle(i == 3 || i == 4 ? DeliveryState.released() : DeliveryState.accepted());
            w.add(10 + i, t[i].proxy());
        }
        w.start("test-watcher"); // everything is settled before the watcher looks
        awaitSize(3);
        assertThat(seen).containsExactly("12:CONFIRMED:multiple", "14:RELEASED:multiple", "16:CONFIRMED:multiple");
        w.stop();
    }

    @Test
    void aFailedLinkIsReportedOnceAndEndsTheWatcher() throws Exception {
        SettlementWatcher w = new SettlementWatcher(4, listener, e -> "Publisher 0 failed: " + e.getMessage() + ".");
        w.start("test-watcher");
        FakeTracker t = new FakeTracker();
        w.add(1, t.proxy());
        t.fail = true;
        awaitSize(1);
        assertThat(seen).containsExactly("failed:Publisher 0 failed: The sender link has closed.");
    }

    @Test
    void nothingIsReportedOnceStopped() throws Exception {
        SettlementWatcher w = new SettlementWatcher(4, listener, Throwable::getMessage);
        w.start("test-watcher");
        FakeTracker t = new FakeTracker();
        w.add(1, t.proxy());
        w.stop();
        t.fail = true;
        Thread.sleep(200);
        assertThat(seen).isEmpty();
    }

    @Test
    void aSettlementWithoutOutcomeCountsAsConfirmed() {
        assertThat(SettlementWatcher.outcome(null)).isEqualTo(PublishOutcome.CONFIRMED);
        assertThat(SettlementWatcher.outcome(DeliveryState.accepted())).isEqualTo(PublishOutcome.CONFIRMED);
    }

    private void awaitLast(String expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((seen.isEmpty() || !seen.get(seen.size() - 1).equals(expected)) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(seen).last().isEqualTo(expected);
    }

    private void awaitSize(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (seen.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(seen).hasSizeGreaterThanOrEqualTo(n);
    }
}
