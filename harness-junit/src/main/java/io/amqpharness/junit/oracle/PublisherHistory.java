package io.amqpharness.junit.oracle;

import java.util.BitSet;

/**
 * One publisher's history as the oracle recorded it at the driver boundary: what it sent and the
 * broker's verdict on each message. Bit {@code n} stands for sequence {@code n}. Immutable (the
 * sets are copied in and out).
 *
 * @param publisherId the identity every message carried
 * @param confirms    the publisher asked for confirms (0.9.1) or settlements (1.0, stream)
 * @param sent        sequences handed to the driver
 * @param confirmed   sequences the broker confirmed (accepted) and did not return
 * @param refused     sequences the broker refused: nacked, rejected, released, modified or returned
 * @param linkFailed  a link of this publisher failed; what it had not settled is in doubt
 */
public record PublisherHistory(String publisherId, boolean confirms, BitSet sent, BitSet confirmed, BitSet refused,
                               boolean linkFailed) {
    public PublisherHistory {
        sent = (BitSet) sent.clone();
        confirmed = (BitSet) confirmed.clone();
        refused = (BitSet) refused.clone();
    }

    @Override
    public BitSet sent() {
        return (BitSet) sent.clone();
    }

    @Override
    public BitSet confirmed() {
        return (BitSet) confirmed.clone();
    }

    @Override
    public BitSet refused() {
        return (BitSet) refused.clone();
    }

    /** Sent messages without a verdict: sent without confirms, in doubt, or unconfirmed at the end. */
    public BitSet unsettled() {
        BitSet b = sent();
        b.andNot(confirmed);
        b.andNot(refused);
        return b;
    }

    /** This history merged with another link's of the same publisher (after a reconnect). */
    PublisherHistory merge(PublisherHistory o) {
        BitSet s = sent();
        s.or(o.sent);
        BitSet c = confirmed();
        c.or(o.confirmed);
        BitSet r = refused();
        r.or(o.refused);
        return new PublisherHistory(publisherId, confirms || o.confirms, s, c, r, linkFailed || o.linkFailed);
    }
}
