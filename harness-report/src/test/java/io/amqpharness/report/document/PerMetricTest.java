package io.amqpharness.report.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.amqpharness.measure.Metric;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** result.json's per-metric sections are {@link Metric}'s table: one field per series, by its key, in its order. */
class PerMetricTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Ladder ladder(long count) {
        return new Ladder(count, 1, 2, 3, 4, 5, 6, 7, 8, 9, 4.5);
    }

    @Test
    void everySeriesIsWrittenUnderItsKeyInTheOrderOfMetric() {
        Latencies l = Latencies.of(m -> ladder(m.ordinal()));
        List<String> keys = Arrays.stream(Metric.values()).map(Metric::jsonKey).toList();
        assertThat(l.byKey().keySet()).containsExactlyElementsOf(keys);
        assertThat(Histograms.EMPTY.byKey().keySet()).containsExactlyElementsOf(keys);
        assertThat(Latencies.EMPTY.byKey().values()).containsOnly(Ladder.EMPTY);
    }

    @Test
    void aSeriesAFileLacksReadsAsEmptyAndAKeyNoSeriesHasIsIgnored() throws Exception {
        Latencies read = JSON.convertValue(Map.of("confirm", ladder(3), "someNewSeries", ladder(9)), Latencies.class);
        assertThat(read.get(Metric.CONFIRM)).isEqualTo(ladder(3));
        assertThat(read.get(Metric.END_TO_END)).isEqualTo(Ladder.EMPTY);
        assertThat(read.byKey()).hasSize(Metric.values().length);
        assertThat(JSON.readValue(JSON.writeValueAsString(read), Latencies.class)).isEqualTo(read);
    }

    @Test
    void aSeriesIsFoundByItsKeyAndNoOtherKey() {
        Latencies l = Latencies.of(m -> ladder(m.ordinal()));
        for (Metric m : Metric.values()) {
            assertThat(l.of(m.jsonKey())).isEqualTo(l.get(m)).isEqualTo(ladder(m.ordinal()));
        }
        assertThatThrownBy(() -> l.of("e2e")).hasMessage("no metric e2e");
    }

    @Test
    @SuppressWarnings("removal")
    void theRecordsPositionalConstructorsAndAccessorsStillWork() {
        Latencies l = new Latencies(ladder(1), null, ladder(3), null, ladder(5), null);
        assertThat(l).isEqualTo(new Latencies(Map.of(Metric.END_TO_END, ladder(1), Metric.ROUND_TRIP, ladder(3),
                Metric.PUBLISH_DELAY, ladder(5))));
        assertThat(l.endToEnd()).isEqualTo(ladder(1));
        assertThat(l.confirm()).isEqualTo(Ladder.EMPTY);
        Histograms h = new Histograms(null, null, null, new Histograms.Curve(2, List.of(), "x"), null, null);
        assertThat(h.confirm().count()).isEqualTo(2);
        assertThat(h.endToEnd()).isEqualTo(Histograms.Curve.EMPTY);
        assertThat(h).isNotEqualTo(Histograms.EMPTY).isEqualTo(h.asMap().isEmpty() ? null : new Histograms(h.asMap()));
    }
}
