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
     * messages: AMQP 0.9.1 {@code connection.blocked} / {@code unblocked} (a memory or disk alarm),
     * or an AMQP 1.0 link whose credit the broker withholds. Default: ignored.
     *
     * @param reason what the broker said, or {@code null}
     */
    default void blocked(boolean blocked, String reason) {
    }
}
