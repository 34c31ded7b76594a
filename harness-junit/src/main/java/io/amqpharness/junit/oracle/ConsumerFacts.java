package io.amqpharness.junit.oracle;

import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.StreamOffset;
import java.util.Optional;

/**
 * One consumer the run started, as the oracle saw it at the driver boundary.
 *
 * @param queue             the queue it consumed from
 * @param queueType         that queue's type
 * @param autoAck           the broker settled each delivery as it sent it
 * @param streamOffset      where a stream consumer started; empty for the broker's default
 * @param startedAfterSends it started after the run's first send
 */
public record ConsumerFacts(String queue, QueueType queueType, boolean autoAck, Optional<StreamOffset> streamOffset,
                            boolean startedAfterSends) {
}
