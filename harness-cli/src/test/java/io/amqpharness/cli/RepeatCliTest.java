package io.amqpharness.cli;

import static io.amqpharness.cli.OutputsCliTest.harness;
import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.cli.OutputsCliTest.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code harness run --repeat N} and {@code harness report A --vs B} with the in-memory driver. */
class RepeatCliTest {
    @TempDir
    Path tmp;

    @Test
    void repeatedRunsWriteOneDirectoryEachAndTheirMediansThenTwoSetsCompare() throws Exception {
        Path a = tmp.resolve("before");
        Path b = tmp.resolve("after");
        Run first = harness("--protocol", "in-memory", "-C", "300", "--repeat", "3", "--output-dir", a.toString());
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.out()).contains("Repetition 1 of 3", "Repetition 3 of 3", "Over the repetitions:",
                "| figure ", "| throughput (msg/s) |", "95% CI of the median", "3 runs;");
        for (int k = 1; k <= 3; k++) {
            assertThat(a.resolve("run-" + k).resolve("result.json")).exists();
        }
        assertThat(Files.readString(a.resolve("repeat.md"))).startsWith("| figure ");
        assertThat(harness("--protocol", "in-memory", "-C", "300", "--repeat", "3", "--output-dir", b.toString())
                .code()).isZero();

        Run vs = harness("report", a.toString(), "--vs", b.toString());
        assertThat(vs.code()).as(vs.err()).isZero();
        assertThat(vs.out()).contains("| figure ", "before median (95% CI)", "after median (95% CI)",
                "p (Mann-Whitney)", "too few runs to tell (3 and 3)", "3 runs against 3");

        Run summary = harness("report", "--format", "md", a.toString());
        assertThat(summary.code()).as(summary.err()).isZero();
        assertThat(summary.out()).isEqualTo(Files.readString(a.resolve("repeat.md")));

        Run again = harness("--protocol", "in-memory", "-C", "300", "--repeat", "3", "--output-dir", a.toString());
        assertThat(again.code()).as("an earlier result is refused").isEqualTo(2);
    }

    @Test
    void aRepeatOfOneIsOneSentenceAndExitCode2() {
        Run r = harness("--protocol", "in-memory", "-C", "10", "--repeat", "1");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("--repeat must be from 2 to 1000 runs, got 1; for example --repeat 5.");
    }

    @Test
    void vsDoesNotMerge() {
        Run r = harness("report", "--merge", tmp.toString(), "--vs", tmp.toString(), "-o", tmp.resolve("m").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--vs does not apply to --merge");
    }
}
