package io.amqpharness.stream;

import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.Problems;
import io.amqpharness.scenario.ProtocolTraits;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.Setting;
import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.ProtocolDriver;

/** Registers the RabbitMQ stream protocol driver under the id {@code stream}. */
public final class StreamDriverProvider implements DriverProvider {
    /** The driver id. */
    public static final String ID = "stream";
    private static final ProtocolTraits TRAITS = new ProtocolTraits("rabbitmq-stream://localhost:5552", true, false,
            false, true);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "RabbitMQ's stream protocol with com.rabbitmq:stream-client";
    }

    @Override
    public void validate(Scenario scenario, Problems problems) {
        if (scenario.topology().queueType() != QueueType.STREAM) {
            problems.add(Setting.QUEUE_TYPE, "%s %s does not fit %s stream, which reads and writes streams only; "
                    + "leave %1$s out", scenario.topology().queueType().toString().toLowerCase(java.util.Locale.ROOT),
                    problems.name(Setting.PROTOCOL));
        }
        if (!scenario.topology().exchange().isEmpty()) {
            problems.add(Setting.EXCHANGE, "%s does not apply to %s stream: publishers write to the stream itself",
                    problems.name(Setting.PROTOCOL));
        }
        if (scenario.topology().addressFormat() != AddressFormat.AUTO) {
            problems.add(Setting.ADDRESS_FORMAT, "%s only applies to --protocol amqp10");
        }
        if (scenario.publishing().txSize().isPresent()) {
            problems.add(Setting.TX_SIZE, "%s is AMQP 0.9.1 only; the stream protocol confirms every message");
        }
        if (scenario.consuming().polling()) {
            problems.add(Setting.POLLING, "%s is AMQP 0.9.1 only; stream consumers are always subscribed");
        }
        if (scenario.consuming().requestReply().isPresent()) {
            problems.add(Setting.REQUEST_REPLY, "%s does not apply to %s stream", problems.name(Setting.PROTOCOL));
        }
        var shape = scenario.publishing().shape();
        if (shape.routingKeys().isPresent()) {
            problems.add(Setting.ROUTING_KEYS, "%s does not apply to %s stream: publishers write to the stream itself, "
                    + "with no routing key", problems.name(Setting.PROTOCOL));
        }
        if (shape.priorities().isPresent()) {
            problems.add(Setting.PRIORITY, "%s does not apply to %s stream: a stream keeps messages in the order "
                    + "written, whatever their priority", problems.name(Setting.PROTOCOL));
        }
        if (shape.ttls().isPresent()) {
            problems.add(Setting.MESSAGE_TTL, "%s does not apply to %s stream: a stream drops messages by its "
                    + "retention (--max-age, --max-length-bytes), not per message", problems.name(Setting.PROTOCOL));
        }
        if (!shape.headers().isEmpty()) {
            problems.add(Setting.HEADER, "%s does not apply to %s stream yet: its messages carry only the "
                    + "filter value (--filter-values) as an application property; use --protocol amqp10 to write "
                    + "varied headers to a stream", problems.name(Setting.PROTOCOL));
        }
    }

    /**
     * The stream port ({@code rabbitmq-stream://localhost:5552}), streams only, and consumers that settle
     * nothing (a stream keeps its messages; a consumer's credit counts chunks).
     */
    @Override
    public ProtocolTraits traits() {
        return TRAITS;
    }

    @Override
    public ProtocolDriver create(DriverSettings settings) {
        return new StreamDriver(settings);
    }
}
