package io.amqpharness.cli;

import io.amqpharness.HarnessException;
import io.amqpharness.containers.Brokers;
import io.amqpharness.containers.StartedBroker;
import io.amqpharness.scenario.Scenario;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code --broker container[:IMAGE]}: a throwaway RabbitMQ started with Testcontainers for the
 * run (IMAGE, else {@code HARNESS_RABBITMQ_IMAGE}, else the official image), its ports on
 * 127.0.0.1 only, and removed after it, also after Ctrl-C. Needs a Docker engine.
 */
final class BrokerOption implements AutoCloseable {
    static final String PREFIX = "container";

    private final Optional<StartedBroker> started;

    private BrokerOption(Optional<StartedBroker> started) {
        this.started = started;
    }

    /**
     * At JVM exit (Ctrl-C), how long the container outlives the shutdown: the run drains and prints
     * its summary first (the session waits up to 60 s for that), then the container is removed.
     */
    static final Duration EXIT_GRACE = Duration.ofSeconds(70);

    /**
     * Starts the broker the option names, if any.
     *
     * @param spec {@code container}, {@code container:IMAGE}, or null for none
     * @throws HarnessException with one sentence when Docker is missing, the image is not there and
     *                          cannot be pulled, or the broker never becomes ready
     */
    static BrokerOption start(String spec, PrintWriter out) {
        if (spec == null) {
            return new BrokerOption(Optional.empty());
        }
        quietTestcontainers();
        String image = spec.length() > PREFIX.length() ? spec.substring(PREFIX.length() + 1) : Brokers.defaultImage();
        Optional<String> problem = Brokers.dockerProblem();
        if (problem.isPresent()) {
            throw new HarnessException("--broker " + spec + " cannot start a container: " + problem.get()
                    + "; or run against a broker with --uri.");
        }
        out.println("Starting a throwaway broker from " + image + " ...");
        out.flush();
        try {
            StartedBroker broker = Brokers.startContainer(image, EXIT_GRACE);
            out.println("Broker " + broker.product() + " " + broker.version() + " is up on "
                    + Brokers.redact(broker.uri()) + "; it is removed after the run.");
            return new BrokerOption(Optional.of(broker));
        } catch (RuntimeException e) {
            throw new HarnessException("--broker " + spec + ": " + e.getMessage() + ".", e);
        }
    }

    /**
     * Testcontainers logs a failed start with stack traces, and the harness says it in one sentence:
     * its loggers speak only with {@code --verbose} (which sets the default level to info).
     */
    private static void quietTestcontainers() {
        if ("error".equals(System.getProperty("org.slf4j.simpleLogger.defaultLogLevel"))) {
            for (String logger : new String[] {"tc", "org.testcontainers", "com.github.dockerjava"}) {
                System.setProperty("org.slf4j.simpleLogger.log." + logger, "off");
            }
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
            if (scenario.run().brokerMetrics().enabled() && scenario.run().brokerMetrics().url().isEmpty()) {
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
                // the shutdown hook removes it at JVM exit at the latest
            }
        });
    }
}
