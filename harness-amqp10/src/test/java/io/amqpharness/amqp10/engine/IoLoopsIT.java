package io.amqpharness.amqp10.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.Await;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.scenario.BrokerUri;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Many plain AMQP 1.0 connections share the few selector threads (a dropped one: {@link IoLoopsOnRabbitMQ4IT}).
 * Isolated: it counts the JVM's I/O loops, which the other classes' connections share.
 */
@org.junit.jupiter.api.parallel.Isolated
@WithRabbitMQ
class IoLoopsIT {
    private final RabbitMQBroker broker;

    IoLoopsIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    private static long ioThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("harness-amqp10-io-") || t.getName().startsWith("harness-amqp10-tls-"))
                .count();
    }

    @Test
    void twoHundredConnectionsUseTheSharedLoopsAndLetThemGoWhenClosed() throws Exception {
        BrokerUri uri = BrokerUri.parse(broker.uri()).orElseThrow();
        List<EngineConnection> open = new ArrayList<>();
        try {
            for (int i = 0; i < 200; i++) {
                open.add(EngineConnection.open("it-loops-" + i, uri, Optional.empty(), 10_000));
            }
            assertThat(ioThreads()).isLessThanOrEqualTo(IoLoops.THREADS);
            assertThat(IoLoops.running()).isEqualTo(IoLoops.THREADS);
            // Every connection still works: each answers after a tick (the broker's open frame arrived already).
            for (EngineConnection c : open) {
                assertThat(c.failure()).isNull();
                assertThat(c.remoteProperties()).isNotNull();
            }
        } finally {
            for (EngineConnection c : open) {
                c.close(5_000);
            }
        }
        Await.until("every I/O loop stopped once its connections closed", Duration.ofSeconds(5),
                () -> IoLoops.running() == 0);
    }
}
