package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.report.document.ResultDocuments;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The latency from the actual send, next to the one from the intended time, against a real broker. */
@WithRabbitMQ
class FromSendIT {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void aPacedRunShowsBothFigures(String protocol, RabbitMQBroker broker) throws Exception {
        Path dir = tmp.resolve(protocol);
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "--protocol", protocol, "-r", "500", "-a", "-z", "2s",
                "--output-dir", dir.toString(), "--fail-if", "e2e-from-send.p99>10s");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("\n  end-to-end  ", "\n  e2e from send  ", "\n  publish delay  ",
                "ok   Gate e2e-from-send.p99>10s passed: e2e from send p99 was");
        JsonNode latency = ResultDocuments.readTree(dir).path("latency");
        JsonNode e2e = latency.path("endToEnd");
        JsonNode fromSend = latency.path("endToEndFromSend");
        // Every delivery is paired with its publish delay, and the actual send is never before the intended time.
        assertThat(fromSend.path("count").asLong()).isEqualTo(e2e.path("count").asLong()).isEqualTo(1_000);
        assertThat(fromSend.path("p50").asLong()).isLessThanOrEqualTo(e2e.path("p50").asLong());
        assertThat(fromSend.path("max").asLong()).isLessThanOrEqualTo(e2e.path("max").asLong());
        assertThat(dir.resolve("e2e-from-send.hlog")).isNotEmptyFile();
        assertThat(Files.readString(dir.resolve("report.html"))).contains("End-to-end from the actual send");
    }

    @Test
    void anUnpacedRunHasNoSecondFigure(RabbitMQBroker broker) throws Exception {
        Path dir = tmp.resolve("unpaced");
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "-C", "500", "--output-dir", dir.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).doesNotContain("e2e from send");
        assertThat(ResultDocuments.readTree(dir).path("latency").path("endToEndFromSend").path("count").asLong()).isZero();
        JarRunner.Result gate = JarRunner.run("-C", "500", "--fail-if", "e2e-from-send.p99>1s");
        assertThat(gate.exitCode()).isEqualTo(2);
        assertThat(gate.err().strip()).isEqualTo("--fail-if 'e2e-from-send.p99>1s' measures something this run does "
                + "not record: it needs a rate (--rate or --total-rate): without one, e2e is already from the actual "
                + "send.");
    }
}
