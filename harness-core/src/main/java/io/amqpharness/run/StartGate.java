package io.amqpharness.run;

import io.amqpharness.HarnessException;
import io.amqpharness.scenario.Coordination;
import io.amqpharness.scenario.Durations;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.Rendezvous;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Holds a run between opening its links and publishing until the other instances are ready
 * ({@code --barrier}) and the start time has come ({@code --start-at}).
 *
 * <p>The barrier protocol, over a {@link Rendezvous}: each instance announces {@code ready ID}
 * every {@value #ANNOUNCE_MILLIS} ms (so that instances joining later hear it) and collects the ids
 * it hears. The first to have heard {@code N} distinct ids announces {@code go ID} and starts; an
 * instance that hears {@code go} starts at once. Every instance had joined before it announced
 * itself, so each hears the {@code go}: all start within one broker round trip of each other.
 * Instances with the same id count once. Not thread-safe: called by the run's thread.
 */
final class StartGate {
    static final long ANNOUNCE_MILLIS = 200;
    private static final Duration POLL = Duration.ofMillis(20);

    private StartGate() {
    }

    /**
     * Waits for the barrier, then for the start time, as the scenario asks.
     *
     * @param stop true once the run was asked to stop (Ctrl-C): waiting ends at once
     * @param tell says what the run waits for, before it waits (the console prints it)
     * @return notes for the result, for example a start time that had already passed
     * @throws HarnessException if the other instances did not arrive within the barrier timeout
     */
    static List<String> await(Coordination c, ProtocolDriver driver, Clock wall, BooleanSupplier stop,
                              java.util.function.Consumer<String> tell) {
        List<String> notes = new java.util.ArrayList<>();
        if (c.barrier().isPresent()) {
            tell.accept("Instance " + c.instanceId() + " waits at the barrier '" + c.barrierName() + "' for "
                    + c.barrier().getAsInt() + " instances (at most " + Durations.format(c.barrierTimeout()) + ").");
            Instant arrived = wall.instant();
            try (Rendezvous r = driver.control().rendezvous(c.barrierName())) {
                meet(r, c.instanceId(), c.barrier().getAsInt(), c.barrierName(), c.barrierTimeout(), wall::instant, stop);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return notes;
            }
            notes.add("Instance " + c.instanceId() + " waited " + seconds(Duration.between(arrived, wall.instant()))
                    + " at the barrier '" + c.barrierName() + "' for " + c.barrier().getAsInt() + " instances.");
        }
        if (c.startAt().isPresent()) {
            Instant target = c.startAt().get().instant(wall.getZone(), LocalDate.now(wall));
            Duration late = Duration.between(target, wall.instant());
            if (!late.isNegative() && !late.isZero()) {
                notes.add("--start-at " + c.startAt().get() + " had passed by " + seconds(late)
                        + " when this instance was ready; it started at once.");
            } else {
                tell.accept("Publishing starts at " + target + " (--start-at " + c.startAt().get() + ").");
                sleepUntil(target, wall, stop);
            }
        }
        return notes;
    }

    /**
     * Announces this instance and returns once {@code expected} instances are at the barrier.
     *
     * @return the ids heard (all of them, if this instance completed the barrier; else those heard by then)
     */
    static Set<String> meet(Rendezvous r, String id, int expected, String name, Duration timeout,
                            Supplier<Instant> now, BooleanSupplier stop) throws InterruptedException {
        Set<String> seen = new TreeSet<>();
        Instant deadline = now.get().plus(timeout);
        Instant nextAnnounce = Instant.MIN;
        while (!stop.getAsBoolean()) {
            Instant t = now.get();
            if (!t.isBefore(nextAnnounce)) {
                r.announce("ready " + id);
                nextAnnounce = t.plusMillis(ANNOUNCE_MILLIS);
            }
            if (t.isAfter(deadline)) {
                throw new HarnessException("Only " + seen.size() + " of " + expected + " instances reached the "
                        + "barrier '" + name + "' within " + Durations.format(timeout) + " (heard: "
                        + (seen.isEmpty() ? "none" : String.join(", ", seen)) + "); start the others with the same "
                        + "--barrier-name and broker, give each its own --instance, or raise --barrier-timeout.");
            }
            Optional<String> m = r.next(POLL);
            if (m.isEmpty()) {
                continue;
            }
            String text = m.get();
            if (text.startsWith("go ")) {
                return seen;
            }
            if (text.startsWith("ready ")) {
                seen.add(text.substring("ready ".length()));
                if (seen.size() >= expected) {
                    r.announce("go " + id);
                    return seen;
                }
            }
        }
        return seen;
    }

    /** {@code 3.2 s}. */
    private static String seconds(Duration d) {
        return String.format(java.util.Locale.ROOT, "%.1f s", d.toNanos() / 1e9);
    }

    private static void sleepUntil(Instant target, Clock wall, BooleanSupplier stop) {
        while (!stop.getAsBoolean()) {
            long nanos = Duration.between(wall.instant(), target).toNanos();
            if (nanos <= 0) {
                return;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(Math.min(nanos, 100_000_000L));
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }
}
