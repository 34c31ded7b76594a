package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code --protocol stream} on the command line: found, and bad input is one sentence. No broker: what
 * needs the local RabbitMQ 3.10 (a stream address on an AMQP port and the reverse, a queue that is not a
 * stream, options the old broker lacks) is {@link StreamCliIT}'s.
 */
class StreamCliTest {

    private static CliOutcome run(String... args) {
        return CliOutcome.run(args);
    }

    @Test
    void aStreamAddressWithAnAmqpProtocolIsOneSentenceAndExitTwo() {
        CliOutcome o = run("--protocol", "amqp10", "--uri", "rabbitmq-stream://guest:guest@localhost:5552/%2F");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("--uri rabbitmq-stream://guest:***@localhost:5552/%2F is a stream "
                + "protocol address; use it with --protocol stream, or give an amqp:// address such as "
                + "amqp://guest:guest@localhost:5672/%2F.");
    }

    @Test
    void anAmqpAddressWithTheStreamProtocolIsOneSentenceAndExitTwo() {
        CliOutcome o = run("--protocol", "stream", "--uri", "amqp://localhost:5672");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).startsWith("--uri amqp://localhost:5672 is an AMQP address but --protocol stream");
    }

    @Test
    void aBadOffsetSpecIsOneSentenceAndExitTwo() {
        CliOutcome o = run("--protocol", "stream", "--stream-offset", "yesterday");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).contains("--stream-offset").contains("'yesterday' is not a stream offset");
    }

    @Test
    void anUnreachableStreamPortIsOneSentenceAndExitOne() {
        CliOutcome o = run("--protocol", "stream", "--uri", "rabbitmq-stream://localhost:1", "-C", "10",
                "--no-broker-metrics");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).contains("Cannot connect to RabbitMQ's stream port at rabbitmq-stream://localhost:1: "
                + "connection refused.").doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void aCompressionTheClientLacksIsOneSentenceAndExitTwo() {
        CliOutcome o = run("--protocol", "stream", "--compression", "brotli");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
    }

    @Test
    void streamOnlyOptionsWithAnAmqpProtocolAreOneSentenceEach() {
        CliOutcome o = run("--protocol", "amqp091", "--single-active-consumer", "--super-stream", "3",
                "--filter-value", "a", "--filter-values", "a");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("--single-active-consumer only applies to --protocol stream; a queue's consumers take turns "
                        + "with --queue-args x-single-active-consumer=true.")
                .contains("--super-stream only applies to --protocol stream.")
                .contains("--filter-value only applies to --protocol stream.")
                .contains("--filter-values only applies to --protocol stream.");
        CliOutcome zero = run("--protocol", "stream", "--super-stream", "0");
        assertThat(zero.code()).isEqualTo(2);
        assertThat(zero.err().strip()).isEqualTo("--super-stream must be between 1 and 1000; for example --super-stream 3.");
    }
}
