package io.amqpharness.junit;

import java.net.URI;
import java.util.Optional;
import org.testcontainers.rabbitmq.RabbitMQContainer;
import org.testcontainers.utility.DockerImageName;

/** Starts a throwaway broker with Testcontainers. Kept apart so the class loads only with Docker. */
final class Containers {
    static final String PLUGINS = "rabbitmq_management,rabbitmq_prometheus,rabbitmq_stream,rabbitmq_amqp1_0";

    private Containers() {
    }

    static RabbitMQBroker start(String image) {
        RabbitMQContainer container = new RabbitMQContainer(DockerImageName.parse(image)
                .asCompatibleSubstituteFor("rabbitmq"))
                .withEnv("RABBITMQ_ENABLED_PLUGINS", PLUGINS);
        container.start();
        String uri = "amqp://guest:guest@" + container.getHost() + ":" + container.getAmqpPort() + "/%2F";
        try {
            return BrokerExtension.probe(uri, BrokerSource.CONTAINER,
                    Optional.of(URI.create(container.getHttpUrl())), container::stop);
        } catch (RuntimeException e) {
            container.stop();
            throw e;
        }
    }
}
