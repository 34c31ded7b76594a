package io.amqpharness.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.run.SyntheticRun;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Repeated runs' tables from synthetic runs of known rates. */
class RepeatReportTest {

    private static List<ResultDocument> runs(int rate, int count) {
        List<ResultDocument> docs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            docs.add(RunDocument.of(SyntheticRun.create(3, rate + i, 7 + i).result));
        }
        return docs;
    }

    @Test
    void aTenPercentFasterSetIsBeyondTheNoiseAndTheSameRateIsNot() {
        List<ResultDocument> a = runs(1000, 5);
        String faster = RepeatReport.compare("a", a, "b", runs(1100, 5));
        String row = faster.lines().filter(l -> l.startsWith("| throughput")).findFirst().orElseThrow();
        assertThat(row).contains("+10.0%", "0.008", "beyond the noise");
        String same = RepeatReport.compare("a", a, "c", runs(1000, 5));
        assertThat(same.lines().filter(l -> l.startsWith("| throughput")).findFirst().orElseThrow())
                .contains("+0.0%", "within the noise");
        assertThat(faster).contains("5 runs against 5", "two-sided Mann-Whitney U test");
    }

    @Test
    void theSummaryGivesMedianSpreadAndIntervalPerFigure() {
        String s = RepeatReport.summary(runs(1000, 5));
        String row = s.lines().filter(l -> l.startsWith("| throughput")).findFirst().orElseThrow();
        assertThat(row.replaceAll(" +", " ")).contains("| 5 |", "93.8%");
        assertThat(s).contains("coverage is below 95 % with fewer than 6 runs");
    }

    @Test
    void changesAndVerdicts() {
        assertThat(RepeatReport.change(100, 107.5)).isEqualTo("+7.5%");
        assertThat(RepeatReport.change(0, 0)).isEqualTo("0.0%");
        assertThat(RepeatReport.verdict(new MannWhitney.Result(0, 0.1, true), 3, 3))
                .isEqualTo("too few runs to tell (3 and 3)");
        assertThat(RepeatReport.verdict(new MannWhitney.Result(0, 0.2, true), 5, 5)).isEqualTo("within the noise");
    }
}
