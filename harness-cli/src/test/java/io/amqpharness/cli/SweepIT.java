package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code harness sweep}, run as a user would. */
@WithRabbitMQ
class SweepIT {
    @TempDir
    Path dir;

    @Test
    void aSweepOverTwoSettingsPrintsTheTableAndWritesTheReport(RabbitMQBroker broker) throws Exception {
        Path out = dir.resolve("sweep");
        JarRunner.Result r = JarRunner.run(Map.of("HARNESS_URI", broker.uri()), "sweep", "--vary", "rate=50,100",
                "--vary", "consumers=1,2", "-z", "1s", "-i", "500ms", "--warmup", "0s", "--output-dir", out.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        String table = r.out().substring(r.out().indexOf("Sweep over rate x consumers"));
        assertThat(table).contains("|                  run | Msg/s |", "Max 99th |", "Max 95th |", "Max 75th |");
        assertThat(table.lines().filter(l -> l.matches("\\|\\s+rate=\\d+ consumers=\\d \\|.*"))).hasSize(4);
        assertThat(out.resolve("sweep.md")).exists();
        assertThat(out.resolve("report.html")).exists();
        try (Stream<Path> runs = Files.list(out)) {
            assertThat(runs.filter(Files::isDirectory).filter(p -> Files.exists(p.resolve("result.json")))).hasSize(4);
        }
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("rate=50 consumers=1", "rate=100 consumers=2", "As the seed reports tabulate it");
    }

    @Test
    void variantsAndLockStepOptions(RabbitMQBroker broker) throws Exception {
        JarRunner.Result r = JarRunner.run(Map.of("HARNESS_URI", broker.uri()), "sweep",
                "--variant", "transient=--transient-queue", "--variant", "durable=-f persistent",
                "--vary", "producers+consumers=1,2", "-r", "50", "-z", "1s", "--warmup", "0s");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains(" transient producers+consumers=1 |", " durable producers+consumers=2 |");
    }

    @Test
    void aVariedOptionGivenTwiceIsAUsageError() throws Exception {
        JarRunner.Result r = JarRunner.run("sweep", "--vary", "rate=1,2", "--rate", "5");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("--vary rate varies --rate, which is also given on its own; drop --rate.");
    }

    @Test
    void theSeed003InFlightBenchmarkIsOneCommand(RabbitMQBroker broker) throws Exception {
        Path out = dir.resolve("seed-003");
        JarRunner.Result r = JarRunner.run(Map.of("HARNESS_URI", broker.uri()), "run", "--scenario",
                Path.of("..", "docs", "scenarios", "seed-003-in-flight.yml").toString(), "--step-duration", "1s",
                "--warmup", "0s", "--output-dir", out.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).containsPattern("\\| confirm \\| +Msg/s \\|").containsPattern("\\|\\s+10000 \\|"); // columns fit the numbers
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("<h2>Steps</h2>", "Per step: throughput and end-to-end latency");
    }
}
