package io.amqpharness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MeasurementsTest {

    @Test
    void latenciesAboveOneHourAreReportedInANote() {
        Measurements m = new Measurements();
        assertThat(m.clampNotes()).isEmpty();
        m.recorder(Metric.END_TO_END).recordNanos(2 * LatencyRecorder.HIGHEST_NANOS);
        m.recorder(Metric.END_TO_END).recordNanos(LatencyRecorder.HIGHEST_NANOS + 1);
        m.recorder(Metric.END_TO_END).recordNanos(LatencyRecorder.HIGHEST_NANOS);
        m.recorder(Metric.CONFIRM).recordNanos(1_000);
        assertThat(m.clampNotes()).singleElement().asString()
                .startsWith("2 " + Metric.END_TO_END.label() + " values were above one hour");
    }
}
