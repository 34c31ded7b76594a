package io.amqpharness.run;

import io.amqpharness.measure.NanoClock;
import io.amqpharness.spi.ProtocolDriver;
import java.util.List;
import java.util.OptionalLong;

/**
 * Reads what is left in the run's queues once the broker has taken in everything on its way to
 * them. RabbitMQ answers a depth read (a passive declare, the management API) ahead of the
 * messages still in a queue's mailbox, so a queue that a saturated run filled faster than it could
 * take them in still grows for seconds after the publishers' channels closed: a depth read then is
 * short by that backlog, and the delivery line would show a mismatch for a run that lost nothing.
 *
 * <p>The depth counts as settled when, with what the consumers received, it accounts for every
 * expected delivery, or when two reads {@link #POLL_NANOS} apart agree. Runs whose counts close
 * (nearly all), and runs with no expected deliveries to account for, read once; a queue still
 * growing after {@link #MAX_WAIT_NANOS} is not known, and a note says so.
 */
final class SettledDepth {
    /** Between two depth reads, in nanoseconds. */
    static final long POLL_NANOS = 250_000_000L;
    /** The longest the depth may keep changing before it counts as not known, in nanoseconds. */
    static final long MAX_WAIT_NANOS = 15_000_000_000L;

    private SettledDepth() {
    }

    /**
     * @param expected deliveries expected, empty when the topology does not tell
     * @param arrived  the expected messages consumers received (consumed once, less those in doubt)
     * @param notes    where to say that the depth never settled
     * @return messages ready in the queues, empty when a depth cannot be read or never settled
     */
    static OptionalLong read(ProtocolDriver driver, List<String> queues, OptionalLong expected, long arrived,
                             NanoClock clock, List<String> notes) {
        OptionalLong depth = DeliveryDrain.totalDepth(driver, queues);
        if (expected.isEmpty()) {
            return depth; // no account to close: a queue that may drop (TTL, a length limit) keeps changing
        }
        long deadline = clock.nanoTime() + MAX_WAIT_NANOS;
        while (depth.isPresent()) {
            if (arrived + depth.getAsLong() >= expected.getAsLong()) {
                return depth;
            }
            clock.parkNanos(POLL_NANOS);
            OptionalLong next = DeliveryDrain.totalDepth(driver, queues);
            if (next.isEmpty() || next.getAsLong() == depth.getAsLong()) {
                return depth;
            }
            if (clock.nanoTime() - deadline >= 0) {
                notes.add(String.format("The queues still held a changing number of messages %d s after the "
                        + "publishers closed (%,d at the last read): the broker was still taking in what was sent, "
                        + "so what is left in them is not known and the delivery line is left out.",
                        MAX_WAIT_NANOS / 1_000_000_000L, next.getAsLong()));
                return OptionalLong.empty();
            }
            depth = next;
        }
        return depth;
    }
}
