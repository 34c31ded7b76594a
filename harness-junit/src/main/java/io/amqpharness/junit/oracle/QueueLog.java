package io.amqpharness.junit.oracle;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * Everything the run's consumers received from one queue, recorded at the driver boundary: per
 * publisher the sequences delivered, and how many deliveries repeated one that had arrived before
 * (with and without the broker's redelivered flag). Consumers of the queue share it; each delivery
 * takes its monitor briefly and allocates nothing once a publisher's set exists.
 */
final class QueueLog {
    final String queue;
    private final Map<String, Sequences> delivered = new HashMap<>();
    private String lastPublisher;
    private Sequences lastSet;
    private long deliveries;
    private long unidentified;
    private long repeatedFlagged;
    private long repeatedUnflagged;
    private long late;

    QueueLog(String queue) {
        this.queue = queue;
    }

    /**
     * One delivery. {@code near} restores the full sequence from its low 32 bits.
     *
     * @param publisherId the identity the driver read from the message, or null
     */
    synchronized void delivered(byte[] body, int offset, int length, boolean redelivered, String publisherId,
                                Recording recording) {
        deliveries++;
        if (publisherId == null || !PayloadHeader.present(length)) {
            unidentified++;
            return;
        }
        Sequences set;
        if (publisherId.equals(lastPublisher)) {
            set = lastSet;
        } else {
            set = delivered.computeIfAbsent(publisherId, k -> new Sequences());
            lastPublisher = publisherId;
            lastSet = set;
        }
        long seq = PayloadHeader.sequence(PayloadHeader.sequence32(body, offset), recording.lastSent(publisherId));
        if (!set.add(seq)) {
            if (redelivered) {
                repeatedFlagged++;
            } else {
                repeatedUnflagged++;
            }
        }
    }

    /** The run's consumer finished handling a delivery after the run began closing the consumer. */
    synchronized void late() {
        late++;
    }

    synchronized QueueDeliveries snapshot() {
        Map<String, BitSet> sets = new HashMap<>();
        delivered.forEach((k, v) -> sets.put(k, v.bits()));
        return new QueueDeliveries(queue, sets, deliveries, unidentified, repeatedFlagged, repeatedUnflagged, late);
    }
}
