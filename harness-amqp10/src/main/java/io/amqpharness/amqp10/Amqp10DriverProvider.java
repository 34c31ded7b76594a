package io.amqpharness.amqp10;

import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.Problems;
import io.amqpharness.scenario.ProtocolTraits;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.Setting;
import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.ProtocolDriver;

/**
 * Registers the AMQP 1.0 driver under the id {@code amqp10}.
 *
 * <p>How the scenario's options map to AMQP 1.0 (see {@code docs/amqp10.md}):
 * <ul>
 *   <li>{@code --confirm N}: unsettled sends, at most N awaiting their outcome; without it,
 *       pre-settled sends.</li>
 *   <li>{@code --qos N}: the consumer's link credit window (default
 *       {@value LinkCredit#DEFAULT_CREDIT_WINDOW}).</li>
 *   <li>{@code --autoack}: the broker sends pre-settled deliveries.</li>
 *   <li>{@code --multi-ack-every N}, {@code --ack-timeout T}: when accepts go out (one disposition
 *       per delivery: AMQP 1.0 clients here cannot settle ranges).</li>
 *   <li>{@code --flag mandatory}: rejected; AMQP 1.0 has no such flag.</li>
 *   <li>{@code --random-routing-key}: each message's key travels in {@code subject}, to the exchange's address.</li>
 *   <li>{@code --tx-size}, {@code --polling}, {@code --exclusive}, {@code --consumer-args}: rejected; they are
 *       AMQP 0.9.1 features.</li>
 * </ul>
 */
public final class Amqp10DriverProvider implements DriverProvider {
    /** The driver id. */
    public static final String ID = "amqp10";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "AMQP 1.0 with the org.apache.qpid:protonj2 engine (RabbitMQ 3.x plugin or 4.x native)";
    }

    @Override
    public void validate(Scenario scenario, Problems problems) {
        if (scenario.publishing().txSize().isPresent()) {
            problems.add(Setting.TX_SIZE, "%s only applies to --protocol amqp091: RabbitMQ does not support AMQP 1.0 "
                    + "transactions; use --confirm for the broker's verdict");
        }
        if (scenario.consuming().polling()) {
            problems.add(Setting.POLLING, "%s only applies to --protocol amqp091 (basic.get); AMQP 1.0 consumers "
                    + "use link credit");
        }
        if (scenario.topology().exclusive()) {
            problems.add(Setting.EXCLUSIVE, "%s only applies to --protocol amqp091: an exclusive queue belongs to the "
                    + "AMQP 0.9.1 connection that declares it");
        }
        if (!scenario.consuming().consumerArguments().isEmpty()) {
            problems.add(Setting.CONSUMER_ARGS, "%s only applies to --protocol amqp091 (basic.consume arguments)");
        }
        if (scenario.publishing().shape().routingKeys().isPresent()
                && scenario.publishing().properties().type().isPresent()) {
            problems.add(Setting.MESSAGE_PROPERTIES, "%s type cannot be used with --routing-keys and "
                    + "--protocol amqp10: both travel in the message's subject");
        }
        if (scenario.topology().randomRoutingKey() && scenario.publishing().properties().type().isPresent()) {
            problems.add(Setting.MESSAGE_PROPERTIES, "%s type cannot be used with --random-routing-key and "
                    + "--protocol amqp10: both travel in the message's subject");
        }
        if (scenario.publishing().flags().contains(MessageFlag.MANDATORY)) {
            problems.add(Setting.FLAG, "%s mandatory only applies to --protocol amqp091; AMQP 1.0 has no mandatory "
                    + "flag (RabbitMQ 4 settles unroutable messages as released, which the run counts, and 3.x "
                    + "accepts and drops them); drop it");
        }
    }

    /** AMQP's defaults; RabbitMQ 4 keeps no per-queue message statistics for AMQP 1.0 traffic. */
    @Override
    public ProtocolTraits traits() {
        return ProtocolTraits.AMQP.withQueueStatisticsOnRabbitMQ4(false);
    }

    @Override
    public ProtocolDriver create(DriverSettings settings) {
        return new Amqp10Driver(settings);
    }
}
