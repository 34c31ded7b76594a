package io.amqpharness.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.testing.FakeClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AckPolicyTest {
    private final FakeClock clock = new FakeClock();
    private final RecordingLink link = new RecordingLink();

    @Test
    void everyMessageIsAckedOnItsOwn() {
        AckPolicy p = new AckPolicy(link, 1, 0, clock);
        p.ack(1);
        p.ack(2);
        assertThat(link.calls).containsExactly("ack 1", "ack 2");
    }

    @Test
    void everyNMessagesOneMultipleAck() {
        AckPolicy p = new AckPolicy(link, 3, 0, clock);
        for (long tag = 1; tag <= 7; tag++) {
            p.ack(tag);
        }
        assertThat(link.calls).containsExactly("ack 3 multiple", "ack 6 multiple");
        assertThat(p.pending()).isEqualTo(1);
        p.flush();
        assertThat(link.calls).endsWith("ack 7");
    }

    @Test
    void timeBoundSettlesAPartialWindow() {
        AckPolicy p = new AckPolicy(link, 100, 50_000_000L, clock);
        p.ack(1);
        clock.advanceMillis(10);
        p.ack(2);
        clock.advanceMillis(39);
        p.flushIfDue(clock.nanoTime());
        assertThat(link.calls).isEmpty();
        clock.advanceMillis(1);
        p.flushIfDue(clock.nanoTime());
        assertThat(link.calls).containsExactly("ack 2 multiple");
        p.flushIfDue(clock.nanoTime() + 1_000_000_000L);
        assertThat(link.calls).hasSize(1);
    }

    @Test
    void theTimerStartsAtTheOldestPendingAck() {
        AckPolicy p = new AckPolicy(link, 2, 50_000_000L, clock);
        p.ack(1);
        p.ack(2); // window full: flushed
        clock.advanceMillis(100);
        p.ack(3); // new window starts now
        p.flushIfDue(clock.nanoTime());
        assertThat(link.calls).containsExactly("ack 2 multiple");
        clock.advanceMillis(50);
        p.flushIfDue(clock.nanoTime());
        assertThat(link.calls).containsExactly("ack 2 multiple", "ack 3");
    }

    @Test
    void aNackSettlesPendingAcksFirstAndGoesOutAlone() {
        AckPolicy p = new AckPolicy(link, 10, 0, clock);
        p.ack(1);
        p.ack(2);
        p.nack(3, true);
        p.ack(4);
        p.flush();
        assertThat(link.calls).containsExactly("ack 2 multiple", "nack 3 requeue", "ack 4");
    }

    @Test
    void changingNSettlesWhatIsPending() {
        AckPolicy p = new AckPolicy(link, 10, 0, clock);
        p.ack(1);
        p.ack(2);
        p.setEvery(1);
        p.ack(3);
        assertThat(link.calls).containsExactly("ack 2 multiple", "ack 3");
    }

    /** Tag {@code n} of the link of generation {@code g}, as a consumer that survives its connection hands it over. */
    private static long tag(long g, long n) {
        return g << (Long.SIZE - AckPolicy.GENERATION_BITS) | n;
    }

    @Test
    void aLateAckOfTheOldLinkNeverStandsInForTheNewLinksAcksInAMultipleAck() {
        AckPolicy p = new AckPolicy(link, 3, 0, clock);
        p.ack(tag(1, 1));
        p.ack(tag(1, 2));
        p.ack(tag(0, 7)); // handed over late by the old link: its consumer drops it
        assertThat(link.calls).containsExactly("ack " + tag(0, 7));
        p.ack(tag(1, 3));
        assertThat(link.calls).containsExactly("ack " + tag(0, 7), "ack " + tag(1, 3) + " multiple");
    }

    @Test
    void aLateAckOfTheOldLinkNeverHoldsBackTheNewLinksAcksAtAFlush() {
        AckPolicy p = new AckPolicy(link, 10, 50_000_000L, clock);
        p.ack(tag(1, 1));
        p.ack(tag(0, 7));
        assertThat(p.pending()).isEqualTo(1);
        clock.advanceMillis(50);
        p.flushIfDue(clock.nanoTime());
        assertThat(link.calls).containsExactly("ack " + tag(0, 7), "ack " + tag(1, 1));
    }

    @Test
    void theNewLinksFirstAckDropsWhatIsPendingForTheOldLink() {
        AckPolicy p = new AckPolicy(link, 10, 0, clock);
        p.ack(tag(0, 7)); // late, after the discard at the relink: nothing told it the link changed
        p.ack(tag(1, 1));
        p.ack(tag(1, 2));
        p.flush();
        assertThat(link.calls).containsExactly("ack " + tag(1, 2) + " multiple");
    }

    @Test
    void generationsCompareAcrossTheWrapOfTheirCount() {
        AckPolicy p = new AckPolicy(link, 10, 0, clock);
        long last = (1L << AckPolicy.GENERATION_BITS) - 1;
        for (long g = 0; g <= last; g++) {
            p.ack(tag(g, 1)); // one link after the other, each dropping the last one's pending ack
        }
        p.ack(tag(0, 1)); // the link opened after generation 65535 is generation 0 again
        p.ack(tag(last, 2));
        p.flush();
        assertThat(link.calls).containsExactly("ack " + tag(last, 2), "ack " + tag(0, 1));
    }

    static final class RecordingLink implements ConsumerLink {
        final List<String> calls = new ArrayList<>();

        @Override public void start(DeliveryListener listener) { }
        @Override public boolean supportsMultipleAck() { return true; }
        @Override public void ack(long tag, boolean multiple) { calls.add("ack " + tag + (multiple ? " multiple" : "")); }
        @Override public void nack(long tag, boolean multiple, boolean requeue) {
            calls.add("nack " + tag + (multiple ? " multiple" : "") + (requeue ? " requeue" : ""));
        }
        @Override public void reject(long tag, boolean requeue) { calls.add("reject " + tag + (requeue ? " requeue" : "")); }
        @Override public void cancel() { }
        @Override public void close() { }
    }

    @Test
    void discardedAcksAreNeverSent() {
        java.util.List<String> calls = new java.util.ArrayList<>();
        io.amqpharness.spi.ConsumerLink link = new io.amqpharness.spi.ConsumerLink() {
            @Override public void start(io.amqpharness.spi.DeliveryListener listener) { }
            @Override public boolean supportsMultipleAck() { return true; }
            @Override public void ack(long tag, boolean multiple) { calls.add("ack " + tag + " " + multiple); }
            @Override public void nack(long tag, boolean multiple, boolean requeue) { }
            @Override public void reject(long tag, boolean requeue) { }
            @Override public void cancel() { }
            @Override public void close() { }
        };
        AckPolicy p = new AckPolicy(link, 10, 0, io.amqpharness.measure.NanoClock.SYSTEM);
        for (long tag = 1; tag <= 5; tag++) {
            p.ack(tag);
        }
        p.discard();
        assertThat(p.pending()).isZero();
        p.ack(1); // the new link's tags start again
        p.flush();
        assertThat(calls).containsExactly("ack 1 false");
    }
}
