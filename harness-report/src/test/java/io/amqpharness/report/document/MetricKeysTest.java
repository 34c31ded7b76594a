package io.amqpharness.report.document;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Metric;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** result.json names each latency series by {@link Metric#jsonKey()}, in the order of {@link Metric}. */
class MetricKeysTest {

    @Test
    void theLatencyAndHistogramSectionsHaveOneComponentPerSeriesNamedByItsKey() {
        String[] keys = Arrays.stream(Metric.values()).map(Metric::jsonKey).toArray(String[]::new);
        assertThat(Arrays.stream(Latencies.class.getRecordComponents()).map(RecordComponent::getName))
                .containsExactly(keys);
        assertThat(Arrays.stream(Histograms.class.getRecordComponents()).map(RecordComponent::getName))
                .containsExactly(keys);
    }
}
