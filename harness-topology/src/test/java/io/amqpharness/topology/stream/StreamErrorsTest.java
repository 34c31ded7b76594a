package io.amqpharness.topology.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.BrokerUri;
import java.nio.channels.ClosedChannelException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class StreamErrorsTest {
    private static final BrokerUri TLS = BrokerUri.parse("rabbitmq-stream+tls://localhost:5554").orElseThrow();
    private static final BrokerUri PLAIN = BrokerUri.parse("rabbitmq-stream://localhost:5552").orElseThrow();

    @Test
    void anUntrustedBrokerCertificateIsTheSentenceTheAmqpDriversGive() {
        Exception e = new RuntimeException(new SSLHandshakeException("PKIX path building failed: "
                + "unable to find valid certification path to requested target"));
        assertThat(StreamErrors.connectFailure(TLS, e)).isEqualTo("Cannot connect to RabbitMQ's stream port at "
                + "rabbitmq-stream+tls://localhost:5554: the broker's certificate is not trusted; give its CA with "
                + "--tls-trust-store FILE (a PEM file), or use --tls-insecure for a try.");
    }

    @Test
    void aMissingClientCertificateNamesTheKeyStoreOption() {
        Exception e = new RuntimeException(new javax.net.ssl.SSLException("Received fatal alert: certificate_required"));
        assertThat(StreamErrors.connectFailure(TLS, e)).contains("--tls-key-store FILE").endsWith(".");
    }

    @Test
    void aTlsConnectionClosedAsItOpensAsksWhetherThePortIsTheTlsOne() {
        Exception e = new RuntimeException(new ClosedChannelException());
        assertThat(StreamErrors.connectFailure(TLS, e)).contains("is 5554 its stream TLS port (5551 by default")
                .contains("--tls-key-store FILE");
    }

    /** What the client throws when the broker closed the TLS connection under its first request (seen in CI). */
    @Test
    void aTlsConnectionClosedUnderTheFirstRequestIsTheSameSentence() throws Exception {
        java.lang.reflect.Constructor<?> c = Class.forName("com.rabbitmq.stream.impl.ConnectionStreamException")
                .getDeclaredConstructor(String.class);
        c.setAccessible(true);
        Exception e = (Exception) c.newInstance("Connection is closed");
        assertThat(StreamErrors.connectFailure(TLS, e)).contains("is 5554 its stream TLS port (5551 by default")
                .contains("--tls-key-store FILE");
    }

    @Test
    void aPlainConnectionClosedAsItOpensSaysNothingOfTls() {
        Exception e = new RuntimeException(new ClosedChannelException());
        assertThat(StreamErrors.connectFailure(PLAIN, e)).doesNotContain("TLS");
    }
}
