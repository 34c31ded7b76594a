package io.amqpharness.spi;

/**
 * A driver's publisher. Used by exactly one publishing thread.
 */
public interface PublisherLink extends AutoCloseable {

    /**
     * Sends one message. May block while the protocol or broker applies back-pressure. The driver
     * reports the outcome of a confirmed send with {@code seq} to the link's
     * {@link PublishOutcomeListener}.
     *
     * @param seq  the publisher's sequence number, starting at 1 and increasing by 1 per send
     * @param body the message body; the caller reuses it once this method returns
     * @throws DriverException if the link failed
     */
    void send(long seq, byte[] body);

    /** Closes the link (and its connection if no other link uses it). Idempotent. */
    @Override
    void close();
}
