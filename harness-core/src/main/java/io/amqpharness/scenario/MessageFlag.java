package io.amqpharness.scenario;

/** Per-message publishing flags, as PerfTest's {@code --flag}. */
public enum MessageFlag {
    /** Durable messages: delivery mode 2 (0.9.1) or {@code header.durable=true} (1.0). */
    PERSISTENT,
    /** Unroutable messages come back to the publisher (0.9.1 {@code basic.return}). */
    MANDATORY
}
