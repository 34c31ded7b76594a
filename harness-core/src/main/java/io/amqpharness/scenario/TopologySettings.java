package io.amqpharness.scenario;

import java.util.Optional;

/**
 * What the run publishes to and consumes from. Part of a validated {@link Scenario}.
 *
 * @param queueType   type of the queue the run declares; default classic
 * @param queue       queue name; empty means a generated name {@code harness-<run id>}
 * @param exchange    exchange publishers send to; the empty string is the default exchange
 *                    (spelled {@code amq.default} on the command line)
 * @param routingKey  routing key and binding key; empty means the queue name
 * @param predeclared use existing topology: declare nothing, delete nothing
 * @param keep        keep what the run declared instead of deleting it at the end
 * @param addressFormat AMQP 1.0 address format; default {@link AddressFormat#AUTO}
 */
public record TopologySettings(
        QueueType queueType,
        Optional<String> queue,
        String exchange,
        Optional<String> routingKey,
        boolean predeclared,
        boolean keep,
        AddressFormat addressFormat) {

    public boolean defaultExchange() {
        return exchange.isEmpty();
    }
}
