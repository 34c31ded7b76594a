package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --protocol stream} on the command line: found, and bad input is one sentence. */
class StreamCliTest {

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err), Map.of());
        return new Outcome(code, out.toString(), err.toString());
    }

    @Test
    void aStreamAddressWithAnAmqpProtocolIsOneSentenceAndExitTwo() {
        Outcome o = run("--protocol", "amqp10", "--uri", "rabbitmq-stream://guest:guest@localhost:5552/%2F");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("--uri rabbitmq-stream://guest:***@localhost:5552/%2F is a stream "
                + "protocol address; use it with --protocol stream, or give an amqp:// address such as "
                + "amqp://guest:guest@localhost:5672/%2F.");
    }

    @Test
    void anAmqpAddressWithTheStreamProtocolIsOneSentenceAndExitTwo() {
        Outcome o = run("--protocol", "stream", "--uri", "amqp://localhost:5672");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).startsWith("--uri amqp://localhost:5672 is an AMQP address but --protocol stream");
    }

    @Test
    void aBadOffsetSpecIsOneSentenceAndExitTwo() {
        Outcome o = run("--protocol", "stream", "--stream-offset", "yesterday");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).contains("--stream-offset").contains("'yesterday' is not a stream offset");
    }

    @Test
    void anUnreachableStreamPortIsOneSentenceAndExitOne() {
        Outcome o = run("--protocol", "stream", "--uri", "rabbitmq-stream://localhost:1", "-C", "10",
                "--no-broker-metrics");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).contains("Cannot connect to RabbitMQ's stream port at rabbitmq-stream://localhost:1: "
                + "connection refused.").doesNotContain("Exception").doesNotContain("\tat ");
    }
}
