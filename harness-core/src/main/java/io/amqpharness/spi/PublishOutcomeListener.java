package io.amqpharness.spi;

/**
 * Receives the broker's verdict on published messages. Implemented by the core; drivers call it
 * from their I/O threads. Calls for one publisher must not overlap.
 */
public interface PublishOutcomeListener {

    /**
     * The broker settled message {@code seq}, or with {@code multiple} every outstanding message
     * up to and including {@code seq}.
     */
    void settled(long seq, boolean multiple, PublishOutcome outcome);

    /**
     * The broker returned an unroutable mandatory message (0.9.1 {@code basic.return}). The body
     * identifies the message; the broker settles it afterwards with {@link #settled}.
     */
    void returned(byte[] body, int offset, int length);

    /** The link failed: no more outcomes will arrive. */
    void failed(Throwable cause);

    /**
     * The broker stopped ({@code true}) or resumed ({@code false}) accepting this publisher's
     * messages: AMQP 0.9.1 {@code connection.blocked} / {@code unblocked} (a memory or disk alarm).
     * Default: ignored.
     *
     * @param reason what the broker said, or {@code null}
     */
    default void blocked(boolean blocked, String reason) {
    }

    /**
     * An AMQP 1.0 publisher has waited {@code waited} for link credit the broker does not grant
     * ({@code true}, reported once, when the wait has lasted long enough to matter), or has credit
     * again ({@code false}). The broker withholds credit during a resource alarm (RabbitMQ 4), but a
     * queue that is slow to take messages also grants it slowly: this is not a block. Default: ignored.
     *
     * @param waited how long the publisher had already waited when it reports; zero for {@code false}
     */
    default void creditWait(boolean waiting, java.time.Duration waited) {
    }
}
