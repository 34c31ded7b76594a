package io.amqpharness.spi;

/**
 * Receives deliveries. Implemented by the core; a driver calls it for one consumer from one
 * thread at a time.
 */
public interface DeliveryListener {

    /**
     * One message arrived.
     *
     * @param tag         the handle to settle it with, increasing per consumer
     * @param body        array holding the body; read-only, valid during the call only
     * @param offset      where the body starts in {@code body}
     * @param length      body length in bytes
     * @param redelivered the broker delivered it before
     * @param publisherId the publisher identity carried by the message, or {@code null} if the
     *                    message has none (it came from another tool)
     */
    void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId);

    /**
     * One message arrived that names where to reply (its AMQP 0.9.1 {@code reply-to}). Drivers
     * that read the property call this one; the default drops the address.
     *
     * @param replyTo the message's reply address, or {@code null} if it has none
     */
    default void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId,
                           String replyTo) {
        delivered(tag, body, offset, length, redelivered, publisherId);
    }

    /**
     * Whether {@code delivered} may wait: for a consumer rate, for simulated processing, or for a
     * reply to be sent. When it never waits, a driver may call it on the thread that reads the
     * socket, which saves a hand-off to another thread per batch of deliveries. Asked once, when
     * the consumer starts. The default, {@code true}, is always safe.
     */
    default boolean mayWait() {
        return true;
    }

    /** The link failed: no more deliveries will arrive. */
    void failed(Throwable cause);
}
