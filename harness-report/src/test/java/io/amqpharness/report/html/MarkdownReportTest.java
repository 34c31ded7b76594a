package io.amqpharness.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.report.build.RunDocument;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.run.SyntheticRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code harness report --format md}: a run, or runs compared, as a Markdown table for a pull request. */
class MarkdownReportTest {
    private static ReportRun run(String label, int rate, long seed) {
        return new ReportRun(label, RunDocument.of(SyntheticRun.create(10, rate, seed).result));
    }

    @Test
    void oneRunIsATableOfItsKeyNumbers() {
        String md = MarkdownReport.render(List.of(run("abc123", 1000, 1000))).replaceAll(" +", " ");
        assertThat(md).contains("| run | abc123 |", "| throughput (msg/s) | 1,000 |", "| e2e p50 (ms) |",
                "| e2e p99 (ms) |", "| confirm p99 (ms) |", "| lost | 0 |", "| unaccounted | 0 |",
                "| accounting | ok |", "| gates | all 3 passed |");
        assertThat(md).doesNotContain("change");
        assertThat(md.lines().filter(l -> l.startsWith("|")).map(l -> l.chars().filter(c -> c == '|').count())
                .distinct()).as("every row has the same columns").hasSize(1);
    }

    @Test
    void runsAreComparedWithTheFirstInAChangeColumnEach() {
        String md = MarkdownReport.render(List.of(run("slow", 1000, 1), run("fast", 2000, 1), run("same", 1000, 1)))
                .replaceAll(" +", " ");
        assertThat(md).contains("| run | slow | fast | change | same | change |")
                .contains("| throughput (msg/s) | 1,000 | 2,000 | +1,000 (+100.0%) | 1,000 | 0 (0.0%) |")
                .contains("| published | 10,000 | 20,000 | +10,000 (+100.0%) | 10,000 | 0 (0.0%) |")
                .contains("| settings that differ | `--rate 1000` | `--rate 2000` | | `--rate 1000` | |");
        assertThat(md.lines().filter(l -> l.startsWith("|")).map(l -> l.chars().filter(c -> c == '|').count())
                .distinct()).as("every row has the same columns").hasSize(1);
    }
}
