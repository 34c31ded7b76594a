package io.amqpharness.stream;

import com.rabbitmq.stream.ConfirmationHandler;
import com.rabbitmq.stream.ConfirmationStatus;
import com.rabbitmq.stream.Constants;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.topology.stream.StreamErrors;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One producer's confirmation handler: maps the client's verdicts (by publishing id, the core's
 * sequence) onto the core's outcomes. A confirm is a confirm. A failure that means the connection
 * went away, or any other of the client's own codes (a write that failed, a producer it closed, a
 * message it could not route), is not the broker's verdict on the message: the link fails once, and
 * the core counts what awaits a confirm in doubt. Only the broker's code for a message counts as
 * nacked, the first one's code in the notes.
 */
final class ProducerConfirms implements ConfirmationHandler {
    private final int index;
    private final boolean confirms;
    private final PublishOutcomeListener outcomes;
    private final List<String> notes;
    private final AtomicBoolean lost = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean failureNoted = new AtomicBoolean();

    /**
     * @param index    the publisher's number, for sentences
     * @param confirms whether the core tracks confirms for this publisher
     * @param outcomes the core's listener
     * @param notes    the run's notes
     */
    ProducerConfirms(int index, boolean confirms, PublishOutcomeListener outcomes, List<String> notes) {
        this.index = index;
        this.confirms = confirms;
        this.outcomes = outcomes;
        this.notes = notes;
    }

    /**
     * True for the client's codes of a producer whose connection dropped: it reports the producer not
     * available to a send meanwhile, and, when it has recovered the producer on its own without
     * publishing again (as the harness asks), fails what awaited a confirm with the confirm timeout's
     * code (the harness turns the client's confirm timeout off, so that code means nothing else).
     * Either way the broker may or may not have stored those messages: they are in doubt, not nacked.
     */
    static boolean connectionLost(short code) {
        return code == Constants.CODE_PRODUCER_NOT_AVAILABLE || code == Constants.CODE_PUBLISH_CONFIRM_TIMEOUT;
    }

    /** The stream client's own failure codes ({@code Constants.CODE_*}) start here; the broker's are below. */
    static final short FIRST_CLIENT_CODE = Constants.CODE_MESSAGE_ENQUEUEING_FAILED;

    /**
     * True for a code the stream client gives itself, not the broker: {@code MESSAGE_ENQUEUEING_FAILED},
     * {@code PRODUCER_NOT_AVAILABLE}, {@code PRODUCER_CLOSED}, {@code PUBLISH_CONFIRM_TIMEOUT},
     * {@code NO_ROUTE_FOUND} (and any later one).
     */
    static boolean clientSide(short code) {
        return code >= FIRST_CLIENT_CODE;
    }

    @Override
    public void handle(ConfirmationStatus status) {
        long seq = status.getMessage().getPublishingId();
        if (status.isConfirmed()) {
            if (confirms) {
                outcomes.settled(seq, false, PublishOutcome.CONFIRMED);
            }
            return;
        }
        short code = status.getCode();
        if (clientSide(code)) {
            if (lost.compareAndSet(false, true) && !closed.get()) {
                // The core's recovering publisher counts what awaits a confirm in doubt and opens a new
                // link (or, without --recovery, ends the run with this sentence).
                outcomes.failed(new DriverException(connectionLost(code)
                        ? "Publisher " + index + " lost its stream connection (" + StreamErrors.code(code) + ")."
                        : "Publisher " + index + "'s stream client failed a message itself (" + StreamErrors.code(code)
                                + "), not the broker: what awaits a confirm is in doubt."));
            }
            return;
        }
        if (lost.get() || closed.get() || !confirms) {
            return; // pending on a dead or closed link: in doubt, the core's to count
        }
        if (failureNoted.compareAndSet(false, true)) {
            notes.add("Publisher " + index + "'s first unconfirmed message (" + seq
                    + ") failed with the stream client's code " + StreamErrors.code(status.getCode()) + ".");
        }
        outcomes.settled(seq, false, PublishOutcome.NACKED);
    }

    /** True once the connection went away: the link is dead. */
    boolean lost() {
        return lost.get();
    }

    /** Marks the link closed by the harness (what fails afterwards is not reported); true the first time. */
    boolean close() {
        return closed.compareAndSet(false, true);
    }
}
