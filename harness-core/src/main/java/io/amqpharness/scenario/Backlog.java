package io.amqpharness.scenario;

import java.util.OptionalDouble;

/**
 * A backlog run ({@code --backlog}): publishers fill the run's queues with the consumers held back
 * until the queues hold {@code size}, then the consumers arrive (all at once, or
 * {@code consumerArrival} per second) and drain it, while the publishers stop or keep publishing.
 * The run ends once the backlog has drained, or at {@code --time}, whichever comes first.
 *
 * @param size            how much the queues hold, together, before the consumers arrive
 * @param then            what publishers do while the backlog drains; default
 *                        {@link BacklogThen#KEEP_PUBLISHING}
 * @param consumerArrival consumers (connections) arriving per second once the backlog is reached;
 *                        empty means all at once
 */
public record Backlog(BacklogSize size, BacklogThen then, OptionalDouble consumerArrival) {
}
