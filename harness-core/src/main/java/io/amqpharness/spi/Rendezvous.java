package io.amqpharness.spi;

import java.time.Duration;
import java.util.Optional;

/**
 * A broadcast channel on the broker through which harness instances meet before they start
 * (the {@code --barrier}): every message announced reaches every instance at the same rendezvous,
 * the sender included, as long as it is open. Drivers open it; the core runs the protocol over it.
 * One thread uses an instance at a time.
 */
public interface Rendezvous extends AutoCloseable {

    /** Sends a short text to every instance at the rendezvous. */
    void announce(String message);

    /**
     * The next message that arrived, waiting at most {@code wait}.
     *
     * @return the message, or empty if none came in time
     * @throws InterruptedException if the thread is interrupted while waiting
     */
    Optional<String> next(Duration wait) throws InterruptedException;

    /**
     * Leaves the rendezvous; the broker forgets it once every instance left (an exchange), or the
     * driver deletes it when its run ends (a stream).
     */
    @Override
    void close();
}
