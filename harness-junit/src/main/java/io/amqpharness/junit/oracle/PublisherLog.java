package io.amqpharness.junit.oracle;

import io.amqpharness.spi.PublishOutcome;
import java.util.BitSet;

/**
 * What one publisher link sent and what the broker said about each send, recorded at the driver
 * boundary. The sending thread writes {@link #sent}; the driver's I/O thread writes the outcomes
 * (the SPI promises those calls do not overlap; the monitor makes them visible to the reader).
 * Sends are contiguous per link, so only the first and last are kept.
 */
final class PublisherLog {
    final String publisherId;
    final boolean confirms;
    private volatile long firstSent;
    private volatile long lastSent;
    private final Sequences settled = new Sequences();
    private final Sequences confirmed = new Sequences();
    private final Sequences refused = new Sequences();
    private final Sequences returned = new Sequences();
    private long lowestUnsettled = 1;
    private volatile boolean failed;

    PublisherLog(String publisherId, boolean confirms) {
        this.publisherId = publisherId;
        this.confirms = confirms;
    }

    void sent(long seq) {
        if (firstSent == 0) {
            firstSent = seq;
            lowestUnsettled = seq;
        }
        lastSent = seq;
    }

    long lastSent() {
        return lastSent;
    }

    synchronized void settled(long seq, boolean multiple, PublishOutcome outcome) {
        if (!multiple) {
            mark(seq, outcome);
        } else {
            long last = Math.min(seq, lastSent);
            for (long s = Math.max(lowestUnsettled, firstSent); s <= last; s++) {
                if (!settled.contains(s)) {
                    mark(s, outcome);
                }
            }
        }
        while (lowestUnsettled <= lastSent && settled.contains(lowestUnsettled)) {
            lowestUnsettled++;
        }
    }

    private void mark(long seq, PublishOutcome outcome) {
        if (!settled.add(seq)) {
            return;
        }
        if (outcome == PublishOutcome.CONFIRMED) {
            confirmed.add(seq);
        } else {
            refused.add(seq);
        }
    }

    synchronized void returned(long seq32) {
        returned.add(PayloadHeader.sequence(seq32, lastSent));
    }

    void failed() {
        failed = true;
    }

    /** The recorded history of this link, as immutable sets. */
    synchronized PublisherHistory snapshot() {
        BitSet sentBits = new BitSet();
        if (firstSent > 0) {
            sentBits.set((int) firstSent, (int) lastSent + 1);
        }
        BitSet ret = returned.bits();
        BitSet conf = confirmed.bits();
        conf.andNot(ret); // a returned message is acked afterwards: it was not stored
        BitSet ref = refused.bits();
        ref.or(ret);
        return new PublisherHistory(publisherId, confirms, sentBits, conf, ref, failed);
    }
}
