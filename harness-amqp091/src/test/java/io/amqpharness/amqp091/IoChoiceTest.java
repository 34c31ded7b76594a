package io.amqpharness.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.DriverSettings;
import org.junit.jupiter.api.Test;

/** The driver's automatic choice of I/O, as its facts report it (no connection is opened). */
class IoChoiceTest {

    @Test
    void athousandPublishersThatSendKeepBlockingIo() {
        assertThat(io(Scenario.builder().producers(1_000).consumers(1).rate(10).build()))
                .isEqualTo("blocking, a thread per connection");
    }

    @Test
    void idleConnectionsAboveAThousandShareNioThreads() {
        assertThat(io(Scenario.builder().producers(1).consumers(1).idleConnections(1_000).build()))
                .isEqualTo("nio, 2 threads shared");
        assertThat(io(Scenario.builder().producers(2_000).consumers(0).rate(0).build()))
                .as("publishers at -r 0").isEqualTo("nio, 2 threads shared");
    }

    @Test
    void theNumberGivenWins() {
        assertThat(io(Scenario.builder().producers(1_000).consumers(1).rate(10).nioThreads(3).build()))
                .isEqualTo("nio, 3 threads shared");
    }

    private static String io(Scenario s) {
        ProtocolDriver d = new Amqp091DriverProvider().create(DriverSettings.of(s, "io-choice"));
        try {
            return d.facts().get("io");
        } finally {
            d.close();
        }
    }
}
