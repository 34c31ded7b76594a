package io.amqpharness.amqp091;

import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.Problems;
import io.amqpharness.scenario.ProtocolTraits;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.Setting;
import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.ProtocolDriver;

/** Registers the AMQP 0.9.1 driver under the id {@code amqp091}. */
public final class Amqp091DriverProvider implements DriverProvider {
    /** The driver id. */
    public static final String ID = "amqp091";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "AMQP 0.9.1 with com.rabbitmq:amqp-client";
    }

    @Override
    public void validate(Scenario scenario, Problems problems) {
        if (scenario.topology().addressFormat() != AddressFormat.AUTO) {
            problems.add(Setting.ADDRESS_FORMAT, "%s only applies to --protocol amqp10; AMQP 0.9.1 has no addresses");
        }
    }

    /** AMQP's defaults, with direct reply-to. */
    @Override
    public ProtocolTraits traits() {
        return ProtocolTraits.AMQP.withDirectReplyTo(true);
    }

    @Override
    public ProtocolDriver create(DriverSettings settings) {
        return new Amqp091Driver(settings);
    }
}
