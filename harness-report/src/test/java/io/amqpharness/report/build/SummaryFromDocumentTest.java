package io.amqpharness.report.build;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.FlowBlocks;
import io.amqpharness.measure.Outages;
import io.amqpharness.report.TextSummary;
import io.amqpharness.result.ConnectionStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.SyntheticRun;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A run's summary, rendered from its document, as the text in {@code src/test/resources/summaries}:
 * the text the summary rendered from the run itself printed for the same run, byte for byte, but
 * for the broker password (the summary from the run printed it where a run's text, a failure or a
 * note, held it; the document's texts have it redacted). After a deliberate change to the
 * summary, {@code -Dsummary.text.write=true} writes the texts again.
 */
class SummaryFromDocumentTest {
    private static final Path TEXTS = Path.of("src/test/resources/summaries");

    private static void printsAsBefore(String name, RunResult r) throws IOException {
        String text = TextSummary.format(RunDocument.of(r));
        Path file = TEXTS.resolve(name + ".txt");
        if (Boolean.getBoolean("summary.text.write")) {
            Files.writeString(file, text);
        }
        assertThat(text).isEqualTo(Files.readString(file)).doesNotContain(SyntheticRun.PASSWORD);
    }

    @Test
    void aSteppedRunWithTheBrokersSideAndChurnPrintsTheSameSummary() throws IOException {
        printsAsBefore("stepped", SyntheticRun.create(4, 100, 3).result);
    }

    @Test
    void aRunWithAUriListAFailureOutagesBlockingASearchAndChurnFailuresPrintsTheSameSummary() throws IOException {
        printsAsBefore("everything", RunDocumentTest.everything("run-a"));
    }

    @Test
    void aRunWithGatesInDoubtMessagesCreditWaitsAndManyIdleConnectionsPrintsTheSameSummary() throws IOException {
        RunResult s = SyntheticRun.create(3, 50, 7).result;
        Scenario scenario = Scenario.builder().protocol("in-memory").producers(2).producerChannelCount(3)
                .confirm(10).flag(MessageFlag.MANDATORY).consumers(2).failIf("e2e.p99>20ms")
                .failIf("confirm.p50<1s").interval(Duration.ofMillis(500)).build();
        java.util.Map<String, Long> counts = new java.util.HashMap<>(Map.of("published", 1000L, "confirmed", 990L,
                "nacked", 3L, "returned", 2L, "released", 1L, "timedOut", 1L, "consumed", 1004L, "unique", 990L,
                "ownUnique", 989L, "inDoubt", 2L));
        counts.putAll(Map.of("inDoubtArrived", 1L, "redelivered", 4L, "duplicated", 1L, "foreign", 5L,
                "unidentified", 6L, "clockSkew", 7L, "lost", 1L));
        RunResult r = new RunResult("gates", scenario, s.broker(), List.of("q-1", "q-2"), s.startedAt(),
                s.publishingTime(), s.totalTime(), false, SyntheticRun.counts(counts), 1, 4, OptionalLong.of(3),
                OptionalLong.of(995), s.rates(), s.latency(), s.histograms(), s.intervals(), List.of(),
                s.client(), Map.of(io.amqpharness.spi.AddressOrder.FACT, "localhost:5672 4"),
                List.of("one", "two"), Optional.empty(), false,
                new Outages.Summary(3, Duration.ofMillis(2500), List.of(
                        new Outages.Connection("c-1", 1, Duration.ofMillis(500), Duration.ofMillis(500), false),
                        new Outages.Connection("c-2", 2, Duration.ofSeconds(2), Duration.ofMillis(1500), true)),
                        List.of("closed")),
                new FlowBlocks.Summary(Duration.ofMillis(1200), 2, List.of(), Duration.ofMillis(700), 3),
                s.brokerMetrics(), Optional.empty(),
                new ConnectionStats(150, Duration.ofMillis(1500), 4, 120, Optional.empty()));
        assertThat(r.gates()).hasSize(2);
        printsAsBefore("gates-and-outages", r);
    }
}
