package io.amqpharness.spi;

import io.amqpharness.scenario.Problems;
import io.amqpharness.scenario.ProtocolTraits;
import io.amqpharness.scenario.Scenario;

/**
 * Entry point of a protocol module, found with {@link java.util.ServiceLoader} under a stable id.
 * Implementations are stateless and thread-safe.
 */
public interface DriverProvider {

    /** The stable id users pass to {@code --protocol}, for example {@code amqp091}. */
    String id();

    /** One line for {@code --help}: what the driver speaks and with which client. */
    String description();

    /**
     * Adds a problem for each setting this protocol cannot honour (for example an option that
     * exists only in another protocol). Called once the protocol-neutral checks passed. Default:
     * none (the protocol honours every setting).
     */
    default void validate(Scenario scenario, Problems problems) {
    }

    /**
     * What this protocol is for the scenario's defaults and the core's checks: its default address, whether it
     * reads streams only, whether its consumers settle, and so on. Called once per class loader, when the
     * first scenario is built. Default: {@link ProtocolTraits#AMQP}.
     */
    default ProtocolTraits traits() {
        return ProtocolTraits.AMQP;
    }

    /** Creates a driver for one run. Opens no connection yet. */
    ProtocolDriver create(DriverSettings settings);

    /**
     * Creates a driver for one run of {@code context}'s scenario.
     *
     * @deprecated use {@link #create(DriverSettings)}; this delegates to it
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default ProtocolDriver create(DriverContext context) {
        return create(context.settings());
    }
}
