package io.amqpharness.report.files;

import io.amqpharness.report.build.RunDocument;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.SizeLatency;
import io.amqpharness.report.TextSummary;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.SyntheticRun;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run with a --size mix: its latency per size in result.json, the text summary and the report; none without a mix. */
class SizeLatencyDocumentTest {
    @TempDir
    Path tmp;

    private static final List<SizeLatency> BY_SIZE = List.of(
            new SizeLatency(100, 50, new LatencySummary(5_000, 100_000, 400_000, 500_000, 600_000, 700_000, 900_000,
                    1_200_000, 1_300_000, 1_400_000, 420_000.5)),
            new SizeLatency(1024, 40, new LatencySummary(4_000, 120_000, 450_000, 550_000, 650_000, 750_000,
                    950_000, 1_250_000, 1_350_000, 1_450_000, 470_000)),
            new SizeLatency(65536, 10, LatencySummary.EMPTY));

    /** The synthetic run's result with {@code latencyBySize} set. */
    private static RunResult withSizes(RunResult r, List<SizeLatency> bySize) throws Exception {
        RecordComponent[] components = RunResult.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            values[i] = components[i].getAccessor().invoke(r);
            types[i] = components[i].getType();
        }
        for (int i = 0; i < components.length; i++) {
            if (components[i].getName().equals("latencyBySize")) {
                values[i] = bySize;
            }
        }
        return RunResult.class.getDeclaredConstructor(types).newInstance(values);
    }

    @Test
    void eachSizeHasItsShareAndLadderInResultJsonAndReadsBack() throws Exception {
        RunResult r = withSizes(SyntheticRun.create(3, 1000, 7).result, BY_SIZE);
        Path file = ResultDocuments.write(RunDocument.of(r), tmp);
        JsonNode sizes = ResultDocuments.readTree(file).path("latencyBySize");
        assertThat(sizes.size()).isEqualTo(3);
        assertThat(sizes.get(0).path("bytes").asInt()).isEqualTo(100);
        assertThat(sizes.get(0).path("percent").asDouble()).isEqualTo(50.0);
        assertThat(sizes.get(0).path("endToEnd").path("p99").asLong()).isEqualTo(900_000);
        assertThat(sizes.get(0).path("endToEnd").path("count").asLong()).isEqualTo(5_000);
        assertThat(sizes.get(2).path("endToEnd").path("count").asLong()).isZero();
        ResultDocument back = ResultDocuments.read(file);
        assertThat(back.latencyBySize()).hasSize(3);
        assertThat(back.latencyBySize().get(1).endToEnd().p50()).isEqualTo(450_000);
    }

    @Test
    void theSummaryAndTheReportShowARowPerSize() throws Exception {
        ResultDocument d = RunDocument.of(withSizes(SyntheticRun.create(3, 1000, 7).result, BY_SIZE));
        String text = TextSummary.format(d);
        assertThat(text).contains("End-to-end latency by size (share asked; count received):");
        assertThat(text).containsPattern("  100 B 50%\\s+0\\.100\\s+0\\.400 .*5,000");
        assertThat(text).containsPattern("  64 KiB 10%\\s+-\\s+-");
        String html = HtmlReport.render(List.of(new ReportRun("r", d)));
        assertThat(html).contains("End-to-end latency by message size (ms)").contains("<th>1 KiB</th>");
    }

    @Test
    void aSingleSizeWritesNoneOfIt() throws Exception {
        RunResult r = SyntheticRun.create(3, 1000, 7).result;
        assertThat(ResultDocuments.readTree(ResultDocuments.write(RunDocument.of(r), tmp)).has("latencyBySize"))
                .isFalse();
        assertThat(TextSummary.format(RunDocument.of(r))).doesNotContain("by size");
    }
}
