package io.amqpharness.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How a port's first answer is read; the real brokers' ports are in StreamCliTest. */
class PortProbeTest {

    @Test
    void anAmqpHeaderAStreamResponseOrAnythingElse() {
        assertThat(PortProbe.classify(new byte[] {'A', 'M', 'Q', 'P', 0, 0})).isEqualTo(PortProbe.Speaks.AMQP);
        assertThat(PortProbe.classify(new byte[] {0, 0, 0, 20, (byte) 0x80, 0x11})).isEqualTo(PortProbe.Speaks.STREAM);
        assertThat(PortProbe.classify(new byte[] {0, 0, 0, 20, 0, 0x11})).isEqualTo(PortProbe.Speaks.UNKNOWN);
        assertThat(PortProbe.classify(new byte[0])).isEqualTo(PortProbe.Speaks.UNKNOWN);
    }

    @Test
    void aPortThatSaysNothingIsUnknownWithinTheTimeout() throws IOException {
        try (ServerSocket silent = new ServerSocket(0)) {
            long start = System.nanoTime();
            assertThat(PortProbe.probe("localhost", silent.getLocalPort(), Duration.ofMillis(300)))
                    .isEqualTo(PortProbe.Speaks.UNKNOWN);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
        }
        assertThat(PortProbe.probe("localhost", 1, Duration.ofMillis(300))).isEqualTo(PortProbe.Speaks.UNKNOWN);
    }
}
