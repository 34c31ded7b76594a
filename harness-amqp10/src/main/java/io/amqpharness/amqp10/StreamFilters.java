package io.amqpharness.amqp10;

import io.amqpharness.scenario.StreamOffset;
import java.util.Date;
import java.util.Map;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.UnknownDescribedType;

/**
 * Puts a stream consumer's start position into the source filter {@code rabbitmq:stream-offset-spec},
 * in the form the broker honours. Stateless.
 *
 * <ul>
 *   <li>Values: {@code first}, {@code last}, {@code next} and intervals ({@code 10m}) as UTF-8
 *       strings; an offset as a {@code long}; a timestamp as an AMQP timestamp (milliseconds,
 *       which the brokers round down to seconds).</li>
 *   <li>RabbitMQ 3.x reads only a plain value and silently ignores a described one (the consumer
 *       then starts at {@code next}). RabbitMQ 4.x wants the value described by the symbol
 *       {@code rabbitmq:stream-offset-spec}; from 4.3 it ignores plain values by default.</li>
 * </ul>
 */
final class StreamFilters {
    /** The filter name and descriptor RabbitMQ reads a stream consumer's start position from. */
    static final String OFFSET_SPEC = "rabbitmq:stream-offset-spec";

    private StreamFilters() {
    }

    /** The filter value for an offset: a String, a Long or a Date. */
    static Object value(StreamOffset offset) {
        if (offset instanceof StreamOffset.Offset o) {
            return o.value();
        }
        if (offset instanceof StreamOffset.Timestamp t) {
            return Date.from(t.instant());
        }
        return offset.toString(); // first, last, next, or an interval such as 10m
    }

    /** The source filter map for an offset, its value described or plain as the broker needs. */
    static Map<Symbol, Object> filter(StreamOffset offset, boolean described) {
        Object value = value(offset);
        Symbol name = Symbol.valueOf(OFFSET_SPEC);
        return Map.of(name, described ? new UnknownDescribedType(name, value) : value);
    }
}
