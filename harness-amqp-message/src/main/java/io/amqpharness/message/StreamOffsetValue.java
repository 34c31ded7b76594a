package io.amqpharness.message;

import io.amqpharness.scenario.StreamOffset;
import java.util.Date;

/**
 * A stream consumer's start position as RabbitMQ reads it: the value of the AMQP 0.9.1
 * consumer argument {@code x-stream-offset} and of the AMQP 1.0 source filter
 * {@code rabbitmq:stream-offset-spec}. Stateless.
 */
public final class StreamOffsetValue {
    private StreamOffsetValue() {
    }

    /**
     * {@code first}, {@code last}, {@code next} and intervals ({@code 10m}) as strings; an offset as
     * a {@code Long}; a timestamp as a {@code Date} (milliseconds, which the brokers round down to
     * seconds).
     */
    public static Object of(StreamOffset offset) {
        if (offset instanceof StreamOffset.Offset o) {
            return o.value();
        }
        if (offset instanceof StreamOffset.Timestamp t) {
            return Date.from(t.instant());
        }
        return offset.toString(); // first, last, next, or an interval such as 10m
    }
}
