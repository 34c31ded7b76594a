package io.amqpharness.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.StreamOffset;
import java.time.Instant;
import java.util.Date;
import org.junit.jupiter.api.Test;

class StreamOffsetValueTest {

    @Test
    void valuesTakeTheTypesBothBrokersAndBothProtocolsRead() {
        assertThat(StreamOffsetValue.of(new StreamOffset.First())).isEqualTo("first");
        assertThat(StreamOffsetValue.of(new StreamOffset.Last())).isEqualTo("last");
        assertThat(StreamOffsetValue.of(new StreamOffset.Next())).isEqualTo("next");
        assertThat(StreamOffsetValue.of(new StreamOffset.Interval("10m"))).isEqualTo("10m");
        assertThat(StreamOffsetValue.of(new StreamOffset.Offset(42))).isEqualTo(42L);
        Instant t = Instant.parse("2026-11-21T10:00:00Z");
        assertThat(StreamOffsetValue.of(new StreamOffset.Timestamp(t))).isEqualTo(Date.from(t));
    }
}
