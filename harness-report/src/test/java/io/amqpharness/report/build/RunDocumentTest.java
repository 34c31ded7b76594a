package io.amqpharness.report.build;

import io.amqpharness.report.merge.ResultMerge;
import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.broker.BrokerMetricsReport;
import io.amqpharness.measure.FlowBlocks;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.Outages;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.result.ConnectionStats;
import io.amqpharness.result.RateProbe;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.SearchOutcome;
import io.amqpharness.run.SyntheticRun;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.ExitWhen;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.ReplyMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StartTime;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's document, built from its result: every section filled, and never the broker password. */
class RunDocumentTest {
    private static final String PASSWORD = SyntheticRun.PASSWORD;

    @TempDir
    Path tmp;

    /** result.json and report.html of a run, as the output directory writes them. */
    private Path written(RunResult r, String name) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        ResultDocument d = RunDocument.of(r);
        ResultDocuments.write(d, dir);
        HtmlReport.write(List.of(new ReportRun(r.runId(), d)), dir.resolve("report.html"));
        return dir;
    }

    private static String text(Path dir) throws Exception {
        return Files.readString(dir.resolve("result.json")) + Files.readString(dir.resolve("report.html"));
    }

    @Test
    void aPasswordInTheUriOrAUriListNeverShowsInResultJsonTheReportOrTheMergedResult() throws Exception {
        Path one = written(SyntheticRun.create(4, 100, 3).result, "one");
        Path a = written(everything("run-a"), "a");
        Path b = written(everything("run-b"), "b");
        Path merged = tmp.resolve("merged");
        ResultDocument m = ResultMerge.write(List.of(a, b), merged);
        HtmlReport.write(List.of(new ReportRun("merged", m)), merged.resolve("report.html"));

        for (Path dir : List.of(one, a, b, merged)) {
            assertThat(text(dir)).as(dir.toString()).doesNotContain(PASSWORD).contains("admin:***@");
        }
        assertThat(text(merged)).contains("\"merged\" : true");
    }

    @Test
    void everyTextTheRunProducedIsScrubbedWhereItIsTakenAndTheAddressesAreRedacted() {
        ResultDocument d = RunDocument.of(everything("run-a"));
        String failure = "Cannot connect to amqp://admin:***@node-2:5672/%2F: refused";
        assertThat(d.scenario().uri()).isEqualTo("amqp://admin:***@node-1:5672/%2F");
        assertThat(d.scenario().arguments()).containsSequence("--uri",
                "amqp://admin:***@node-1:5672/%2F,amqp://node-2:5672/%2F");
        assertThat(d.failure()).contains(failure);
        assertThat(d.notes()).containsExactly("Node amqp://admin:***@node-2:5672 was down.");
        assertThat(d.outages().reasons()).containsExactly(failure);
        assertThat(d.brokerMetrics().orElseThrow().unavailable()).contains("The broker could not be read: " + failure);
        assertThat(d.search().orElseThrow().probes().get(1).reasons()).containsExactly("Too slow: " + failure);
        assertThat(d.connections().churn().orElseThrow().firstFailure()).contains(failure);
        assertThat(d.driverFacts().get("connection")).isEqualTo("amqp://admin:***@broker.example:5672/%2F");
    }

    @Test
    void aUserNameEqualToThePasswordStaysReadableInTheAddress() {
        RunResult s = SyntheticRun.create(2, 10, 1).result;
        Scenario guest = s.scenario().toBuilder().uri("amqp://guest:guest@localhost:5672/%2F").build();
        ResultDocument d = RunDocument.of(new RunResult(s.runId(), guest, s.broker(), s.queues(), s.startedAt(),
                s.publishingTime(), s.totalTime(), s.paced(), s.counts(), 0, 0, s.leftInQueues(),
                s.expectedDeliveries(), s.rates(), s.latency(), s.histograms(), s.intervals(), s.steps(), s.client(),
                java.util.Map.of(), List.of("guest was here"), Optional.empty(), false, s.outages(), s.blocking(),
                s.brokerMetrics(), s.search(), s.connections()));
        assertThat(d.scenario().uri()).isEqualTo("amqp://guest:***@localhost:5672/%2F");
        assertThat(d.scenario().arguments()).contains("amqp://guest:***@localhost:5672/%2F");
        assertThat(d.notes()).containsExactly("*** was here");
    }

    @Test
    void everyMetricHasItsLadderAndItsDistribution() {
        RunResult r = SyntheticRun.create(2, 100, 5).result;
        ResultDocument d = RunDocument.of(r);
        for (Metric m : Metric.values()) {
            assertThat(d.latency().of(RunSections.id(m)).p99()).as(m.name()).isEqualTo(r.latency(m).p99());
            assertThat(d.histograms().of(RunSections.id(m)).count()).as(m.name())
                    .isEqualTo(r.histograms().count(m)).isPositive();
        }
    }

    @Test
    void aDurationRangeIsWrittenWithItsBoundsAndWhetherItIsFixed() {
        assertThat(RunDocument.of(everything("run-a")).scenario().consuming().get("consumerLatency"))
                .isEqualTo(java.util.Map.of("min", 1_000_000L, "max", 3_000_000L, "fixed", false));
    }

    /** A result with a URI list, many settings given, a failure, outages, blocking, a search and churn failures. */
    static RunResult everything(String runId) {
        RunResult s = SyntheticRun.create(4, 100, 3).result;
        Scenario scenario = Scenario.builder().protocol("in-memory")
                .uri("amqp://admin:" + PASSWORD + "@node-1:5672/%2F,amqp://node-2:5672/%2F")
                .totalRate(500).confirm(20).flag(MessageFlag.MANDATORY).contentType("text/plain").priority(3)
                .messageHeader("h", "v").consumers(2).consumerLatency(new DurationRange(Duration.ofMillis(1),
                        Duration.ofMillis(3))).consumerArgument("x-priority", 5).exitWhen(ExitWhen.EMPTY)
                .requestReply(ReplyMode.QUEUE).queuePattern("q-%d", 1, 3).queueArgument("x-max-length", 1000L)
                .exchange("amq.topic").routingKey("k").bindingKey("#").time(Duration.ofSeconds(4))
                .warmup(Duration.ofSeconds(1)).brokerMetrics("http://node-1:15672").instance("pod-1")
                .startAt(StartTime.parse("10:00:00").orElseThrow()).barrier(2).failIf("e2e.p99>20ms").build();
        String failure = "Cannot connect to amqp://admin:" + PASSWORD + "@node-2:5672/%2F: refused";
        return new RunResult(runId, scenario, s.broker(), s.queues(), s.startedAt(), s.publishingTime(),
                s.totalTime(), s.paced(), s.counts(), 3, 2, OptionalLong.empty(), OptionalLong.empty(), s.rates(),
                s.latency(), s.histograms(), s.intervals(), s.steps(), s.client(), s.driverFacts(),
                List.of("Node amqp://admin:" + PASSWORD + "@node-2:5672 was down."), Optional.of(failure), true,
                new Outages.Summary(2, Duration.ofSeconds(2), List.of(new Outages.Connection("harness-abc123-p0", 2,
                        Duration.ofSeconds(2), Duration.ofSeconds(1), false)), List.of(failure)),
                new FlowBlocks.Summary(Duration.ofMillis(300), 1, List.of("low on memory"), Duration.ZERO, 0),
                Optional.of(new BrokerMetricsReport(Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.of("The broker could not be read: " + failure), 0, 0, Optional.empty(),
                        Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
                        OptionalDouble.empty(), OptionalLong.empty(), OptionalLong.empty(), List.of("memory"),
                        Optional.empty(), Optional.empty())),
                Optional.of(new SearchOutcome(List.of("e2e.p99>20ms"), List.of(new RateProbe(0, 500, true, List.of()),
                        new RateProbe(1, 1000, false, List.of("Too slow: " + failure))), OptionalDouble.of(500), false)),
                new ConnectionStats(3, Duration.ofMillis(30), 1, 0, Optional.of(new ConnectionStats.Churn(5, 4, 1,
                        Optional.of(failure), Duration.ofSeconds(4), 0))));
    }
}
