package io.amqpharness.report.files;

import io.amqpharness.report.build.RunDocument;
import io.amqpharness.report.merge.ResultMerge;
import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.report.TextSummary;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.SyntheticRun;
import io.amqpharness.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A merged result prints the sections of a single run's summary, then a row per instance. */
class MergedSummaryTest {
    @TempDir
    Path tmp;

    private Path written(RunResult r, String instance) throws Exception {
        Scenario s = r.scenario().toBuilder().instance(instance).failIf("e2e.p99>1ms").build();
        RunResult named = new RunResult(r.runId() + instance, s, r.broker(), r.queues(), r.startedAt(),
                r.publishingTime(), r.totalTime(), r.paced(), r.counts(), r.unconfirmedAtStop(), r.unsentAtStop(),
                r.leftInQueues(), r.expectedDeliveries(), r.rates(), r.latency(), r.histograms(), r.intervals(),
                List.of(), r.client(), r.driverFacts(), r.notes(), r.failure(), r.interrupted(), r.outages(),
                r.blocking(), r.brokerMetrics(), r.search(), r.connections());
        Path dir = Files.createDirectories(tmp.resolve(instance));
        ResultDocuments.write(RunDocument.of(named), dir);
        return dir;
    }

    @Test
    void aMergedResultPrintsTheSingleRunSectionsThenARowPerInstanceAndTheMergedTotals() throws Exception {
        RunResult run = SyntheticRun.create(4, 100, 3).result;
        ResultDocument merged = ResultMerge.write(List.of(written(run, "pod-0"), written(run, "pod-1")),
                tmp.resolve("merged"));

        String text = TextSummary.format(merged);

        assertThat(text).startsWith("Run abc123pod-0+abc123pod-1 finished after 5.0 s (publishing 4.0 s)\n")
                .contains("\nScenario  (as pod-0 ran it) --uri ", "\nMessages\n  published 800  confirmed 800",
                        "\nRates     sent 200 msg/s", "\nLatency (ms) ",
                        "\nBroker metrics: management ",
                        "\nGates     1 of 2 checks FAILED\n  ok   Gate lost>0 passed on the merged result of 2 instances",
                        "\nNotes\n  - Merged from 2 instances")
                .doesNotContain("Steps (", "find-max")
                .contains("\ninstance                        published    confirmed     consumed e2e p50 ms"
                        + "     p99 ms     max ms\n")
                .containsPattern("\npod-0 +400 +400 +400 +10\\.306 +1961\\.886 +2001\\.732\npod-1 +400 ")
                .containsPattern("\nall \\(merged\\) +800 +800 +800 +10\\.306 ")
                .endsWith("\nlost 0, duplicated 0, clock skew 0, unaccounted 0\n");
    }

    @Test
    void aSingleRunPrintsNoInstanceRows() {
        assertThat(TextSummary.format(RunDocument.of(SyntheticRun.create(2, 10, 1).result)))
                .doesNotContain("all (merged)", "(as ", "\ninstance ");
    }
}
