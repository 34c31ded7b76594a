package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.LatencyRecorder;
import org.junit.jupiter.api.Test;

class SendTimesTest {
    private final LatencyRecorder fromSend = new LatencyRecorder("e2e from send");

    @Test
    void aDeliveryIsPairedWithItsOwnPublishDelay() {
        SendTimes t = new SendTimes(1024);
        t.sent(1, 100_000);
        t.sent(2, 5_000);
        assertThat(t.recordFromSend(2, 1_000_000, fromSend)).isTrue();
        assertThat(t.recordFromSend(1, 1_000_000, fromSend)).isTrue();
        org.HdrHistogram.Histogram h = fromSend.sampleInterval();
        assertThat(h.getTotalCount()).isEqualTo(2);
        assertThat(h.getMinValue()).isBetween(899_000L, 901_000L); // 1 ms - 100 µs, to 3 digits
        assertThat(h.getMaxValue()).isBetween(994_000L, 996_000L); // 1 ms - 5 µs, to 3 digits
    }

    @Test
    void anOverwrittenOrUnknownEntryRecordsNothing() {
        SendTimes t = new SendTimes(1000); // rounded up to 1,024 entries
        for (long seq = 1; seq <= 1024 + 5; seq++) {
            t.sent(seq, 10);
        }
        assertThat(t.recordFromSend(3, 1_000, fromSend)).as("overwritten by 1,027").isFalse();
        assertThat(t.recordFromSend(1027, 1_000, fromSend)).isTrue();
        assertThat(t.recordFromSend(2000, 1_000, fromSend)).as("never sent").isFalse();
        assertThat(fromSend.sampleInterval().getTotalCount()).isEqualTo(1);
    }

    @Test
    void sequencesAreMatchedOnTheirLow32Bits() {
        SendTimes t = new SendTimes(1024);
        long seq = (1L << 32) + 7;
        t.sent(seq, 0);
        assertThat(t.recordFromSend(7, 1_000, fromSend)).isTrue();
    }

    @Test
    void theRingHoldsAboutTwoSecondsOfMessages() {
        assertThat(SendTimes.slotsFor(10)).isEqualTo(1_024);
        assertThat(SendTimes.slotsFor(5_000)).isEqualTo(10_000);
        assertThat(SendTimes.slotsFor(1e6)).isEqualTo(32_768);
    }
}
