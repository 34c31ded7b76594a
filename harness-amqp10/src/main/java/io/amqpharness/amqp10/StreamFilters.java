package io.amqpharness.amqp10;

import io.amqpharness.message.StreamOffsetValue;
import io.amqpharness.scenario.StreamOffset;
import java.util.Map;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.UnknownDescribedType;

/**
 * Puts a stream consumer's start position into the source filter {@code rabbitmq:stream-offset-spec},
 * in the form the broker honours. Stateless.
 *
 * <ul>
 *   <li>Values as {@link StreamOffsetValue} gives them (the 0.9.1 {@code x-stream-offset}
 *       argument's): strings, a {@code long} offset or an AMQP timestamp.</li>
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

    /** The source filter map for an offset, its value described or plain as the broker needs. */
    static Map<Symbol, Object> filter(StreamOffset offset, boolean described) {
        Object value = StreamOffsetValue.of(offset);
        Symbol name = Symbol.valueOf(OFFSET_SPEC);
        return Map.of(name, described ? new UnknownDescribedType(name, value) : value);
    }
}
