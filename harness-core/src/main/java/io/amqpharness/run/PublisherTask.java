package io.amqpharness.run;

import io.amqpharness.flow.ConfirmTracker;
import io.amqpharness.flow.Pacer;
import io.amqpharness.measure.Counters;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.scenario.PublishSettings;
import io.amqpharness.scenario.RateStep;
import io.amqpharness.spi.PublisherLink;
import java.util.List;
import java.util.Optional;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One publisher's state and send path: its schedule of intended times (when paced), its confirm
 * window, and the send itself: stamp the reused body with the message's intended time (paced) or
 * the clock (unpaced), send, record the publish delay. When it sends is up to its driver: a thread
 * of its own ({@link OwnThreadPublisher}) or a shared {@link PacingThread}; both wake at most every
 * {@code --pacing-granularity} and send what fell due meanwhile in a burst. The timestamp is the
 * intended time when paced, so end-to-end latency includes any lateness (a burst's included); the
 * lateness itself is recorded as publish delay, per message.
 *
 * <p>Threading: the send path ({@link #begin} to {@link #end}) is used by one thread at a time, the
 * publisher's driver; {@link #setRate}, {@link #retire}, {@link #wake}, {@link #behindNanos} from any.
 */
final class PublisherTask {
    private static final VarHandle TAKEN;
    private static final VarHandle FINISHED;

    static {
        try {
            TAKEN = MethodHandles.lookup().findVarHandle(PublisherTask.class, "takenIntended", long.class);
            FINISHED = MethodHandles.lookup().findVarHandle(PublisherTask.class, "finishedOnce", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** What a publisher needs besides its link; shared by the publishers of a run. */
    record Context(PublishSettings settings, Counters counters, LatencyRecorder publishDelay, NanoClock clock,
                   PayloadClock payloadClock, RunControl control, Optional<String[]> randomKeys) {
    }

    private final PublisherLink link;
    private final Optional<ConfirmTracker> tracker;
    /** Where this publisher's publish delays go for consumers to pair (paced, monotonic clock). */
    private final Optional<SendTimes> sendTimes;
    private final String routingKey;
    private final Context c;
    private final long limit;
    private final BooleanSupplier publishing;
    private final SplittableRandom random;
    /** This publisher's seed: the sizes of a mix are drawn from it. */
    private final long seed;
    /** The routing keys and property variants drawn per message; null when nothing is drawn. */
    private final ShapeDraw shape;
    private final double phase;
    private volatile Thread thread;
    /** Set once the schedule exists; guarded by {@code this} together with {@link #startRate}. */
    private Pacer pacer;
    private volatile boolean retired;
    private double startRate;
    private volatile boolean late;
    /** When a step added this publisher, if {@link #late}: its schedule starts then, in nanoseconds. */
    private volatile long lateSince;
    /** The intended time of the message this publisher is sending or waiting to send; written with release. */
    @SuppressWarnings("unused")
    private long takenIntended;
    private volatile boolean scheduled;
    /** Set by {@link #setRate} once the schedule exists; cleared by the publisher when it takes the change. */
    private volatile boolean rateChanged;
    /** Set once {@link #finished} counted this publisher out. */
    @SuppressWarnings("unused")
    private boolean finishedOnce;
    /** Set by a pacing thread that serves this publisher: where {@link #wake} asks it to look at this publisher. */
    private volatile Consumer<PublisherTask> attention;

    // Publishing state, set up by begin(); used by one thread at a time (the publisher's, or its pacing thread).
    private ConfirmTracker tracked;
    private SendTimes times;
    private SizeSchedule sizes;
    private String[] keys;
    /** The sequence number of the last message sent (or being sent). */
    private long seq;
    private long sent;
    /** The intended time of the message taken from the schedule and not yet sent, when {@link #taken}. */
    private long intended;
    private boolean taken;
    private long wakeNanos;

    /**
     * @param phase where in its first send interval this publisher starts, from 0 (at the run's
     *              start) to below 1 (almost a whole interval later); unused with
     *              {@code --producer-random-start-delay} and for publishers that start late (steps)
     */
    PublisherTask(PublisherLink link, Optional<ConfirmTracker> tracker, String routingKey, Context context, long seed,
                  Optional<SendTimes> sendTimes, double phase) {
        this.phase = phase;
        this.sendTimes = sendTimes;
        this.link = link;
        this.tracker = tracker;
        this.routingKey = routingKey;
        this.c = context;
        this.limit = context.settings().messagesPerProducer().orElse(Long.MAX_VALUE);
        this.publishing = this::active;
        this.random = new SplittableRandom(seed);
        this.seed = seed;
        this.shape = context.settings().shape().isEmpty() ? null : new ShapeDraw(context.settings().shape(), seed);
    }

    /** What this publisher drew and sent per routing key and variant; empty when nothing is drawn. Once it stopped. */
    Optional<ShapeDraw> shapeDraw() {
        return Optional.ofNullable(shape);
    }

    /** What the publisher shares with the others of its run: settings, clock, run control. */
    Context context() {
        return c;
    }

    /** The thread a publisher of its own runs on, for {@link #wake}; set by that thread. */
    void runsOn(Thread t) {
        thread = t;
    }

    /**
     * When this publisher's schedule starts, once the run started: its phase or random delay after the
     * start, or for one a step added, after the time it was added (not the time a busy pacing thread
     * took it on, so what it owes since is measured).
     */
    long startNanos() {
        Optional<List<RateStep>> schedule = c.settings().schedule();
        return late ? lateSince + startDelayNanos(Optional.empty())
                : c.control().startNanos() + startDelayNanos(schedule);
    }

    /**
     * {@code --producer-random-start-delay}, or else this publisher's phase of its first rate's interval (none
     * without a schedule).
     */
    private long startDelayNanos(Optional<List<RateStep>> schedule) {
        if (c.settings().randomStartDelay().isPresent()) {
            long max = c.settings().randomStartDelay().get().toNanos();
            return random.nextLong(max + 1);
        }
        double firstRate = schedule.flatMap(s -> s.stream().filter(r -> r.ratePerSecond() > 0).findFirst())
                .map(RateStep::ratePerSecond).orElse(0.0);
        return firstRate > 0 ? (long) (phase * 1e9 / firstRate) : 0L;
    }

    /** Counts this publisher as finished, once (a retired idle publisher and its stop may both get here). */
    void finished() {
        if (FINISHED.compareAndSet(this, false, true)) {
            c.control().publisherFinished();
        }
    }

    /** True if this publisher never sends (a rate of 0 throughout): it needs no thread. */
    boolean idleThroughout() {
        return c.settings().idle();
    }

    /** True if this publisher paces its messages (a schedule of rates), so a shared pacing thread can serve it. */
    boolean paced() {
        return c.settings().schedule().isPresent() && !c.settings().idle();
    }

    /**
     * Hands the schedule over to {@link #setRate}: a rate set before this takes effect from the first
     * message on, one set after it from its own time. One lock, so a rate set while the publisher
     * starts lands in exactly one of the two.
     */
    private synchronized void attach(Pacer p) {
        if (p != null && startRate > 0 && c.settings().variableRate().isEmpty()) {
            p.setRate(startRate); // a step changed the rate before this publisher started
        }
        pacer = p;
        if (p != null) {
            TAKEN.setRelease(this, Long.MAX_VALUE); // nothing taken yet: "not behind" until the first message
            scheduled = true;
        }
    }

    /**
     * How far this paced publisher is behind its schedule now: how long ago the
     * message it is sending (or blocked on, or about to send back to back) was due; 0 when it is on
     * schedule, waiting for its next message, not paced, not started or retired.
     */
    long behindNanos() {
        if (!scheduled || retired) {
            return 0;
        }
        long taken = (long) TAKEN.getAcquire(this);
        return taken == Long.MAX_VALUE ? 0 : Math.max(0, c.clock().nanoTime() - taken);
    }

    /** Sets up publishing from {@code start} on: the schedule (when paced), the sizes, the keys. */
    void begin(long start) {
        Optional<List<RateStep>> schedule = c.settings().schedule();
        Pacer p = schedule.map(s -> new Pacer(s, start)).orElse(null);
        attach(p);
        tracked = tracker.orElse(null);
        times = p != null ? sendTimes.orElse(null) : null;
        sizes = SizeSchedule.of(c.settings(), start, seed);
        keys = c.randomKeys().orElse(null);
        wakeNanos = start;
    }

    /** True while this publisher may send more: below its {@code --pmessages}, not retired, the run publishing. */
    boolean more() {
        return seq < limit && active();
    }

    /** True if this publisher follows a schedule (after {@link #begin}): its driver waits for each intended time. */
    boolean scheduled() {
        return pacer != null;
    }

    /**
     * The intended time of the next message, taken from the schedule unless one taken is still unsent
     * (paced publishers only), in nanoseconds.
     */
    long take() {
        if (!taken) {
            intended = pacer.nextIntendedNanos();
            taken = true;
            TAKEN.setRelease(this, intended); // a plain store on x86: no fence on the hot path
        }
        return intended;
    }

    /** True if a message intended for {@code intendedNanos} falls after the run's time limit. */
    boolean pastTimeLimit(long intendedNanos) {
        return c.control().pastTimeLimit(intendedNanos);
    }

    /** True if a rate change came since the driver last took it ({@link #retakeAfterRateChange}). */
    boolean rateChanged() {
        return rateChanged;
    }

    /**
     * A rate change while the taken message waited for its time: it may now be due sooner.
     *
     * @return the taken message's intended time from now on, in nanoseconds (unchanged if none is taken)
     */
    long retakeAfterRateChange() {
        rateChanged = false; // before the pacer reads the change, so a later one is not missed
        if (taken) {
            intended = pacer.retime(intended); // a new rate from before this message was due
            TAKEN.setRelease(this, intended);
        }
        return intended;
    }

    /** Whether the confirm window has room for the next message, without waiting. */
    enum Room {
        /** Room, or no confirm window. */
        YES,
        /** The window is full. */
        NO,
        /** The window failed (the run was told); publishing must stop. */
        FAILED
    }

    /** Whether the next message has room in the confirm window now; on {@link Room#FAILED} the run is told. */
    Room room() {
        if (tracked == null || tracked.hasCapacity(seq + 1)) {
            return Room.YES;
        }
        if (tracked.failure() != null) {
            c.control().fail(tracked.failure().getMessage());
            return Room.FAILED;
        }
        return Room.NO;
    }

    /**
     * Waits for room for the next message in the confirm window (writing what the link held back
     * first); false if publishing must stop meanwhile (the run is told of a failed window).
     */
    boolean awaitRoom() {
        if (tracked == null) {
            return true;
        }
        if (!tracked.hasCapacity(seq + 1)) {
            link.aboutToWait();
        }
        if (!tracked.awaitCapacity(seq + 1, publishing)) {
            if (tracked.failure() != null) {
                c.control().fail(tracked.failure().getMessage());
            }
            return false;
        }
        return true;
    }

    /** The publisher is about to wait: the link writes what it held back ({@link PublisherLink#aboutToWait}). */
    void aboutToWait() {
        link.aboutToWait();
    }

    /**
     * Stamps and sends the next message (the taken one when paced), with room in the confirm window
     * already there: its timestamp is its intended time when paced (never {@code now}), and its
     * publish delay is {@code now} less that time. False if publishing must stop: the link was closed
     * because the run is stopping.
     *
     * @param now the clock when sending, in nanoseconds
     */
    boolean send(long now) {
        long s = ++seq;
        long due = pacer != null ? intended : now;
        byte[] body = sizes.body(now, s);
        PayloadCodec.write(body, s, c.payloadClock().stamp(due));
        if (tracked != null) {
            tracked.register(s, now);
        }
        if (times != null) {
            times.sent(s, Math.max(0, now - due)); // before the send: a consumer may see the message at once
        }
        int keyIndex = 0;
        int variant = 0;
        String key;
        if (shape != null) {
            keyIndex = shape.keyIndex(s);
            variant = shape.variant(s);
            key = shape.drawsKeys() ? shape.key(keyIndex) : routingKey;
        } else {
            key = keys == null ? routingKey : keys[random.nextInt(keys.length)];
        }
        try {
            link.send(s, body, key, variant);
        } catch (RuntimeException e) {
            if (tracked != null) {
                tracked.unregister(s);
            }
            seq--;
            if (active()) {
                throw e;
            }
            return false; // the link was closed because the run is stopping
        }
        taken = false;
        sent++;
        if (shape != null) {
            shape.sent(keyIndex, variant);
        }
        c.counters().published.increment();
        if (pacer != null) {
            c.publishDelay().recordNanos(Math.max(0, now - due));
        }
        return true;
    }

    /** After the last send: what the schedule had due and was never sent, and the link's last batch. */
    void end() {
        Pacer p = pacer;
        if (p != null && sent < limit) {
            recordUnsent(p, taken ? intended : p.nextIntendedNanos(), limit - sent);
        }
        if (c.control().failure() == null) {
            link.flush();
        }
    }

    /**
     * For a publisher on a pacing thread that stopped before taking it on: what its schedule had due
     * from its start to the stop is recorded as not sent, as {@link #end()} does for one that started.
     */
    void endUnstarted() {
        if (c.settings().idle() || retired) {
            return; // a step that removed it again: when is not kept, so what it owed is not known
        }
        begin(startNanos());
        Pacer p = pacer;
        if (p != null && sent < limit) {
            recordUnsent(p, p.nextIntendedNanos(), limit - sent);
        }
    }

    // ---- for a shared pacing thread ----

    /** When this publisher wants its pacing thread again, in nanoseconds; that thread only. */
    long wakeNanos() {
        return wakeNanos;
    }

    /** Sets when this publisher wants its pacing thread again, in nanoseconds; that thread only. */
    void wakeAt(long nanos) {
        wakeNanos = nanos;
    }

    /** Where this publisher sits in its pacing thread's heap; that thread only. */
    int heapIndex;
    /** Set once its pacing thread took this publisher on; that thread only. */
    boolean pacingStarted;

    /** The pacing thread that serves this publisher: {@link #wake} hands this publisher to {@code attention}. */
    void servedBy(Consumer<PublisherTask> attention) {
        this.attention = attention;
    }

    /** True if a step or a retirement since the last look asks the pacing thread to look at this publisher now. */
    boolean needsAttention() {
        return rateChanged || retired;
    }

    /**
     * Coordinated omission at the end: messages the schedule had due before publishing stopped
     * (and before the time limit) but that were never sent get a publish delay from their
     * intended time to the stop, and are counted, so a stalled publisher does not look punctual.
     *
     * @param first     the intended time of the first message not sent, in nanoseconds
     * @param remaining how many more messages this publisher may send ({@code --pmessages})
     */
    private void recordUnsent(Pacer p, long first, long remaining) {
        long stop = c.clock().nanoTime();
        long n = 0;
        for (long due = first; n < remaining && due - stop < 0 && !c.control().pastTimeLimit(due);
             due = p.nextIntendedNanos()) {
            c.publishDelay().recordNanos(stop - due);
            n++;
        }
        if (n > 0) {
            c.control().unsentAtStop(n);
        }
    }

    /** True unless this publisher was retired or the run stopped publishing. */
    boolean active() {
        return !retired && c.control().publishing();
    }

    /** Makes this publisher's schedule start now, for one a step adds during the run. */
    void joinLate() {
        lateSince = c.clock().nanoTime();
        late = true;
    }

    /** Stops this publisher (a step removed it); the run goes on. */
    void retire() {
        retired = true;
        wake();
    }

    /**
     * Changes the rate of a paced publisher from its next message on; before the publisher
     * starts, sets the rate it starts with. Ignored for unpaced publishers and rates below 0.
     */
    synchronized void setRate(double ratePerSecond) {
        if (!(ratePerSecond > 0)) {
            return;
        }
        Pacer p = pacer;
        if (p != null) {
            p.setRate(ratePerSecond, c.clock().nanoTime()); // a lagging publisher keeps its backlog
            rateChanged = true; // a publisher waiting for its next message at the old rate follows it now
            wake();
        } else {
            startRate = ratePerSecond;
        }
    }

    /** Wakes the publisher (or its pacing thread) if it is parked, so it notices a change or the stop. */
    void wake() {
        Consumer<PublisherTask> a = attention;
        if (a != null) {
            a.accept(this);
            return;
        }
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
