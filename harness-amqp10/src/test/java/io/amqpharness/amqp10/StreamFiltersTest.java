package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.StreamOffset;
import org.apache.qpid.protonj2.types.DescribedType;
import org.apache.qpid.protonj2.types.Symbol;
import org.junit.jupiter.api.Test;

class StreamFiltersTest {

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
