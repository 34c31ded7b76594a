package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code --protocol stream} on the command line against the local RabbitMQ 3.10 (AMQP 5672, streams 5552):
 * the wrong port for a protocol, a queue that is not a stream and options the old broker lacks are one
 * sentence and exit 1. Skipped without that broker. What needs no broker is {@link StreamCliTest}'s.
 */
class StreamCliIT {

    private static CliOutcome run(String... args) {
        return CliOutcome.run(args);
    }

    @Test
    void aStreamAddressOnAnAmqpPortIsOneSentenceAndExitOne() {
        assumeListening(5672);
        CliOutcome o = run("--protocol", "stream", "--uri", "rabbitmq-stream://guest:guest@localhost:5672/%2F", "-C", "10",
                "--no-broker-metrics");
        assertThat(o.code()).as(o.err()).isEqualTo(1);
        assertOneSentence(o);
        assertThat(o.err()).contains("localhost:5672/%2F: port 5672 is an AMQP port, not RabbitMQ's stream port");
    }

    @Test
    void anAmqpAddressOnAStreamPortIsOneSentenceAndExitOne() {
        assumeListening(5552);
        CliOutcome o = run("--protocol", "amqp091", "--uri", "amqp://guest:guest@localhost:5552/%2F", "-C", "10",
                "--no-broker-metrics");
        assertThat(o.code()).as(o.err()).isEqualTo(1);
        assertOneSentence(o);
        assertThat(o.err()).contains("localhost:5552/%2F: port 5552 is RabbitMQ's stream port, not an AMQP port");
        CliOutcome amqp10 = run("--protocol", "amqp10", "--uri", "amqp://guest:guest@localhost:5552/%2F", "-C", "10",
                "--no-broker-metrics");
        assertThat(amqp10.code()).as(amqp10.err()).isEqualTo(1);
        assertOneSentence(amqp10);
        assertThat(amqp10.err()).contains("port 5552 is RabbitMQ's stream port, not an AMQP port");
    }

    @Test
    void aQueueThatIsNotAStreamIsOneSentenceAndExitOne() throws Exception {
        assumeListening(5672, 5552);
        String queue = "it-classic-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        com.rabbitmq.client.ConnectionFactory f = new com.rabbitmq.client.ConnectionFactory();
        f.setPort(5672);
        try (com.rabbitmq.client.Connection c = f.newConnection()) {
            c.createChannel().queueDeclare(queue, false, false, false, null);
            CliOutcome o = run("--protocol", "stream", "--uri", "rabbitmq-stream://guest:guest@localhost:5552/%2F",
                    "--queue", queue, "-C", "10", "--no-broker-metrics");
            assertThat(o.code()).as(o.err()).isEqualTo(1);
            assertOneSentence(o);
            assertThat(o.err()).contains("'" + queue + "'").contains("not a stream");
        } finally {
            try (com.rabbitmq.client.Connection c = f.newConnection()) {
                c.createChannel().queueDelete(queue);
            }
        }
    }

    @Test
    void optionsTheOldBrokerLacksAreOneSentenceAndExitOne() {
        assumeListening(5552);
        for (String[] option : new String[][] {{"--single-active-consumer"}, {"--super-stream", "2"},
                {"--filter-value", "a"}}) {
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("--protocol", "stream", "--uri",
                    "rabbitmq-stream://guest:guest@localhost:5552/%2F", "-C", "10", "--no-broker-metrics"));
            args.addAll(java.util.List.of(option));
            CliOutcome o = run(args.toArray(String[]::new));
            assertThat(o.code()).as(o.err()).isEqualTo(1);
            assertOneSentence(o);
            assertThat(o.err()).startsWith("RabbitMQ 3.10").contains("leave " + option[0]);
        }
    }

    private static void assumeListening(int... ports) {
        for (int port : ports) {
            org.junit.jupiter.api.Assumptions.assumeTrue(io.amqpharness.containers.Brokers.listening("localhost", port),
                    "needs the local RabbitMQ 3.10 on port " + port);
        }
    }

    private static void assertOneSentence(CliOutcome o) {
        assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
        assertThat(o.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }
}
