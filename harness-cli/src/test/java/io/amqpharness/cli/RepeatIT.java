package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.report.document.ResultDocuments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --repeat N} and {@code harness report A --vs B} against RabbitMQ 3.x: a set of classic queue runs and a set
 * of quorum queue runs, each run a whole result on queues of its own, then the two sets compared. No number is
 * asserted beyond what every run must hold (its messages all consumed): the machine is shared.
 */
@WithRabbitMQ
class RepeatIT {
    @TempDir
    Path tmp;

    @Test
    void twoSetsOfRepeatedRunsOnTheBrokerAreEachWholeAndCompare(RabbitMQBroker broker) throws Exception {
        Path classic = tmp.resolve("classic");
        Path quorum = tmp.resolve("quorum");
        for (Path set : new Path[] {classic, quorum}) {
            CliOutcome o = CliOutcome.run("--uri", broker.uri(), "--repeat", "3", "-z", "2s", "--warmup", "1s",
                    "-r", "100", "-c", "20", "--no-broker-metrics", "--queue-type", set.getFileName().toString(),
                    "--fail-if", "lost>0", "--output-dir", set.toString());
            assertThat(o.code()).as(o.out() + o.err()).isZero();
            assertThat(o.out()).contains("Repetition 1 of 3", "Repetition 3 of 3", "Over the repetitions:",
                    "| throughput (msg/s) |", "3 runs;");
            Set<String> queues = new HashSet<>();
            for (int k = 1; k <= 3; k++) {
                JsonNode run = ResultDocuments.readTree(set.resolve("run-" + k));
                assertThat(run.path("scenario").path("topology").path("queueType").asText())
                        .isEqualTo(set.getFileName().toString());
                assertThat(run.path("counts").path("published").asLong()).as("run %d published", k).isPositive();
                assertThat(run.path("counts").path("lost").asLong()).isZero();
                queues.add(run.path("queues").get(0).asText());
            }
            assertThat(queues).as("each run on queues of its own").hasSize(3);
            assertThat(Files.readString(set.resolve("repeat.md"))).startsWith("| figure ");
        }

        CliOutcome vs = CliOutcome.run("report", classic.toString(), "--vs", quorum.toString());
        assertThat(vs.code()).as(vs.out() + vs.err()).isZero();
        // 3 runs against 3 cannot reach p < 0.05 whatever the numbers: the verdict says so instead of guessing.
        assertThat(vs.out()).contains("classic median (95% CI)", "quorum median (95% CI)", "p (Mann-Whitney)",
                "| throughput (msg/s) |", "| e2e p99 (ms) ", "too few runs to tell (3 and 3)", "3 runs against 3");
    }
}
