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

    /** The link failed: no more deliveries will arrive. */
    void failed(Throwable cause);
}
