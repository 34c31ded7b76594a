package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.Gate;
import io.amqpharness.scenario.GateQuantity;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MetricTest {

    /** One series' names as users see them; a change here is a change users see. */
    private record Names(Metric metric, String label, String jsonKey, String logFile, String prometheus,
                         Optional<String> gate) {
        static Names of(Metric m) {
            return new Names(m, m.label(), m.jsonKey(), m.logFileName(), m.prometheusName(),
                    m.gateName().map(g -> new GateQuantity.Latency(m, GateQuantity.Statistic.P99).toString()));
        }
    }

    @Test
    void everySeriesKeepsTheNamesUsersKnowItBy() {
        assertThat(Arrays.stream(Metric.values()).map(Names::of)).containsExactly(
                new Names(Metric.END_TO_END, "end-to-end", "endToEnd", "end-to-end.hlog",
                        "harness_end_to_end_latency_seconds", Optional.of("e2e.p99")),
                new Names(Metric.END_TO_END_FROM_SEND, "e2e from send", "endToEndFromSend", "e2e-from-send.hlog",
                        "harness_end_to_end_from_send_latency_seconds", Optional.of("e2e-from-send.p99")),
                new Names(Metric.ROUND_TRIP, "round trip", "roundTrip", "round-trip.hlog",
                        "harness_round_trip_latency_seconds", Optional.of("round-trip.p99")),
                new Names(Metric.CONFIRM, "confirm", "confirm", "confirm.hlog",
                        "harness_confirm_latency_seconds", Optional.of("confirm.p99")),
                new Names(Metric.PUBLISH_DELAY, "publish delay", "publishDelay", "publish-delay.hlog",
                        "harness_publish_delay_seconds", Optional.of("publish-delay.p99")),
                new Names(Metric.CHURN_OPEN, "churn open", "churnOpen", "churn-open.hlog",
                        "harness_churn_open_latency_seconds", Optional.empty()));
    }

    @Test
    void everyGateNameReadsTheOneSeriesThatNamesIt() {
        for (Metric m : Metric.values()) {
            for (String name : m.gateNames()) {
                assertThat(Metric.gated(name)).as(name).contains(m);
            }
        }
        assertThat(Arrays.stream(Metric.values()).flatMap(m -> m.gateNames().stream())).doesNotHaveDuplicates();
        assertThat(Metric.gated("churn-open")).isEmpty();
    }

    @Test
    void aGateWrittenWithASeriesGateNameParsesBackToThatSeries() {
        for (Metric m : Metric.gateable()) {
            for (String name : m.gateNames()) {
                GateQuantity q = Gate.of(name + ".max>20ms").quantity();
                assertThat(((GateQuantity.Latency) q).metric()).as(name).isEqualTo(m);
                assertThat(q.toString()).isEqualTo(m.gateName().orElseThrow() + ".max");
            }
        }
    }

    @Test
    @SuppressWarnings("removal")
    void theFormerGateEnumStillNamesTheSameSeries() {
        for (GateQuantity.LatencyMetric g : GateQuantity.LatencyMetric.values()) {
            assertThat(new GateQuantity.Latency(g, GateQuantity.Statistic.P99))
                    .isEqualTo(new GateQuantity.Latency(g.metric(), GateQuantity.Statistic.P99));
        }
        assertThat(GateQuantity.LatencyMetric.FROM_SEND.metric()).isEqualTo(Metric.END_TO_END_FROM_SEND);
    }

    @Test
    void aSeriesNoGateReadsIsNotAGateQuantity() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> new GateQuantity.Latency(Metric.CHURN_OPEN, GateQuantity.Statistic.P99))
                .hasMessage("no gate reads the churn open latency");
    }

    @Test
    void seriesNamesAreDistinct() {
        for (var name : List.<java.util.function.Function<Metric, String>>of(Metric::label, Metric::title,
                Metric::jsonKey, Metric::logFileName, Metric::prometheusName)) {
            assertThat(Arrays.stream(Metric.values()).map(name)).doesNotHaveDuplicates();
        }
    }
}
