package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.amqpharness.containers.Brokers;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code amqps://} for real, on both protocols, against the RabbitMQ 4.0 of
 * {@code scripts/rabbitmq4.sh}: its TLS listener on 5674 uses the test CA and server certificate
 * of {@code scripts/tls-certs.sh} and requires a client certificate signed by that CA; so does its
 * stream TLS listener on 5554.
 */
@ResourceLock(value = SharedBrokers.RABBITMQ_4, mode = ResourceAccessMode.READ)
@Tag("integration")
class TlsIT {
    static final int TLS_PORT = 5674;
    static final Path CERTS = Path.of(System.getenv().getOrDefault("HARNESS_TLS_DIR", "/var/lib/amqp-harness/tls"));
    static final String URI = "amqps://guest:guest@localhost:" + TLS_PORT + "/%2F";
    static final int STREAM_TLS_PORT = 5554;
    static final String STREAM_URI = "rabbitmq-stream+tls://guest:guest@localhost:" + STREAM_TLS_PORT + "/%2F";

    @TempDir
    Path tmp;

    @BeforeAll
    static void tlsBroker() {
        assumeTrue(Files.isReadable(CERTS.resolve("ca.pem")) && Files.isReadable(CERTS.resolve("client.p12")),
                "no test certificates in " + CERTS + " (scripts/tls-certs.sh makes them)");
        assumeTrue(Brokers.listening("localhost", TLS_PORT),
                "nothing listens on localhost:" + TLS_PORT + " (scripts/rabbitmq4.sh start runs a TLS listener there)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void aRunOverTlsWithTheCaAndAClientCertificateCountsEveryMessage(String protocol) throws Exception {
        JarRunner.Result r = JarRunner.run("--protocol", protocol, "--uri", URI,
                "--tls-trust-store", CERTS.resolve("ca.pem").toString(),
                "--tls-key-store", CERTS.resolve("client.p12").toString(), "--tls-key-store-password", "harness",
                "--confirm", "50", "--pmessages", "2000", "--output-dir", tmp.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("published 2,000", "confirmed 2,000", "consumed 2,000")
                .contains("--tls-key-store-password ***").doesNotContain("password harness")
                .doesNotContain("guest:guest");
        assertThat(Files.readString(tmp.resolve("result.json"))).contains("--tls-key-store-password")
                .doesNotContain("\"harness\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void aBrokerCertificateFromAnUnknownCaIsOneSentence(String protocol) throws Exception {
        JarRunner.Result r = JarRunner.run("--protocol", protocol, "--uri", URI, "-C", "10");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("Cannot connect to RabbitMQ at amqps://***:***@localhost:5674/%2F: the broker's "
                + "certificate is not trusted; give its CA with --tls-trust-store FILE (a PEM file), or use "
                + "--tls-insecure for a try.");
        assertThat(r.out()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void withoutTheClientCertificateTheBrokerRequiresTheSentenceSaysSo(String protocol) throws Exception {
        JarRunner.Result r = JarRunner.run("--protocol", protocol, "--uri", URI,
                "--tls-trust-store", CERTS.resolve("ca.pem").toString(), "-C", "10");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.err()).startsWith("Cannot connect to RabbitMQ at amqps://***:***@localhost:5674/%2F: ")
                .contains("--tls-key-store FILE").doesNotContain("Exception");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void insecureTrustsAnyCertificate(String protocol) throws Exception {
        JarRunner.Result r = JarRunner.run("--protocol", protocol, "--uri", URI, "--tls-insecure",
                "--tls-key-store", CERTS.resolve("client.p12").toString(), "--tls-key-store-password", "harness",
                "-C", "100");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("consumed 100");
    }

    @org.junit.jupiter.api.Test
    void aStreamRunOverTlsWithTheCaAndAClientCertificateCountsEveryMessage() throws Exception {
        assumeTrue(Brokers.listening("localhost", STREAM_TLS_PORT),
                "nothing listens on localhost:" + STREAM_TLS_PORT + " (scripts/rabbitmq4.sh start runs a stream TLS listener there)");
        JarRunner.Result r = JarRunner.run("--protocol", "stream", "--uri", STREAM_URI,
                "--tls-trust-store", CERTS.resolve("ca.pem").toString(),
                "--tls-key-store", CERTS.resolve("client.p12").toString(), "--tls-key-store-password", "harness",
                "--confirm", "50", "--pmessages", "2000", "--no-broker-metrics", "--output-dir", tmp.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("published 2,000", "confirmed 2,000", "consumed 2,000", "lost 0")
                .contains("--tls-key-store-password ***").doesNotContain("password harness")
                .doesNotContain("guest:guest");
    }

    @org.junit.jupiter.api.Test
    void aStreamBrokerCertificateFromAnUnknownCaIsOneSentence() throws Exception {
        assumeTrue(Brokers.listening("localhost", STREAM_TLS_PORT),
                "nothing listens on localhost:" + STREAM_TLS_PORT + " (scripts/rabbitmq4.sh start runs a stream TLS listener there)");
        JarRunner.Result r = JarRunner.run("--protocol", "stream", "--uri", STREAM_URI,
                "--tls-key-store", CERTS.resolve("client.p12").toString(), "--tls-key-store-password", "harness",
                "-C", "10", "--output-dir", tmp.toString());
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("Cannot connect to RabbitMQ's stream port at rabbitmq-stream+tls://***:***@"
                + "localhost:5554/%2F: the broker's certificate is not trusted; give its CA with --tls-trust-store FILE "
                + "(a PEM file), or use --tls-insecure for a try.");
        assertThat(r.out()).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void aStreamRunWithoutTheClientCertificateTheBrokerRequiresIsOneSentence() throws Exception {
        assumeTrue(Brokers.listening("localhost", STREAM_TLS_PORT),
                "nothing listens on localhost:" + STREAM_TLS_PORT + " (scripts/rabbitmq4.sh start runs a stream TLS listener there)");
        JarRunner.Result r = JarRunner.run("--protocol", "stream", "--uri", STREAM_URI,
                "--tls-trust-store", CERTS.resolve("ca.pem").toString(), "-C", "10", "--output-dir", tmp.toString());
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.err()).startsWith("Cannot connect to RabbitMQ's stream port at rabbitmq-stream+tls://***:***@localhost:5554/%2F: ")
                .contains("--tls-key-store FILE").doesNotContain("Exception");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @org.junit.jupiter.api.Test
    void aWrongKeyStorePasswordIsBadInput() throws Exception {
        JarRunner.Result r = JarRunner.run("--uri", URI, "--tls-key-store", CERTS.resolve("client.p12").toString(),
                "--tls-key-store-password", "wrong", "-C", "10");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("--tls-key-store " + CERTS.resolve("client.p12")
                + " cannot be opened: the password is wrong; give a PEM, PKCS#12 or JKS file and its password "
                + "(--tls-key-store-password).");
    }
}
