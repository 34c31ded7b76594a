package io.amqpharness.junit;

import io.amqpharness.containers.Brokers;
import io.amqpharness.containers.StartedBroker;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Supplies a {@link RabbitMQBroker} to test methods and constructors that declare one. The broker
 * is found once per test run, in this order:
 * <ol>
 *   <li>{@code RABBITMQ_URI} (environment variable or system property), used as it is;</li>
 *   <li>a broker already listening on {@code localhost:5672} (guest/guest);</li>
 *   <li>a Testcontainers {@code RabbitMQContainer} when Docker is available (image:
 *       {@code RABBITMQ_IMAGE}, else {@code HARNESS_RABBITMQ_IMAGE}, else {@value Brokers#DEFAULT_IMAGE}),
 *       with the stream, AMQP 1.0, management and Prometheus plugins; removed at the end of the test run;</li>
 *   <li>otherwise the test is skipped, with a message saying why.</li>
 * </ol>
 * Register it with {@link WithRabbitMQ} (or {@code @ExtendWith(BrokerExtension.class)}). Tests marked
 * {@link WithRabbitMQ4} (on the method, the class or a superclass) get a RabbitMQ 4.x broker instead,
 * found as that annotation describes; tests marked {@link WithRabbitMQContainer} always get a
 * throwaway container.
 */
public final class BrokerExtension implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(BrokerExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
        return parameter.getParameter().getType() == RabbitMQBroker.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
        boolean four = isAnnotated(extension, WithRabbitMQ4.class);
        boolean container = isAnnotated(extension, WithRabbitMQContainer.class);
        String key = (container ? "container" : "broker") + (four ? "4" : "");
        Resolution r = extension.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(key,
                k -> container ? resolveContainer(four) : four ? resolve4() : resolve(), Resolution.class);
        if (r.failure != null) {
            throw new ParameterResolutionException(r.failure);
        }
        if (r.broker == null) {
            Assumptions.abort(r.skipReason);
        }
        if (four && r.broker.majorVersion() < 4) {
            throw new ParameterResolutionException("@WithRabbitMQ4 needs RabbitMQ 4.x, but the broker at "
                    + Brokers.redact(r.broker.uri()) + " (" + r.broker.source().name().toLowerCase(Locale.ROOT)
                    + ") is RabbitMQ " + r.broker.version());
        }
        return r.broker;
    }

    /** The broker found, or why there is none (a skip) or why it failed; closing it removes an owned container. */
    static final class Resolution implements AutoCloseable {
        final RabbitMQBroker broker;
        final String skipReason;
        final String failure;

        Resolution(RabbitMQBroker broker, String skipReason, String failure) {
            this.broker = broker;
            this.skipReason = skipReason;
            this.failure = failure;
        }

        static Resolution skip(String reason) {
            return new Resolution(null, reason, null);
        }

        @Override
        public void close() throws Exception {
            if (broker != null) {
                broker.close();
            }
        }
    }

    private static boolean isAnnotated(ExtensionContext extension, Class<? extends java.lang.annotation.Annotation> a) {
        return extension.getTestMethod().map(m -> AnnotationSupport.isAnnotated(m, a)).orElse(false)
                || extension.getTestClass().map(c -> AnnotationSupport.isAnnotated(c, a)).orElse(false);
    }

    static Resolution resolve4() {
        String configured = setting("RABBITMQ4_URI");
        if (configured != null && !configured.isBlank()) {
            String api = setting("RABBITMQ4_MANAGEMENT_URI");
            return found(Brokers.probe(configured, Optional.ofNullable(api).filter(a -> !a.isBlank()).map(URI::create),
                    null), BrokerSource.ENVIRONMENT);
        }
        if (Brokers.listening("localhost", WithRabbitMQ4.LOCAL_AMQP_PORT)) {
            try {
                return found(Brokers.probe("amqp://guest:guest@localhost:" + WithRabbitMQ4.LOCAL_AMQP_PORT + "/%2F",
                        Brokers.managementAt("localhost", WithRabbitMQ4.LOCAL_MANAGEMENT_PORT), null), BrokerSource.LOCAL);
            } catch (RuntimeException e) {
                return Resolution.skip("A broker listens on localhost:" + WithRabbitMQ4.LOCAL_AMQP_PORT
                        + " but the AMQP handshake failed (" + e.getMessage() + "); set RABBITMQ4_URI.");
            }
        }
        if (Brokers.dockerAvailable()) {
            return resolveContainer(true);
        }
        return Resolution.skip("No RabbitMQ 4 broker: RABBITMQ4_URI is not set, nothing listens on localhost:"
                + WithRabbitMQ4.LOCAL_AMQP_PORT + " (scripts/rabbitmq4.sh start runs one), and "
                + Brokers.dockerProblem().orElse("Docker is not available") + ".");
    }

    static Resolution resolve() {
        String configured = setting("RABBITMQ_URI");
        if (configured != null && !configured.isBlank()) {
            return found(Brokers.probe(configured, Optional.empty(), null), BrokerSource.ENVIRONMENT);
        }
        if (Brokers.listening("localhost", 5672)) {
            try {
                return found(Brokers.probe("amqp://guest:guest@localhost:5672/%2F",
                        Brokers.managementAt("localhost", 15672), null), BrokerSource.LOCAL);
            } catch (RuntimeException e) {
                return Resolution.skip("A broker listens on localhost:5672 but the AMQP handshake failed ("
                        + e.getMessage() + "); set RABBITMQ_URI.");
            }
        }
        if (Brokers.dockerAvailable()) {
            return resolveContainer(false);
        }
        return Resolution.skip("No RabbitMQ broker: RABBITMQ_URI is not set, nothing listens on localhost:5672, and "
                + Brokers.dockerProblem().orElse("Docker is not available") + ".");
    }

    /**
     * A throwaway container: skipped with a sentence without Docker or the image, failed with one
     * when it never becomes ready.
     */
    static Resolution resolveContainer(boolean four) {
        String image = four ? firstSet("RABBITMQ4_IMAGE", Brokers.IMAGE_SETTING).orElse(WithRabbitMQ4.DEFAULT_IMAGE)
                : firstSet("RABBITMQ_IMAGE").orElse(Brokers.defaultImage());
        Optional<String> problem = Brokers.imageProblem(image);
        if (problem.isPresent()) {
            return Resolution.skip("A throwaway RabbitMQ container is needed, but " + problem.get() + ".");
        }
        try {
            return found(Brokers.startContainer(image), BrokerSource.CONTAINER);
        } catch (RuntimeException e) {
            return new Resolution(null, null, "Could not start a throwaway RabbitMQ: " + e.getMessage() + ".");
        }
    }

    private static Optional<String> firstSet(String... names) {
        for (String name : names) {
            String v = setting(name);
            if (v != null && !v.isBlank()) {
                return Optional.of(v.strip());
            }
        }
        return Optional.empty();
    }

    private static Resolution found(StartedBroker broker, BrokerSource source) {
        return new Resolution(new RabbitMQBroker(broker, source), null, null);
    }

    private static String setting(String name) {
        String v = System.getProperty(name);
        return v != null ? v : System.getenv(name);
    }
}
