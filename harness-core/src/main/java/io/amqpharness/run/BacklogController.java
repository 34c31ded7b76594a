package io.amqpharness.run;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.result.BacklogOutcome;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.StepResult;
import io.amqpharness.scenario.Backlog;
import io.amqpharness.scenario.BacklogThen;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * Runs a backlog run ({@code --backlog}): watches the queues fill with the consumers held back,
 * lets the consumers arrive once the backlog is reached (and retires the publishers for
 * {@link BacklogThen#DRAIN}), and ends the run once the backlog has drained. Its own thread polls
 * every {@link #POLL_NANOS} (the harness's counts; the broker's depth every
 * {@link #DEPTH_POLL_NANOS} when the topology does not tell how many queues a message reaches)
 * and alone makes the live changes; as a {@link Stepper} it measures the two phases, {@code fill}
 * and {@code drain}, on the reporting thread, each from the reporting interval in which it began.
 */
final class BacklogController implements Stepper {
    /** Between two looks at the backlog, in nanoseconds. */
    static final long POLL_NANOS = 10_000_000L;
    /** Between two reads of the broker's depth when the harness's counts cannot tell, in nanoseconds. */
    static final long DEPTH_POLL_NANOS = 100_000_000L;
    /** While publishers keep publishing, the backlog counts as drained at this share of the one reached. */
    static final double DRAINED_SHARE = 0.01;

    private final Backlog backlog;
    private final long target;
    private final RunParticipants participants;
    private final RunControl control;
    private final BacklogLevel level;
    private final Supplier<OptionalLong> brokerDepth;
    private final NanoClock clock;
    private final Consumer<String> note;
    private final int consumers;
    private final int channelsPerConsumer;
    private final long start;
    private final StepAccumulator current = new StepAccumulator();
    private final List<StepResult> steps = new ArrayList<>();
    private Thread poller;

    // Written by the poller, read by the reporting thread and at the end.
    private volatile boolean reached;
    private volatile long fillEndNanos;
    private volatile long filled;
    private volatile OptionalLong depthAtFill = OptionalLong.empty();
    private volatile long consumedAtFill;
    private volatile int arrived;
    private volatile long lastArrivalNanos;
    private volatile long peak;
    private volatile boolean drained;
    private volatile long drainedNanos;
    private volatile long leftAtDrain;
    private volatile long consumedAtDrain;
    private volatile boolean watching = true;
    /** Closes the reporting interval in progress; set once the run's intervals start. */
    private volatile Optional<Supplier<IntervalStats>> intervalCut = Optional.empty();
    private boolean finished;

    // The reporting thread's.
    private int intervalsInStep;
    private long lastAddedNanos;

    /**
     * @param backlog     what to build and what publishers do then
     * @param target      the backlog in messages
     * @param level       how many messages the queues hold now
     * @param brokerDepth the broker's depth of the run's queues, empty when it cannot be read
     * @param start       the start of publishing, on {@code clock}
     */
    BacklogController(Backlog backlog, long target, RunParticipants participants, RunControl control,
                      BacklogLevel level, Supplier<OptionalLong> brokerDepth, NanoClock clock, Consumer<String> note,
                      long start) {
        this.backlog = backlog;
        this.target = target;
        this.participants = participants;
        this.control = control;
        this.level = level;
        this.brokerDepth = brokerDepth;
        this.clock = clock;
        this.note = note;
        this.consumers = participants.scenario().consuming().consumers();
        this.channelsPerConsumer = participants.scenario().consuming().channelsPerConsumer();
        this.start = start;
    }

    /**
     * How to close the reporting interval in progress ({@code IntervalSampler.sample}): at the fill, so that
     * the fill step ends where the consumers arrive instead of sharing an interval with the first of their
     * deliveries. Before {@link #start}.
     */
    void cutIntervalsWith(Supplier<IntervalStats> cut) {
        intervalCut = Optional.of(cut);
    }

    /** Starts watching the backlog, on a thread of its own; it ends when the run ends. */
    void start() {
        poller = new Thread(this::poll, "harness-backlog");
        poller.setDaemon(true);
        poller.start();
    }

    /** Stops watching: no consumer arrives after this returns (waits up to 10 s for one being opened). */
    void stopWatching() {
        watching = false;
        if (poller != null) {
            try {
                poller.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void poll() {
        try {
            while (watching && control.failure() == null && !control.stopRequested() && control.publishing()) {
                if (step(clock.nanoTime())) {
                    return;
                }
                clock.parkNanos(POLL_NANOS);
            }
        } catch (RuntimeException e) {
            control.fail("The backlog could not be watched: " + (e.getMessage() == null ? e : e.getMessage()));
        }
    }

    /** One look at the backlog; true once it has drained. */
    private boolean step(long now) {
        if (!reached) {
            OptionalLong b = level.now(now);
            if (b.isPresent() && b.getAsLong() >= target) {
                fill(now, b.getAsLong());
            }
            return false;
        }
        arrive(now);
        OptionalLong b = level.now(now);
        if (b.isEmpty()) {
            return false;
        }
        peak = Math.max(peak, b.getAsLong());
        if (arrived == consumers && b.getAsLong() <= threshold()) {
            drainedNanos = now - start;
            leftAtDrain = b.getAsLong();
            consumedAtDrain = level.counts().consumed();
            drained = true;
            control.stopAtEnd();
            return true;
        }
        return false;
    }

    private void fill(long now, long messages) {
        // The interval in progress ends here, before any consumer arrives: without the cut, a fill shorter than
        // an interval (20,000 messages in 0.4 s on a quiet machine) shared its only interval with the drain's
        // first deliveries, and the fill step counted them (6,450 consumed "while filling").
        fillEndNanos = intervalCut.map(cut -> cut.get().elapsed().toNanos()).orElse(now - start);
        filled = messages;
        peak = messages;
        consumedAtFill = level.counts().consumed();
        if (backlog.then() == BacklogThen.DRAIN) {
            participants.setPublishers(0);
        }
        // Read before the consumers arrive (they may take the whole backlog into their prefetch at once):
        // one round trip to the broker, a few milliseconds.
        depthAtFill = brokerDepth.get();
        reached = true;
        arrive(now);
        note.accept(String.format(java.util.Locale.ROOT, "The backlog of %,d messages was reached after %.2f s; "
                + "%d consumer%s arrive%s.", messages, fillEndNanos / 1e9, consumers, consumers == 1 ? "" : "s",
                backlog.consumerArrival().isPresent() ? ", " + backlog.consumerArrival().getAsDouble() + " per second"
                        : " at once"));
    }

    /** Opens the consumers due by {@code now}: all at once, or the first at once and then at the arrival rate. */
    private void arrive(long now) {
        int due = due(consumers, backlog.consumerArrival(), now - start - fillEndNanos);
        if (due > arrived) {
            participants.arriveConsumers(due * channelsPerConsumer);
            arrived = due;
            lastArrivalNanos = clock.nanoTime() - start;
        }
    }

    /** Consumers due {@code sinceFill} nanoseconds after the backlog was reached: the first at once. */
    static int due(int consumers, OptionalDouble perSecond, long sinceFill) {
        if (perSecond.isEmpty()) {
            return consumers;
        }
        double more = Math.floor(perSecond.getAsDouble() * Math.max(0, sinceFill) / 1e9);
        return (int) Math.min(consumers, 1 + more);
    }

    /** The backlog counts as drained at or below this: empty for {@code drain}, else 1 % of the one reached. */
    long threshold() {
        return drainedAt(backlog.then(), filled);
    }

    static long drainedAt(BacklogThen then, long filled) {
        return then == BacklogThen.DRAIN ? 0 : (long) Math.floor(filled * DRAINED_SHARE);
    }

    @Override
    public synchronized void intervalHistograms(IntervalStats stats, Map<Metric, Histogram> interval) {
        if (finished) {
            return;
        }
        if (stats.phase() == IntervalStats.Phase.DRAINING) {
            current.drained(stats);
            return;
        }
        long end = stats.elapsed().toNanos();
        long begin = end - stats.length().toNanos();
        if (drained && begin >= drainedNanos) {
            current.skip(stats); // the backlog drained in an earlier interval: the run is ending
            return;
        }
        if (steps.isEmpty() && reached && fillEndNanos <= end) {
            // The fill ended in this interval: it belongs to the drain, unless the fill has no other.
            if (intervalsInStep == 0) {
                add(stats, interval);
                closeFill(end);
                return;
            }
            closeFill(lastAddedNanos);
        }
        add(stats, interval);
    }

    private void add(IntervalStats stats, Map<Metric, Histogram> interval) {
        current.add(stats, interval);
        intervalsInStep++;
        lastAddedNanos = stats.elapsed().toNanos();
    }

    private void closeFill(long endNanos) {
        steps.add(current.close(0, "fill", Map.of("backlog", (double) target, "consumers", 0.0), endNanos));
        intervalsInStep = 0;
    }

    @Override
    public synchronized List<StepResult> finish(long elapsedNanos) {
        if (!finished) {
            finished = true;
            long end = Math.max(Math.min(elapsedNanos, lastAddedNanos), current.startNanos());
            if (steps.isEmpty()) {
                closeFill(end);
            } else if (intervalsInStep > 0 || end > current.startNanos()) {
                steps.add(current.close(1, "drain", Map.of("backlog", (double) target, "consumers", (double) consumers), end));
            }
        }
        return List.copyOf(steps);
    }

    /** What the run measured, {@code elapsedNanos} being the end of publishing; after {@link #finish}. */
    synchronized BacklogOutcome outcome(long elapsedNanos) {
        StepResult fill = steps.get(0);
        Optional<StepResult> drain = steps.size() > 1 ? Optional.of(steps.get(1)) : Optional.empty();
        long fillNanos = reached ? fillEndNanos : elapsedNanos;
        long drainEnd = drained ? drainedNanos : elapsedNanos;
        double drainSeconds = (drainEnd - fillEndNanos) / 1e9;
        long consumedThen = drained ? consumedAtDrain : level.counts().consumed();
        return new BacklogOutcome(target, backlog.then().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
                reached, Duration.ofNanos(fillNanos), reached ? filled : 0,
                reached ? filled / Math.max(1e-9, fillNanos / 1e9) : 0, depthAtFill, arrived,
                Duration.ofNanos(reached ? Math.max(0, lastArrivalNanos - fillEndNanos) : 0), reached ? peak : 0,
                drained, drained ? Optional.of(Duration.ofNanos(drainedNanos - fillEndNanos)) : Optional.empty(),
                drained && drainSeconds > 0 ? OptionalDouble.of((peak - leftAtDrain) / drainSeconds)
                        : OptionalDouble.empty(),
                reached && drainSeconds > 0 ? (consumedThen - consumedAtFill) / drainSeconds : 0,
                publishers(fill),
                backlog.then() == BacklogThen.KEEP_PUBLISHING ? drain.map(BacklogController::publishers)
                        : Optional.empty());
    }

    private static BacklogOutcome.Publishers publishers(StepResult s) {
        return new BacklogOutcome.Publishers(s.rates().sent(), s.rates().confirmed(), s.latency(Metric.CONFIRM));
    }

    /**
     * How many messages the run's queues hold: by the harness's counts when the topology tells
     * how many queues each message reaches (published and not refused nor in doubt, times those
     * queues, less the first deliveries of the run's messages), else the broker's depth.
     */
    static final class BacklogLevel {
        private final Supplier<CountSnapshot> counts;
        private final java.util.OptionalInt copies;
        private final Supplier<OptionalLong> brokerDepth;
        private long lastDepthRead;
        private OptionalLong lastDepth = OptionalLong.empty();

        BacklogLevel(Supplier<CountSnapshot> counts, java.util.OptionalInt copies, Supplier<OptionalLong> brokerDepth) {
            this.counts = counts;
            this.copies = copies;
            this.brokerDepth = brokerDepth;
        }

        CountSnapshot counts() {
            return counts.get();
        }

        /** Messages in the queues at {@code now}; empty when the broker's depth cannot be read. */
        OptionalLong now(long now) {
            if (copies.isPresent()) {
                return OptionalLong.of(ofCounts(counts.get(), copies.getAsInt()));
            }
            if (lastDepthRead == 0 || now - lastDepthRead >= DEPTH_POLL_NANOS) {
                lastDepth = brokerDepth.get();
                lastDepthRead = now;
            }
            return lastDepth;
        }

        static long ofCounts(CountSnapshot c, int copies) {
            long refused = c.nacked() + c.returned() + c.released() + c.inDoubt();
            return Math.max(0, (c.published() - refused) * copies - (c.ownUnique() - c.inDoubtArrived()));
        }
    }
}
