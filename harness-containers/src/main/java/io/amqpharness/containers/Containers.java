package io.amqpharness.containers;

import java.net.URI;
import java.util.Optional;
import org.testcontainers.rabbitmq.RabbitMQContainer;
import org.testcontainers.utility.DockerImageName;

/** The Testcontainers part, kept apart so that it loads only when Docker is there. */
final class Containers {
    private Containers() {
    }

    static StartedBroker start(String image) {
        RabbitMQContainer container = new RabbitMQContainer(DockerImageName.parse(image)
                .asCompatibleSubstituteFor("rabbitmq"))
                .withEnv("RABBITMQ_ENABLED_PLUGINS", Brokers.PLUGINS);
        try {
            container.start();
        } catch (RuntimeException e) {
            throw new IllegalStateException("the " + image + " container did not start: " + e.getMessage(), e);
        }
        String uri = "amqp://guest:guest@" + container.getHost() + ":" + container.getAmqpPort() + "/%2F";
        try {
            return Brokers.probe(uri, Optional.of(URI.create(container.getHttpUrl())), container::stop);
        } catch (RuntimeException e) {
            container.stop();
            throw e;
        }
    }
}
