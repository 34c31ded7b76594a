package io.amqpharness.broker;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What the broker said about one of the run's queues at one moment. A value the source does not
 * give is empty (for example {@code published} for AMQP 1.0 on RabbitMQ 4.x, which keeps no
 * per-queue message statistics for it, or {@code leader} from a Prometheus endpoint).
 *
 * @param name        the queue's name
 * @param ready       messages ready for delivery
 * @param unacked     messages delivered and not yet acknowledged
 * @param published   messages published into the queue since it was created (a counter of the broker)
 * @param delivered   deliveries from the queue since it was created, redeliveries and gets included
 * @param publishRate messages per second published into the queue, as the broker averaged it
 * @param deliverRate deliveries per second, as the broker averaged it
 * @param leader      the node leading a quorum queue (or hosting a classic queue)
 */
public record QueueSample(String name, OptionalLong ready, OptionalLong unacked, OptionalLong published,
                          OptionalLong delivered, OptionalDouble publishRate, OptionalDouble deliverRate,
                          Optional<String> leader) {

    /** Ready plus unacknowledged messages, if both are known. */
    public OptionalLong depth() {
        return ready.isPresent() && unacked.isPresent()
                ? OptionalLong.of(ready.getAsLong() + unacked.getAsLong()) : OptionalLong.empty();
    }
}
