package io.amqpharness.run;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.NanoClock;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The message counts and the messages still awaiting a confirm, read as one consistent cut at the
 * end of a run. Publishers have stopped, but a late confirm can still arrive between reading the
 * counts and reading what is in flight; read naively, that confirm is in neither and the summary
 * prints "MISMATCH: 1". Here both are read until the in-flight figure is the same before and after
 * the counts and the counts explain every published message, or until the patience runs out; a
 * difference that remains is real and is reported as read.
 *
 * @param counts   the counts of the cut
 * @param inFlight messages sent and awaiting a verdict in the cut
 */
record SettledCut(CountSnapshot counts, long inFlight) {
    /** How long to keep reading while a confirm is being counted, in nanoseconds: 100 ms. */
    static final long PATIENCE_NANOS = 100_000_000L;

    /**
     * Reads a consistent cut.
     *
     * @param counts   reads the counts
     * @param inFlight reads the messages awaiting a verdict
     * @param confirms whether the run tracked confirms (without, there is nothing in flight to agree with)
     * @param clock    measures the patience and waits between readings
     */
    static SettledCut read(Supplier<CountSnapshot> counts, LongSupplier inFlight, boolean confirms, NanoClock clock) {
        long deadline = clock.nanoTime() + PATIENCE_NANOS;
        while (true) {
            long before = inFlight.getAsLong();
            CountSnapshot c = counts.get();
            long after = inFlight.getAsLong();
            boolean explained = !confirms || c.published() - c.settled() - c.inDoubt() == after;
            if ((before == after && explained) || clock.nanoTime() - deadline >= 0) {
                return new SettledCut(c, after);
            }
            clock.parkNanos(1_000_000L);
        }
    }
}
