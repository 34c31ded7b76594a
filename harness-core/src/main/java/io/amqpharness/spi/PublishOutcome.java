package io.amqpharness.spi;

/** How the broker settled a published message. */
public enum PublishOutcome {
    /** 0.9.1 {@code basic.ack}; 1.0 {@code accepted}. */
    CONFIRMED,
    /** 0.9.1 {@code basic.nack}; 1.0 {@code rejected}. */
    NACKED,
    /** 1.0 {@code released}: on 4.x, the message could not be routed. */
    RELEASED,
    /** 1.0 {@code modified}. */
    MODIFIED
}
