package io.amqpharness.spi;

import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.StreamOffset;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One consumer to open.
 *
 * @param index           0-based consumer number within the run
 * @param connectionName  consumers with the same name share a connection
 * @param queue           queue to consume from
 * @param queueType       that queue's type
 * @param prefetch        unacknowledged messages in flight to this consumer (0.9.1 qos, 1.0 credit);
 *                        empty means unlimited
 * @param autoAck         the broker settles on send (0.9.1 auto-ack, 1.0 pre-settled)
 * @param streamOffset    where a stream consumer starts; empty for the broker's default
 * @param arguments       subscription arguments (0.9.1 {@code basic.consume} arguments)
 * @param polling         fetch messages one by one ({@code basic.get}) instead of subscribing
 * @param pollingInterval with polling, how long to wait after finding the queue empty
 * @param exclusiveQueue  an exclusive queue this consumer declares on its own connection before
 *                        consuming from it; empty when the queue is shared
 */
public record ConsumerSpec(int index, String connectionName, String queue, QueueType queueType,
                           OptionalInt prefetch, boolean autoAck, Optional<StreamOffset> streamOffset,
                           Map<String, Object> arguments, boolean polling, Duration pollingInterval,
                           Optional<TopologyPlan.Queue> exclusiveQueue) {
    public ConsumerSpec {
        arguments = Map.copyOf(arguments);
    }
}
