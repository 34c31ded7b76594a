package io.amqpharness.scenario;

import java.util.Map;
import java.util.Optional;

/**
 * What the run publishes to and consumes from. Part of a validated {@link Scenario}.
 *
 * @param queueType        type of the queues the run declares: {@code classic}, {@code quorum} or
 *                         {@code stream}; default classic
 * @param queues           which queues: one generated name (default), named ones ({@code --queue}) or a
 *                         pattern ({@code --queue-pattern})
 * @param durable          queues survive a broker restart (not {@code --transient-queue}); default true (quorum queues and streams
 *                         always are)
 * @param autoDelete       queues are deleted when their last consumer goes; default false
 * @param exclusive        each queue belongs to the consumer connection that declares it; default false
 * @param queueArguments   {@code x-} arguments of the declared queues ({@code --queue-args}), the
 *                         shortcut options merged in
 * @param exchange         exchange publishers send to ({@code --exchange}); the empty string is the default exchange
 *                         (spelled {@code amq.default} on the command line)
 * @param exchangeType     type of the exchange if the run declares it: {@code direct},
 *                         {@code fanout}, {@code topic} or {@code headers}; default direct
 * @param routingKey       routing key; empty means each publisher's queue name
 * @param randomRoutingKey a random routing key per message, drawn from a pool of 1,000
 * @param bindingKey       key queues are bound with; empty means the routing key, or each queue's name
 * @param bindingArguments binding arguments (for a headers exchange: {@code x-match} and header values)
 * @param predeclared      use existing topology: declare nothing, delete nothing
 * @param keep             keep what the run declared instead of deleting it at the end
 * @param addressFormat    AMQP 1.0 address format; {@code auto}, {@code v1} or {@code v2}; default
 *                         {@code auto}
 */
public record TopologySettings(
        @FilledFrom(Setting.QUEUE_TYPE) QueueType queueType,
        QueueSelection queues,
        boolean durable,
        @FilledFrom(Setting.AUTO_DELETE) boolean autoDelete,
        @FilledFrom(Setting.EXCLUSIVE) boolean exclusive,
        Map<String, Object> queueArguments,
        String exchange,
        @FilledFrom(Setting.EXCHANGE_TYPE) ExchangeType exchangeType,
        @FilledFrom(Setting.ROUTING_KEY) Optional<String> routingKey,
        @FilledFrom(Setting.RANDOM_ROUTING_KEY) boolean randomRoutingKey,
        @FilledFrom(Setting.BINDING_KEY) Optional<String> bindingKey,
        @FilledFrom(Setting.BINDING_ARGS) Map<String, Object> bindingArguments,
        @FilledFrom(Setting.PREDECLARED) boolean predeclared,
        @FilledFrom(Setting.KEEP_TOPOLOGY) boolean keep,
        @FilledFrom(Setting.ADDRESS_FORMAT) AddressFormat addressFormat) {

    public TopologySettings {
        queueArguments = Map.copyOf(queueArguments);
        bindingArguments = Map.copyOf(bindingArguments);
    }

    public boolean defaultExchange() {
        return exchange.isEmpty();
    }
}
