package io.amqpharness.run;

import io.amqpharness.spi.ProtocolDriver;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What of the sequences missing at the end the run can count as lost. A sequence missing below
 * what a queue's consumers received may still be in that queue: competing consumers that close
 * holding prefetched messages return them to it, below what the other consumer received. The
 * harness reads a queue's depth, not which messages it holds, so of a queue's missing sequences it
 * counts as lost only those its depth cannot hold: {@code max(0, missing - left)} per queue. A
 * queue that is empty at the end (the common case) keeps every missing sequence lost, exactly.
 * Streams keep their messages and are not read this way.
 *
 * @param lost     missing sequences that cannot be in the queues: the run's {@code lost}
 * @param missing  sequences missing below the highest received, over every queue
 * @param mayBeLeft missing sequences that may still be in the queues: not known to be lost
 */
record LossInQueues(long lost, long missing, long mayBeLeft) {

    /**
     * @param missingByQueue missing sequences by queue (a queue's consumers share one checker)
     * @param depthByQueue   each queue's depth at the end, read once its total settled; a queue
     *                       without one falls back on the total
     * @param leftInQueues   the settled total depth of the queues, empty when not known
     */
    static LossInQueues of(Map<String, Long> missingByQueue, Map<String, OptionalLong> depthByQueue,
                           OptionalLong leftInQueues) {
        long missing = missingByQueue.values().stream().mapToLong(Long::longValue).sum();
        if (missing == 0 || leftInQueues.isEmpty() || leftInQueues.getAsLong() == 0) {
            return new LossInQueues(missing, missing, 0);
        }
        boolean everyDepth = missingByQueue.keySet().stream()
                .allMatch(q -> depthByQueue.getOrDefault(q, OptionalLong.empty()).isPresent());
        long mayBeLeft;
        if (everyDepth) {
            mayBeLeft = missingByQueue.entrySet().stream()
                    .mapToLong(e -> Math.min(e.getValue(), depthByQueue.get(e.getKey()).getAsLong())).sum();
        } else {
            mayBeLeft = Math.min(missing, leftInQueues.getAsLong());
        }
        return new LossInQueues(missing - mayBeLeft, missing, mayBeLeft);
    }

    /**
     * Reads each queue's depth, when some missing sequences may be in them, and works out the loss.
     *
     * @param queues       the run's queues
     * @param leftInQueues their settled total depth, empty when not known
     */
    static LossInQueues read(ProtocolDriver driver, List<String> queues, Map<String, Long> missingByQueue,
                             OptionalLong leftInQueues) {
        Map<String, OptionalLong> depths = new HashMap<>();
        if (leftInQueues.isPresent() && leftInQueues.getAsLong() > 0
                && missingByQueue.values().stream().anyMatch(m -> m > 0)) {
            if (queues.size() == 1) {
                depths.put(queues.get(0), leftInQueues);
            } else {
                queues.forEach(q -> depths.put(q, DeliveryDrain.depth(driver, q)));
            }
        }
        return of(missingByQueue, depths, leftInQueues);
    }

    /** For a run whose depth is not read (streams, no queues of its own): every missing sequence is lost. */
    static LossInQueues all(long missing) {
        return new LossInQueues(missing, missing, 0);
    }

    /**
     * What the reader should know: how many missing sequences may still be in the queues, or that
     * the depth is not known; nothing when every missing sequence is lost for sure.
     *
     * @param depthKnown whether the queues' depth was read (false: it never settled, or cannot be read)
     */
    void addNotes(boolean depthKnown, List<String> notes) {
        if (mayBeLeft > 0) {
            notes.add(String.format("%,d sequences were missing below what consumers received, but the queues still "
                    + "held messages at the end: up to %,d of the missing ones may be among them (competing consumers "
                    + "that close return their prefetched messages to the queue), so lost counts only the %,d that "
                    + "cannot be; whether the others were lost is not known.", missing, mayBeLeft, lost));
        } else if (!depthKnown && missing > 0) {
            notes.add(String.format("lost counts the %,d sequences missing below what consumers received, but what is "
                    + "left in the queues is not known: some of them may still be there, so the harness cannot vouch "
                    + "that they were lost.", missing));
        }
    }
}
