package io.amqpharness.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.fault.Fault;
import io.amqpharness.fault.FaultOutcome;
import io.amqpharness.report.TextSummary;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.SyntheticRun;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's faults in result.json (written and read back), the summary's Faults lines and the report's table. */
class FaultDocumentTest {
    @TempDir
    Path tmp;

    private static final FaultOutcome STOP = new FaultOutcome(Fault.parse("at=20s,kind=stop-node,node=2,for=10s"),
            Duration.ofMillis(20_010), Optional.of(Duration.ofMillis(21_500)), Optional.of(Duration.ofMillis(33_000)),
            Optional.empty(), Duration.ofMillis(1_250), Optional.of(Duration.ofMillis(1_800)),
            Optional.of(Duration.ofMillis(40)), Optional.empty(), 17, 3,
            List.of(new FaultOutcome.NodeOutcome("rabbitc2@localhost", 2, 2, Duration.ofMillis(1_300)),
                    new FaultOutcome.NodeOutcome("rabbitc1@localhost", 1, 0, Duration.ZERO)));

    /** The synthetic run's result with {@code faults} set. */
    static RunResult withFaults(RunResult r, List<FaultOutcome> faults) throws Exception {
        RecordComponent[] components = RunResult.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            values[i] = components[i].getName().equals("faults") ? faults : components[i].getAccessor().invoke(r);
            types[i] = components[i].getType();
        }
        return RunResult.class.getDeclaredConstructor(types).newInstance(values);
    }

    @Test
    void eachFaultIsInResultJsonWithItsFiguresAndReadsBack() throws Exception {
        Path file = ResultDocuments.write(RunDocument.of(withFaults(SyntheticRun.create(3, 1000, 7).result,
                List.of(STOP))), tmp);
        JsonNode f = ResultDocuments.readTree(file).path("faults").get(0);
        assertThat(f.path("kind").asText()).isEqualTo("stop-node");
        assertThat(f.path("node").asText()).isEqualTo("2");
        assertThat(f.path("at").asLong()).isEqualTo(20_000_000_000L);
        assertThat(f.path("made").asLong()).isEqualTo(21_500_000_000L);
        assertThat(f.path("confirmGap").asLong()).isEqualTo(1_800_000_000L);
        assertThat(f.path("firstDelivery").isNull()).isTrue();
        assertThat(f.path("error").isNull()).isTrue();
        assertThat(f.path("nodes").get(0).path("longestOutage").asLong()).isEqualTo(1_300_000_000L);
        ResultDocument back = ResultDocuments.read(file);
        assertThat(back.faults()).hasSize(1);
        assertThat(back.faults().get(0).inDoubt()).isEqualTo(17);
        assertThat(back.faults().get(0).firstConfirm().getAsLong()).isEqualTo(40_000_000L);
        assertThat(back.faults().get(0).nodes()).hasSize(2);
    }

    @Test
    void theSummaryAndTheReportShowEachFault() throws Exception {
        ResultDocument d = RunDocument.of(withFaults(SyntheticRun.create(3, 1000, 7).result, List.of(STOP)));
        assertThat(TextSummary.format(d)).contains("  stop-node 2 at 20.01 s, made at 21.50 s, undone at 33.00 s: "
                + "longest gap in sends 1.25 s, in confirms 1.80 s; first confirm 0.04 s after, first delivery none; "
                + "in doubt 17, lost 3\n    rabbitc2@localhost: 2 of 2 connections dropped, longest outage 1.30 s\n"
                + "    rabbitc1@localhost: 0 of 1 connection dropped\n");
        String html = HtmlReport.render(List.of(new ReportRun("r", d)));
        assertThat(html).contains("<h2>Faults (seconds from the start of publishing)</h2>")
                .contains("rabbitc2@localhost 2/2 (longest 1.30)");
        // Each chart over time marks the fault: a line when it began, a band from made to undone.
        String mark = "\"faultMarks\":[{\"label\":\"stop-node 2\",\"begun\":20.01,\"from\":21.5,\"to\":33.0}]";
        assertThat(html.split(java.util.regex.Pattern.quote(mark), -1)).as("on every chart over time").hasSizeGreaterThan(2);
        assertThat(HtmlReport.render(List.of(new ReportRun("r", RunDocument.of(SyntheticRun.create(3, 1000, 7).result)))))
                .doesNotContain("faultMarks\":");
    }

    @Test
    void aRunWithoutFaultsWritesNoneOfIt() throws Exception {
        RunResult r = SyntheticRun.create(3, 1000, 7).result;
        assertThat(ResultDocuments.readTree(ResultDocuments.write(RunDocument.of(r), tmp)).has("faults")).isFalse();
        assertThat(TextSummary.format(RunDocument.of(r))).doesNotContain("Faults");
    }
}
