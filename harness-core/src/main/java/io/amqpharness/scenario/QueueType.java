package io.amqpharness.scenario;

import java.util.Locale;

/** The RabbitMQ queue type a run declares. */
public enum QueueType {
    /** Classic queue (durable unless told otherwise). */
    CLASSIC,
    /** Quorum queue: always durable, replicated with Raft. */
    QUORUM,
    /** Stream: durable append-only log; consumers need a prefetch and manual acks. */
    STREAM;

    /** The value of the {@code x-queue-type} argument. */
    public String argumentValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
