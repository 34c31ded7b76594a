package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the preflight refuses on the command line (before anything connects or starts): one
 * sentence each, exit 2, on every command that runs a workload. No broker needed.
 */
class PreflightCliTest {

    private static JarRunner.Result run(String... args) throws Exception {
        return JarRunner.run(Map.of(), args);
    }

    /** Sorted by id; the tests' class path also holds core's in-memory driver. */
    private static final String UNKNOWN = "--protocol 'mqtt' is not a protocol this harness knows; use one of "
            + "amqp091, amqp10, in-memory, stream.";

    @Test
    void anUnknownProtocolIsOneSentenceListingTheDriversInOrderOnEveryCommand() throws Exception {
        for (JarRunner.Result o : new JarRunner.Result[] {run("--protocol", "mqtt"), run("run", "--protocol", "mqtt"),
                run("find-max", "--p99", "10ms", "--protocol", "mqtt"),
                run("--instances", "2", "--output-dir", "unused", "--protocol", "mqtt")}) {
            assertThat(o.exitCode()).isEqualTo(2);
            assertThat(o.err().strip()).isEqualTo(UNKNOWN);
            assertThat(o.out()).isEmpty();
        }
        JarRunner.Result sweep = run("sweep", "--vary", "protocol=amqp091,mqtt");
        assertThat(sweep.exitCode()).isEqualTo(2);
        assertThat(sweep.err().strip()).isEqualTo("[mqtt] " + UNKNOWN);
    }

    @Test
    void aDriversRefusalNamesTheOptionAsTyped() throws Exception {
        JarRunner.Result o = run("--protocol", "amqp10", "-f", "mandatory");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).startsWith("-f mandatory only applies to --protocol amqp091");
    }

    @Test
    void aTrustStoreThatCannotBeReadIsBadInput() throws Exception {
        JarRunner.Result o = run("--uri", "amqps://localhost:5671", "--tls-trust-store", "/no/such/ca.pem");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("--tls-trust-store /no/such/ca.pem cannot be read (NoSuchFileException); "
                + "give a readable file, for example --tls-trust-store /etc/ssl/amqp/ca.pem.");
    }
}
