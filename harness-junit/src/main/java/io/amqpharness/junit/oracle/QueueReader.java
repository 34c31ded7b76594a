package io.amqpharness.junit.oracle;

import io.amqpharness.scenario.QueueType;
import java.util.Set;
import java.util.function.ToLongFunction;

/** Reads what a queue holds after a run; {@link BrokerReader} over AMQP 0.9.1, or a fake in tests. */
interface QueueReader {

    /**
     * @param lastSent     per publisher identity, its highest sequence sent (to restore full sequences)
     * @param publisherIds the run's publisher identities
     * @param own          messages of this run the queue may hold at most (sent and not refused): a
     *                     stream reader that has found that many stops without waiting for silence
     */
    QueueHoldings read(String queue, QueueType type, ToLongFunction<String> lastSent, Set<String> publisherIds,
                       long own);
}
