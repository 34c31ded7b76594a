package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.report.io.AtomicFiles;
import io.amqpharness.report.document.ResultDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Never overwrite a result silently: a directory holding an earlier result is refused before
 * anything runs (one sentence, exit code 2), unless {@code --overwrite} is given; then the files
 * are replaced whole.
 */
@WithRabbitMQ
class OverwriteIT {
    @TempDir
    Path tmp;

    @Test
    void aSecondRunIntoTheSameDirectoryIsRefusedBeforeItStartsAndLeavesTheFirstRunsFilesAsTheyWere(
            RabbitMQBroker broker) throws Exception {
        Map<String, String> env = Map.of("HARNESS_URI", broker.uri());
        Path dir = tmp.resolve("out");
        JarRunner.Result first = JarRunner.run(env, "-r", "100", "-z", "1s", "--output-dir", dir.toString());
        assertThat(first.exitCode()).as(first.all()).isZero();
        String firstId = ResultDocuments.read(dir).runId();
        Map<String, String> before = contents(dir);
        assertThat(before).containsKeys("result.json", "report.html", "intervals.csv", "end-to-end.hlog");
        String refusal = "--output-dir " + dir + " already holds run " + firstId
                + " (result.json); choose another directory or add --overwrite.";

        for (String[] args : new String[][] {
            {"-r", "100", "-z", "1s", "--output-dir", dir.toString()},
            {"run", "-r", "100", "-z", "1s", "--output-dir", dir.toString()},
            {"find-max", "--p99", "50ms", "--output-dir", dir.toString()},
            {"--instances", "2", "-r", "100", "-z", "1s", "--output-dir", dir.toString()}}) {
            JarRunner.Result again = JarRunner.run(env, args);
            assertThat(again.exitCode()).as(again.all()).isEqualTo(2);
            assertThat(again.err().strip()).isEqualTo(refusal);
            assertThat(again.out()).as("nothing ran").isEmpty();
        }
        assertThat(contents(dir)).isEqualTo(before);

        JarRunner.Result replaced = JarRunner.run(env, "-r", "100", "-z", "1s", "--output-dir", dir.toString(),
                "--overwrite");
        assertThat(replaced.exitCode()).as(replaced.all()).isZero();
        String secondId = ResultDocuments.read(dir).runId();
        assertThat(secondId).isNotEqualTo(firstId);
        assertThat(replaced.out()).contains("Run " + secondId + " finished");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("amqp-harness run " + secondId)
                .doesNotContain(firstId);
        assertThat(contents(dir).keySet()).isEqualTo(before.keySet());
    }

    @Test
    void aMergeIntoADirectoryHoldingAResultIsRefusedUnlessOverwriteIsGiven(RabbitMQBroker broker) throws Exception {
        Map<String, String> env = Map.of("HARNESS_URI", broker.uri());
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        for (Path d : new Path[] {a, b}) {
            JarRunner.Result r = JarRunner.run(env, "-r", "100", "-z", "1s", "--instance", d.getFileName().toString(),
                    "--output-dir", d.toString());
            assertThat(r.exitCode()).as(r.all()).isZero();
        }
        Path merged = tmp.resolve("merged");
        JarRunner.Result first = JarRunner.run("report", "--merge", a.toString(), b.toString(), "-o", merged.toString());
        assertThat(first.exitCode()).as(first.all()).isZero();
        String mergedId = ResultDocuments.read(merged).runId();
        Map<String, String> before = contents(merged);

        JarRunner.Result again = JarRunner.run("report", "--merge", a.toString(), b.toString(), "-o", merged.toString());
        assertThat(again.exitCode()).as(again.all()).isEqualTo(2);
        assertThat(again.err().strip()).isEqualTo("-o " + merged + " already holds merged run " + mergedId
                + " (result.json); choose another directory or add --overwrite.");
        assertThat(contents(merged)).isEqualTo(before);

        // Into a directory a single run wrote: refused too.
        JarRunner.Result intoInput = JarRunner.run("report", "--merge", a.toString(), b.toString(), "-o", a.toString());
        assertThat(intoInput.exitCode()).isEqualTo(2);
        assertThat(intoInput.err()).contains("-o " + a + " already holds run ");

        JarRunner.Result replaced = JarRunner.run("report", "--merge", a.toString(), b.toString(), "-o",
                merged.toString(), "--overwrite");
        assertThat(replaced.exitCode()).as(replaced.all()).isZero();
        assertThat(ResultDocuments.read(merged).runId()).isEqualTo(mergedId);
        assertThat(contents(merged).keySet()).isEqualTo(before.keySet());
    }

    @Test
    void aSweepIsRefusedWhenItsDirectoryOrARunsDirectoryHoldsEarlierResults(RabbitMQBroker broker) throws Exception {
        Map<String, String> env = Map.of("HARNESS_URI", broker.uri());
        Path dir = tmp.resolve("sweep");
        String[] sweep = {"sweep", "--vary", "rate=100,200", "-z", "1s", "--warmup", "0", "--output-dir", dir.toString()};
        JarRunner.Result first = JarRunner.run(env, sweep);
        assertThat(first.exitCode()).as(first.all()).isZero();
        String firstRun = ResultDocuments.read(dir.resolve("01-100")).runId();
        Map<String, String> table = contents(dir);

        JarRunner.Result again = JarRunner.run(env, sweep);
        assertThat(again.exitCode()).as(again.all()).isEqualTo(2);
        assertThat(again.err().strip()).isEqualTo("--output-dir " + dir
                + " already holds a sweep (sweep.md); choose another directory or add --overwrite.");
        assertThat(again.out()).as("no warm-up and no run").isEmpty();
        assertThat(contents(dir)).isEqualTo(table);

        Files.delete(dir.resolve("sweep.md"));
        Files.delete(dir.resolve("report.html"));
        JarRunner.Result runLeft = JarRunner.run(env, sweep);
        assertThat(runLeft.exitCode()).as(runLeft.all()).isEqualTo(2);
        assertThat(runLeft.err().strip()).isEqualTo("--output-dir " + dir + " already holds run " + firstRun + " ("
                + Path.of("01-100", "result.json") + "); choose another directory or add --overwrite.");

        String[] overwrite = java.util.stream.Stream.concat(Stream.of(sweep), Stream.of("--overwrite"))
                .toArray(String[]::new);
        JarRunner.Result replaced = JarRunner.run(env, overwrite);
        assertThat(replaced.exitCode()).as(replaced.all()).isZero();
        assertThat(ResultDocuments.read(dir.resolve("01-100")).runId()).isNotEqualTo(firstRun);
        assertThat(dir.resolve("sweep.md")).isNotEmptyFile();
    }

    /** Every file under {@code dir} by relative name, with its text; fails on a temporary file left behind. */
    private static Map<String, String> contents(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                String name = dir.relativize(p).toString();
                assertThat(name).doesNotEndWith(AtomicFiles.TEMPORARY_SUFFIX);
                files.put(name, Files.readString(p));
            }
        }
        return files;
    }
}
