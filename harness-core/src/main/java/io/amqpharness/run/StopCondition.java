package io.amqpharness.run;

import io.amqpharness.measure.NanoClock;
import io.amqpharness.scenario.ExitWhen;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.ProtocolDriver;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * When a run stops publishing: at the time limit, at the publishers' or consumers' message goals,
 * at {@code --exit-when}, on a failure or a stop request. Used by the runner's thread.
 */
final class StopCondition {
    private static final long POLL_NANOS = 50_000_000L;

    private final Scenario scenario;
    private final ProtocolDriver driver;
    private final List<String> queues;
    private final RunParticipants participants;
    private final RunControl control;
    private final NanoClock clock;

    StopCondition(Scenario scenario, ProtocolDriver driver, List<String> queues, RunParticipants participants,
                  RunControl control, NanoClock clock) {
        this.scenario = scenario;
        this.driver = driver;
        this.queues = queues;
        this.participants = participants;
        this.control = control;
        this.clock = clock;
    }

    /** Waits until the run should stop publishing; true if that is because the time limit was reached. */
    boolean await(long start) {
        long deadline = scenario.run().publishingLimit().map(d -> start + d.toNanos()).orElse(Long.MAX_VALUE);
        boolean publisherGoal = scenario.publishing().messagesPerProducer().isPresent()
                || scenario.publishing().publishers() == 0;
        boolean consumerGoal = scenario.consuming().messagesPerConsumer().isPresent();
        Optional<ExitWhen> exitWhen = scenario.consuming().exitWhen();
        long nextExitCheck = start + Math.max(1_000_000_000L, scenario.run().interval().toNanos());
        while (true) {
            if (control.failure() != null || control.stopRequested()) {
                return false;
            }
            long now = clock.nanoTime();
            if (now - deadline >= 0) {
                return true;
            }
            boolean publishersDone = control.allPublishersFinished();
            if (publishersDone && scenario.publishing().publishers() > 0 && publisherGoal && !consumerGoal
                    && exitWhen.isEmpty()) {
                return false; // the drain waits for the consumers
            }
            if (consumerGoal && control.allConsumersReachedGoal() && (publishersDone || !publisherGoal)) {
                return false;
            }
            if (exitWhen.isPresent() && now - nextExitCheck >= 0) {
                if (drained(exitWhen.get(), now)) {
                    return false;
                }
                nextExitCheck = now + 500_000_000L;
            }
            LockSupport.parkNanos(Math.min(POLL_NANOS, deadline - now));
        }
    }

    /** {@code --exit-when}: the queues are empty, or consumers have been idle a whole interval. */
    private boolean drained(ExitWhen when, long now) {
        if (when == ExitWhen.EMPTY) {
            for (String q : queues) {
                if (DeliveryDrain.depth(driver, q).orElse(1) != 0) {
                    return false;
                }
            }
            return participants.allAcknowledged();
        }
        long last = participants.lastDeliveryNanos();
        long idle = Math.max(1_000_000_000L, scenario.run().interval().toNanos());
        return last != 0 && now - last >= idle;
    }

    /**
     * When the time limit ended publishing, paced publishers that fell behind get a grace period
     * (the drain timeout, at most 5 s) to send what was due by then; a stop for any other reason
     * (a goal, {@code --exit-when}, a failure) has none.
     */
    void graceAfter(boolean timeLimit) {
        if (timeLimit && scenario.publishing().paced() && !idlePublishers() && control.failure() == null
                && !control.stopRequested()) {
            // Paced publishers stop themselves at the time limit; let late ones send what was due.
            long graceEnd = clock.nanoTime() + Math.min(scenario.run().drainTimeout().toNanos(), 5_000_000_000L);
            while (!control.allPublishersFinished() && clock.nanoTime() - graceEnd < 0 && control.failure() == null) {
                LockSupport.parkNanos(1_000_000L);
            }
        }
    }

    /** Publishers at rate 0 all run long ({@code -r 0}, no steps): none has anything due, so no grace. */
    private boolean idlePublishers() {
        java.util.OptionalDouble rate = scenario.publishing().ratePerProducer();
        return rate.isPresent() && rate.getAsDouble() == 0 && scenario.publishing().variableRate().isEmpty()
                && scenario.run().steps().isEmpty();
    }
}
