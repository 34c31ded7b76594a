package io.amqpharness.run;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.Measurements;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.ProtocolDriver;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * After publishing stops, waits for consumers to receive what is still on its way: until they
 * have everything expected, or they are idle and the queues are empty, or the drain times out.
 */
final class DeliveryDrain {
    private static final long POLL_NANOS = 50_000_000L;
    private static final long IDLE_NANOS = 1_000_000_000L;
    /**
     * How long consumers may receive nothing, with the queues empty, before a drain that knows what it
     * expects and has not received it all ends, in nanoseconds. The queues' depth does not count what is
     * still in the broker's ingress (its connection and channel processes, a queue's mailbox): on a loaded
     * machine that held deliveries back for more than a second after publishing stopped (1,862 of 4,000
     * messages, then counted as lost), so such a drain waits longer than an idle one with nothing to expect.
     */
    static final long EXPECTING_IDLE_NANOS = 5_000_000_000L;
    /**
     * The longest a stopped run (Ctrl-C, {@code LoadRunner.stop()}) waits for what is on its way, in
     * nanoseconds: long enough for messages in flight to arrive, so that a stream run's counts close
     * (a stream has no depth that would count them as left), short enough that a backlog does not
     * hold up the stop (a queue's backlog is counted as left in it).
     */
    static final long STOPPED_DRAIN_NANOS = 2_000_000_000L;

    private final Scenario scenario;
    private final ProtocolDriver driver;
    private final TopologyPlanner.Resolved topology;
    private final RunParticipants participants;
    private final Measurements measurements;
    private final RunControl control;
    private final NanoClock clock;
    private final List<String> notes;

    DeliveryDrain(Scenario scenario, ProtocolDriver driver, TopologyPlanner.Resolved topology,
                  RunParticipants participants, Measurements measurements, RunControl control, NanoClock clock,
                  List<String> notes) {
        this.scenario = scenario;
        this.driver = driver;
        this.topology = topology;
        this.participants = participants;
        this.measurements = measurements;
        this.control = control;
        this.clock = clock;
        this.notes = notes;
    }

    /**
     * @param runDeadline when to give up, on the run's clock (a stopped run gives up sooner: {@link #STOPPED_DRAIN_NANOS})
     * @param expectedNow deliveries expected from what was confirmed; empty when unknowable
     */
    void await(long runDeadline, OptionalLong expectedNow) {
        if (!participants.hasConsumers() || control.failure() != null) {
            return;
        }
        long drainStart = clock.nanoTime();
        boolean stopped = control.stopRequested();
        long stoppedDeadline = drainStart + STOPPED_DRAIN_NANOS;
        long deadline = stopped && stoppedDeadline - runDeadline < 0 ? stoppedDeadline : runDeadline;
        boolean goal = scenario.consuming().messagesPerConsumer().isPresent();
        long nextDepthCheck = drainStart;
        boolean stream = TopologyPlanner.isStream(scenario);
        while (control.failure() == null) {
            long now = clock.nanoTime();
            if (goal && control.allConsumersReachedGoal()) {
                return;
            }
            CountSnapshot counts = measurements.counters().snapshot();
            if (!goal && expectedNow.isPresent() && receivedExpected(counts, expectedNow.getAsLong())) {
                return;
            }
            long lastDelivery = Math.max(drainStart, participants.lastDeliveryNanos());
            // Idle consumers: stop unless the queues still hold messages for them. A stream's depth says
            // nothing (it keeps every message), and a broker may pause stream deliveries for seconds,
            // so a stream drain that knows what to expect waits for it (up to the timeout).
            boolean expecting = !goal && expectedNow.isPresent();
            boolean waitForExpected = stream && expecting;
            long idleNanos = expecting ? EXPECTING_IDLE_NANOS : IDLE_NANOS;
            if (now - lastDelivery >= idleNanos && now >= nextDepthCheck && !waitForExpected) {
                if (stream) {
                    if (!goal) {
                        notes.add("Stream consumers received nothing for " + TimeUnit.NANOSECONDS.toSeconds(IDLE_NANOS)
                                + " s after publishing stopped; the drain ended there: they may not read the whole run "
                                + "(their offset, a start delay, a filter or a step), so it could not wait for what they "
                                + "should receive.");
                    }
                    return;
                }
                if (totalDepth(driver, topology.queues()).orElse(0) == 0) {
                    if (expecting) {
                        notes.add("Consumers received nothing for " + TimeUnit.NANOSECONDS.toSeconds(idleNanos)
                                + " s with the queues empty and " + (expectedNow.getAsLong()
                                - (counts.ownUnique() - counts.inDoubtArrived())) + " expected messages not received;"
                                + " the drain ended there.");
                    }
                    return;
                }
                nextDepthCheck = now + 500_000_000L;
            }
            if (now - deadline >= 0) {
                notes.add(stopped ? "After the stop, consumers had not received everything within "
                        + TimeUnit.NANOSECONDS.toSeconds(STOPPED_DRAIN_NANOS) + " s; the drain ended there."
                        : "The drain timeout (" + scenario.run().drainTimeout().toSeconds()
                        + " s) ended the run before consumers had received everything.");
                return;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /**
     * True once consumers have the {@code expected} deliveries. Messages in doubt that arrived do not
     * count towards them, as in {@link RunResult#unaccountedDeliveries()}: they were not expected
     * (a confirmed count excludes them), so counting them would end the drain while that many
     * expected messages are still on their way, leaving them neither consumed nor lost.
     *
     * @param counts   the counts now
     * @param expected deliveries expected from what was confirmed (or published without confirms)
     */
    static boolean receivedExpected(CountSnapshot counts, long expected) {
        return counts.ownUnique() - counts.inDoubtArrived() >= expected;
    }

    /** Messages ready in a queue, empty if the driver cannot tell. */
    static OptionalLong depth(ProtocolDriver driver, String queue) {
        try {
            return driver.control().queueDepth(queue);
        } catch (RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** Messages ready over all the queues, empty if any cannot be read. */
    static OptionalLong totalDepth(ProtocolDriver driver, List<String> queues) {
        long sum = 0;
        for (String q : queues) {
            OptionalLong d = depth(driver, q);
            if (d.isEmpty()) {
                return OptionalLong.empty();
            }
            sum += d.getAsLong();
        }
        return OptionalLong.of(sum);
    }
}
