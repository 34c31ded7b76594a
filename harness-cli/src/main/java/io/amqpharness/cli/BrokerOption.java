package io.amqpharness.cli;

import io.amqpharness.containers.Brokers;
import io.amqpharness.containers.StartedBroker;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.HarnessException;
import java.io.PrintWriter;
import java.util.Optional;

/**
 * {@code --broker container[:IMAGE]}: a throwaway RabbitMQ started with Testcontainers for the
 * run and stopped after it. Needs a Docker engine.
 */
final class BrokerOption implements AutoCloseable {
    static final String PREFIX = "container";

    private final Optional<StartedBroker> started;

    private BrokerOption(Optional<StartedBroker> started) {
        this.started = started;
    }

    /**
     * Starts the broker the option names, if any.
     *
     * @param spec {@code container}, {@code container:IMAGE}, or null for none
     * @throws HarnessException with one sentence when Docker is missing or the container fails
     */
    static BrokerOption start(String spec, PrintWriter out) {
        if (spec == null) {
            return new BrokerOption(Optional.empty());
        }
        String image = spec.length() > PREFIX.length() ? spec.substring(PREFIX.length() + 1) : Brokers.DEFAULT_IMAGE;
        if (!Brokers.dockerAvailable()) {
            throw new HarnessException("--broker " + spec + " needs a Docker engine, and none answers (DOCKER_HOST "
                    + "is unset and there is no /var/run/docker.sock); start Docker, or run against a broker with --uri.");
        }
        out.println("Starting a throwaway broker from " + image + " ...");
        out.flush();
        try {
            StartedBroker broker = Brokers.startContainer(image);
            out.println("Broker " + broker.product() + " " + broker.version() + " is up; it is removed after the run.");
            return new BrokerOption(Optional.of(broker));
        } catch (RuntimeException e) {
            throw new HarnessException("--broker " + spec + ": " + e.getMessage() + ".", e);
        }
    }

    /** True for {@code container} and {@code container:IMAGE}. */
    static boolean valid(String spec) {
        return spec.equals(PREFIX) || spec.startsWith(PREFIX + ":") && spec.length() > PREFIX.length() + 1;
    }

    /**
     * The scenario pointed at the started broker, or unchanged. The container's ports are mapped, so
     * its broker metrics are read from its mapped management port rather than derived from the AMQP port.
     */
    Scenario apply(Scenario scenario) {
        return started.map(b -> {
            Scenario.Builder builder = scenario.toBuilder().uri(b.uri());
            if (scenario.run().brokerMetrics().equals(io.amqpharness.scenario.BrokerMetrics.DERIVED)) {
                b.managementUri().ifPresent(u -> builder.brokerMetrics(u.toString()));
            }
            return builder.build();
        }).orElse(scenario);
    }

    @Override
    public void close() {
        started.ifPresent(b -> {
            try {
                b.close();
            } catch (Exception e) {
                // the container is gone with the JVM at worst
            }
        });
    }
}
