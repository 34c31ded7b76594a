package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.report.document.ResultDocuments;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --fail-if} gates, run through the jar against a real broker. */
@WithRabbitMQ
class GateIT {
    @TempDir
    Path tmp;

    @Test
    void aBrokenGateExitsOneWithASentenceNamingTheMeasuredValue(RabbitMQBroker broker) throws Exception {
        Path dir = tmp.resolve("gated");
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "-r", "200", "-c", "20", "-z", "2s",
                "--fail-if", "e2e.p99>1us", "--fail-if", "lost>0", "--fail-if", "confirm.max>10s",
                "--output-dir", dir.toString());
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err().strip()).matches("Gate e2e\\.p99>1us failed: end-to-end p99 was [0-9.,]+ ms, above "
                + "0\\.001 ms\\.");
        assertThat(r.out()).contains("Gates     1 of 3 checks FAILED", "ok   Gate lost>0 passed: lost messages was 0.")
                .doesNotContain("\tat ");

        JsonNode json = ResultDocuments.readTree(dir);
        assertThat(json.path("scenario").path("run").path("gates").toString())
                .isEqualTo("[\"e2e.p99>1us\",\"lost>0\",\"confirm.max>10s\"]");
        assertThat(json.path("scenario").path("arguments").toString()).contains("\"--fail-if\",\"e2e.p99>1us\"");
        JsonNode first = json.path("gates").get(0);
        assertThat(first.path("gate").asText()).isEqualTo("e2e.p99>1us");
        assertThat(first.path("broken").asBoolean()).isTrue();
        assertThat(first.path("step").isNull()).isTrue();
        assertThat(first.path("measured").asDouble()).isEqualTo(json.path("latency").path("endToEnd").path("p99").asDouble());
        assertThat(json.path("gates").get(1).path("broken").asBoolean()).isFalse();
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<h2>Gates</h2>", "1 of 3 checks failed",
                "e2e.p99&gt;1us");
    }

    @Test
    void gatesAreCheckedOnEachStepOfASteppedRun(RabbitMQBroker broker) throws Exception {
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "--step", "rate=100,200", "--step-duration", "1s",
                "--fail-if", "rate.sent<120", "--warmup", "0s");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.err().strip()).matches("Gate rate\\.sent<120 failed in step 1 \\(rate=100\\): sent rate was "
                + "[0-9,]+ msg/s, below 120 msg/s\\.");
        assertThat(r.out()).contains("ok   Gate rate.sent<120 passed: sent rate was",
                "ok   Gate rate.sent<120 passed in step 2 (rate=200): sent rate was");
    }

    @Test
    void aSweepChecksEveryRunAndGoesOn(RabbitMQBroker broker) throws Exception {
        JarRunner.Result r = JarRunner.run("sweep", "--uri", broker.uri(), "--vary", "rate=50,200", "-z", "1s",
                "--fail-if", "rate.sent<100", "--warmup", "0s");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err().strip()).matches("Gate rate\\.sent<100 failed: sent rate was [0-9,]+ msg/s, below 100 msg/s\\.");
        assertThat(r.out()).contains("=== sweep run 2 of 2: 200 ===", "ok   Gate rate.sent<100 passed: sent rate was");
    }

    @Test
    void gatesThatHoldExitZero(RabbitMQBroker broker) throws Exception {
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "--protocol", "amqp10", "-r", "100", "-c", "10",
                "-z", "1s", "--fail-if", "e2e.p99>10s", "--fail-if", "nacked>0", "--fail-if", "rate.received<10");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("Gates     all 3 checks passed");
    }

    @Test
    void aMalformedGateIsBadUsageInOneSentence() throws Exception {
        JarRunner.Result r = JarRunner.run("--fail-if", "e2e.p99>20");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).isEqualTo("Invalid value for option '--fail-if' (EXPR): 'e2e.p99>20' is not a "
                + "gate: '20' is not a latency; give a number with a unit (ns, us, ms or s), for example e2e.p99>20ms. "
                + "Run with --help for usage.");
        // Unquoted, the shell takes ">20ms" for a redirection and the harness sees only "e2e.p99".
        JarRunner.Result unquoted = JarRunner.run("--fail-if", "e2e.p99");
        assertThat(unquoted.exitCode()).isEqualTo(2);
        assertThat(unquoted.err()).contains("(quoted, or the shell takes > for a redirection)");
    }

    @Test
    void aGateOnSomethingNotMeasuredIsBadUsage() throws Exception {
        JarRunner.Result r = JarRunner.run("-y", "0", "--fail-if", "lost>0");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("--fail-if 'lost>0' measures something this run does not record: it "
                + "needs consumers.");
    }
}
