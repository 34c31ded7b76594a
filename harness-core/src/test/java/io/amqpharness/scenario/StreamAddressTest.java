package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** Stream protocol addresses: their default ports, and the broker metrics found beside them. */
class StreamAddressTest {

    @Test
    void streamAddressesDefaultToTheStreamPorts() {
        assertThat(BrokerUri.parse("rabbitmq-stream://h").orElseThrow().port()).isEqualTo(5552);
        assertThat(BrokerUri.parse("rabbitmq-stream+tls://h").orElseThrow().port()).isEqualTo(5551);
        assertThat(BrokerUri.parse("rabbitmq-stream+tls://h").orElseThrow().tls()).isTrue();
        assertThat(BrokerUri.parse("RABBITMQ-STREAM://h").orElseThrow().stream()).isTrue();
        assertThat(BrokerUri.parse("amqps://h").orElseThrow().stream()).isFalse();
    }

    @Test
    void brokerMetricsOfAStreamAddressAreBesideItsAmqpPort() {
        BrokerUri local = BrokerUri.parse("rabbitmq-stream://guest:secret@localhost:5552/%2F").orElseThrow();
        assertThat(BrokerMetrics.derivedManagement(local)).isEqualTo(URI.create("http://localhost:15672/api"));
        assertThat(BrokerMetrics.derivedPrometheus(local)).isEqualTo(URI.create("http://localhost:15692/metrics"));
        BrokerUri four = BrokerUri.parse("rabbitmq-stream://localhost:5553").orElseThrow();
        assertThat(BrokerMetrics.derivedManagement(four)).isEqualTo(URI.create("http://localhost:15673/api"));
        BrokerUri tls = BrokerUri.parse("rabbitmq-stream+tls://node-1").orElseThrow();
        assertThat(BrokerMetrics.derivedManagement(tls)).isEqualTo(URI.create("https://node-1:15671/api"));
    }
}
