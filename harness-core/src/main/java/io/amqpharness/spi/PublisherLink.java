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
     * @param seq        the publisher's sequence number, starting at 1 and increasing by 1 per send
     * @param body       the message body (its whole length); the caller reuses it once this method returns
     * @param routingKey the routing key: the spec's, or another one when the run varies keys (the
     *                   same String instance whenever it is the spec's)
     * @throws DriverException if the link failed
     */
    void send(long seq, byte[] body, String routingKey);

    /**
     * Sends one message with the properties of one variant of the spec's
     * ({@link PublisherSpec#variants()}): the core calls this for every send. The default sends with the
     * spec's properties ({@link #send(long, byte[], String)}), which is right for variant 0 only; the
     * core asks for other variants only of a driver whose provider accepted a scenario that draws
     * properties per message. A link that wraps another passes the variant on.
     *
     * @param variant the index of the variant, 0 to {@code variants().size() - 1}
     */
    default void send(long seq, byte[] body, String routingKey, int variant) {
        send(seq, body, routingKey);
    }

    /**
     * The publisher is about to wait: for its next intended send time, or for room in its confirm
     * window. A driver that holds sent messages back to write several with one socket write
     * writes them now, so no message waits longer than the publisher's own pause. Default:
     * nothing (the driver writes each message as it is sent).
     */
    default void aboutToWait() {
    }

    /**
     * Completes what the link holds open (a transaction) so that every message sent so far gets
     * its outcome. Called once, after the last send. Default: nothing to do.
     */
    default void flush() {
    }

    /** Closes the link (and its connection if no other link uses it). Idempotent. */
    @Override
    void close();
}
