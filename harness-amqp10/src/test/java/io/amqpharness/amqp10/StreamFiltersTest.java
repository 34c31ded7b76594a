package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.StreamOffset;
import java.time.Instant;
import java.util.Date;
import org.apache.qpid.protonj2.types.DescribedType;
import org.apache.qpid.protonj2.types.Symbol;
import org.junit.jupiter.api.Test;

class StreamFiltersTest {

    @Test
    void valuesTakeTheTypesBothBrokersRead() {
        assertThat(StreamFilters.value(new StreamOffset.First())).isEqualTo("first");
        assertThat(StreamFilters.value(new StreamOffset.Last())).isEqualTo("last");
        assertThat(StreamFilters.value(new StreamOffset.Next())).isEqualTo("next");
        assertThat(StreamFilters.value(new StreamOffset.Interval("10m"))).isEqualTo("10m");
        assertThat(StreamFilters.value(new StreamOffset.Offset(42))).isEqualTo(42L);
        Instant t = Instant.parse("2026-11-21T10:00:00Z");
        assertThat(StreamFilters.value(new StreamOffset.Timestamp(t))).isEqualTo(Date.from(t));
    }

    @Test
    void rabbitMQ3GetsAPlainValue() {
        assertThat(StreamFilters.filter(new StreamOffset.First(), false))
                .containsEntry(Symbol.valueOf("rabbitmq:stream-offset-spec"), "first").hasSize(1);
    }

    @Test
    void rabbitMQ4GetsAValueDescribedByTheFilterSymbol() {
        Object v = StreamFilters.filter(new StreamOffset.Offset(7), true).get(Symbol.valueOf("rabbitmq:stream-offset-spec"));
        assertThat(v).isInstanceOf(DescribedType.class);
        assertThat(((DescribedType) v).getDescriptor()).isEqualTo(Symbol.valueOf("rabbitmq:stream-offset-spec"));
        assertThat(((DescribedType) v).getDescribed()).isEqualTo(7L);
    }
}
