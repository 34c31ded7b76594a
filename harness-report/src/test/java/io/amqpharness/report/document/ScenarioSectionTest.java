package io.amqpharness.report.document;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The scenario section's typed reads: by the settings records' names, with the option's default. */
class ScenarioSectionTest {
    @Test
    void readsTheSettingsTheReportUsesByTheirRecordNames() {
        ResultDocument.ScenarioSection s = new ResultDocument.ScenarioSection(List.of(), "", "amqp091",
                Map.of("producers", 2L, "channelsPerProducer", 3L, "confirmWindow", 10L, "flags", List.of("mandatory")),
                Map.of("consumers", 1L, "streamOffset", "first", "startDelay", 2_000_000_000L),
                Map.of("queueType", "quorum"),
                Map.of("interval", 5_000_000_000L, "warmup", 1_000_000_000L, "gates", List.of("e2e.p99>20ms")),
                Map.of());
        assertThat(s.producers()).isEqualTo(2);
        assertThat(s.channelsPerProducer()).isEqualTo(3);
        assertThat(s.confirms()).isTrue();
        assertThat(s.flags()).containsExactly("mandatory");
        assertThat(s.consumers()).isEqualTo(1);
        assertThat(s.streamOffset()).contains("first");
        assertThat(s.consumerStartDelay()).contains(Duration.ofSeconds(2));
        assertThat(s.queueType()).isEqualTo("quorum");
        assertThat(s.interval()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.warmup()).contains(Duration.ofSeconds(1));
        assertThat(s.gates()).containsExactly("e2e.p99>20ms");
    }

    @Test
    void aFileThatDoesNotSayReadsAsTheOptionsDefaults() {
        ResultDocument.ScenarioSection s = new ResultDocument.ScenarioSection(null, null, null, null, null, null,
                null, null);
        assertThat(s.interval()).as("--interval's declared default").isEqualTo(Duration.ofSeconds(1));
        assertThat(s.warmup()).isEqualTo(Optional.empty());
        assertThat(s.producers()).isZero();
        assertThat(s.channelsPerProducer()).isEqualTo(1);
        assertThat(s.gates()).isEmpty();
        assertThat(s.streamOffset()).isEmpty();
    }
}
