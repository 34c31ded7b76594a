package io.amqpharness.spi;

/**
 * A driver's consumer. Settlement methods may be called from any thread but never concurrently
 * for the same link (the core serialises them).
 */
public interface ConsumerLink extends AutoCloseable {

    /** Starts delivering to {@code listener}. Called once. */
    void start(DeliveryListener listener);

    /**
     * True if one call can settle many deliveries (0.9.1 {@code multiple}). Default: true, as for a
     * protocol whose consumers settle nothing (one call that does nothing covers any range).
     */
    default boolean supportsMultipleAck() {
        return true;
    }

    /**
     * Acknowledges delivery {@code tag}, or with {@code multiple} every unsettled delivery up to
     * it. Drivers without multiple acks settle each such delivery on its own. Default: nothing, for a
     * protocol whose consumers settle nothing ({@code ProtocolTraits.settles()} false, the stream
     * protocol); a driver whose protocol settles overrides the four settlement methods.
     */
    default void ack(long tag, boolean multiple) {
    }

    /** Negatively acknowledges, like {@link #ack}; {@code requeue} puts the messages back. Default: nothing. */
    default void nack(long tag, boolean multiple, boolean requeue) {
    }

    /** Rejects one delivery; {@code requeue} puts it back. Default: nothing. */
    default void reject(long tag, boolean requeue) {
    }

    /**
     * Changes the prefetch (link credit) while the consumer runs, for {@code --step qos=...}.
     * Default: not supported.
     *
     * @throws UnsupportedOperationException if the protocol cannot change it without reconnecting
     */
    default void setPrefetch(int prefetch) {
        throw new UnsupportedOperationException("this driver cannot change the prefetch of a running consumer");
    }

    /**
     * Stops receiving new messages; settlement of received ones is still allowed. Returns once
     * every message the broker delivered before the cancellation has reached the listener (or a
     * few seconds have passed), so that the caller can settle them before closing. Idempotent.
     * Default: {@link #close()}, which fits a protocol whose consumers settle nothing; a driver whose
     * consumers settle overrides it, so that what they received can still be settled.
     */
    default void cancel() {
        close();
    }

    /**
     * For a stream consumer, the stream offset of the last message delivered, so that a consumer
     * opened again after a dropped connection resumes after it; empty before the first delivery,
     * and for other queues. Default: empty.
     */
    default java.util.OptionalLong lastStreamOffset() {
        return java.util.OptionalLong.empty();
    }

    /** Closes the link (and its connection if no other link uses it). Idempotent. */
    @Override
    void close();
}
