package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.Rendezvous;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The stream driver's rendezvous for --barrier, over the 3.10 broker's stream port. */
@WithRabbitMQ
class StreamRendezvousIT {
    private final String uri;

    StreamRendezvousIT(RabbitMQBroker broker) {
        BrokerUri amqp = BrokerUri.parse(broker.uri()).orElseThrow();
        org.junit.jupiter.api.Assumptions.assumeTrue(amqp.port() == 5672, "the 3.10 broker's stream port is 5552");
        this.uri = "rabbitmq-stream://" + amqp.username() + ":" + amqp.password() + "@" + amqp.host() + ":5552/%2F";
    }

    @Test
    void whatOneInstanceAnnouncesReachesEveryInstanceAtTheRendezvousAndTheStreamGoesWithTheRun() throws Exception {
        String name = "it-" + UUID.randomUUID().toString().substring(0, 8);
        Scenario s = Scenario.builder().protocol("stream").uri(uri).build();
        try (StreamDriver a = new StreamDriver(DriverSettings.of(s, "ra"));
             StreamDriver b = new StreamDriver(DriverSettings.of(s, "rb"))) {
            a.connect();
            b.connect();
            try (Rendezvous ra = a.control().rendezvous(name); Rendezvous rb = b.control().rendezvous(name)) {
                long start = System.nanoTime();
                ra.announce("ready a");
                assertThat(rb.next(Duration.ofSeconds(5))).hasValue("ready a");
                assertThat(ra.next(Duration.ofSeconds(5))).as("the sender hears itself").hasValue("ready a");
                long millis = (System.nanoTime() - start) / 1_000_000;
                for (int i = 0; i < 5; i++) {
                    long t = System.nanoTime();
                    ra.announce("ready " + i);
                    assertThat(rb.next(Duration.ofSeconds(5))).hasValue("ready " + i);
                    assertThat(ra.next(Duration.ofSeconds(5))).hasValue("ready " + i);
                }
                rb.announce("go b");
                assertThat(ra.next(Duration.ofSeconds(5))).hasValue("go b");
            }
            a.close();
            try (com.rabbitmq.stream.Environment env = com.rabbitmq.stream.Environment.builder().uri(
                    uri.replace("%2F", "%2f")).addressResolver(x -> new com.rabbitmq.stream.Address("127.0.0.1", 5552))
                    .build()) {
                assertThat(env.streamExists("harness.barrier." + name)).as("deleted when the run ended").isFalse();
            }
        }
    }
}
