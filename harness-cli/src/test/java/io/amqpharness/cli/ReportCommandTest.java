package io.amqpharness.cli;

import static io.amqpharness.cli.OutputsCliTest.harness;
import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.cli.OutputsCliTest.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code harness report --format md}: runs as a Markdown table, on standard output or in -o FILE. */
class ReportCommandTest {
    @TempDir
    Path tmp;

    @Test
    void markdownComparesRunsOnStandardOutputOrInAFile() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        assertThat(harness("--protocol", "in-memory", "-C", "500", "--output-dir", a.toString()).code()).isZero();
        assertThat(harness("--protocol", "in-memory", "-C", "800", "--output-dir", b.toString()).code()).isZero();

        Run one = harness("report", "--format", "md", a.toString());
        assertThat(one.code()).as(one.err()).isZero();
        assertThat(one.out()).startsWith("| run ").contains("| published ", " 500 |").doesNotContain("change", "Wrote");
        assertThat(a.resolve("report.html")).as("the page is left alone").exists();

        Run two = harness("report", "--format", "md", a.toString(), b.toString());
        assertThat(two.code()).as(two.err()).isZero();
        assertThat(two.out().replaceAll(" +", " ")).contains("| run | a | b | change |",
                "| published | 500 | 800 | +300 (+60.0%) |");
        assertThat(Path.of("comparison.html")).as("no page written with --format md").doesNotExist();

        Path file = tmp.resolve("pr.md");
        Run written = harness("report", "--format", "md", a.toString(), b.toString(), "-o", file.toString());
        assertThat(written.code()).as(written.err()).isZero();
        assertThat(written.out().strip()).isEqualTo("Wrote " + file);
        assertThat(Files.readString(file)).isEqualTo(two.out());
    }

    @Test
    void anUnknownFormatIsBadUsage() {
        Run r = harness("report", "--format", "pdf", tmp.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--format", "html", "md");
    }
}
