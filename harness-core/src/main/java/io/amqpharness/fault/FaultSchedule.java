package io.amqpharness.fault;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.Outages;
import io.amqpharness.scenario.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Makes a run's faults at their times and measures what the clients saw around each. Faults are made one
 * at a time on a thread of their own, each at its {@code at} from the start of publishing; a lasting fault
 * is undone {@code for} after it was made. {@link #finish} undoes every fault still in force (the node is
 * started, the watermark put back) before it returns the outcomes, also when the run ended early.
 * Created and finished by the runner's thread.
 */
public final class FaultSchedule implements AutoCloseable {
    /** Up to how long {@link #finish} waits for a fault being made or undone. */
    static final long FINISH_WAIT_SECONDS = 120;

    private final FaultPlan plan;
    private final FaultActions actions;
    private final Outages outages;
    private final NanoClock clock;
    private final long start;
    private final LongSupplier missing;
    private final boolean confirms;
    private final boolean consumers;
    private final Consumer<String> note;
    private final FaultWatch watch;
    private final List<Happened> happened = new ArrayList<>();
    private final ScheduledThreadPoolExecutor thread = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "harness-faults");
        t.setDaemon(true);
        return t;
    });
    private volatile long publishingEnd;
    private volatile boolean publishing = true;

    /** What happened to one fault; written by the faults' thread, read after it stopped. */
    private static final class Happened {
        final Fault fault;
        long begun;
        Long made;
        Long undone;
        boolean undoDue;
        String error;
        long missingAtBegin;
        Map<String, String> nodes = Map.of();

        Happened(Fault fault) {
            this.fault = fault;
        }
    }

    /**
     * @param plan      the faults
     * @param actions   what makes them
     * @param counters  the run's counters
     * @param outages   the run's connection outages
     * @param clock     the run's clock
     * @param start     when publishing started, on {@code clock}
     * @param missing   the sequences consumers found missing so far
     * @param confirms  the run's publishers wait for confirms
     * @param consumers the run has consumers
     * @param note      tells the user something while the run goes on
     */
    public FaultSchedule(FaultPlan plan, FaultActions actions, Counters counters, Outages outages, NanoClock clock,
                         long start, LongSupplier missing, boolean confirms, boolean consumers, Consumer<String> note) {
        this.plan = plan;
        this.actions = actions;
        this.outages = outages;
        this.clock = clock;
        this.start = start;
        this.missing = missing;
        this.confirms = confirms;
        this.consumers = consumers;
        this.note = note;
        long first = plan.faults().isEmpty() ? 0 : plan.faults().get(0).at().toNanos();
        this.watch = new FaultWatch(counters, clock, start + Math.max(0, first - FaultWatch.LEAD_NANOS));
        thread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /** Starts the watch and schedules the faults. */
    public void start() {
        watch.start();
        for (Fault f : plan.faults()) {
            long delay = start + f.at().toNanos() - clock.nanoTime();
            thread.schedule(() -> begin(f), Math.max(0, delay), TimeUnit.NANOSECONDS);
        }
    }

    private void begin(Fault f) {
        if (!publishing) {
            return;
        }
        Happened h = new Happened(f);
        synchronized (happened) {
            happened.add(h);
        }
        try {
            h.nodes = actions.connectionNodes();
        } catch (RuntimeException e) {
            h.nodes = Map.of();
        }
        h.missingAtBegin = missing.getAsLong();
        h.begun = clock.nanoTime();
        h.undoDue = f.lasting().isPresent();
        note.accept("Fault " + f.label() + ": making it now.");
        try {
            actions.begin(f);
            h.made = clock.nanoTime();
            note.accept("Fault " + f.label() + ": made" + (h.undoDue ? ", undone in " + Durations.format(f.lasting().get())
                    + "." : "."));
        } catch (Exception e) {
            h.error = "making it failed: " + message(e);
            note.accept("Fault " + f.label() + ": " + h.error);
        }
        if (h.undoDue) {
            long from = h.made != null ? h.made : clock.nanoTime();
            long delay = from + f.lasting().get().toNanos() - clock.nanoTime();
            thread.schedule(() -> undo(h), Math.max(0, delay), TimeUnit.NANOSECONDS);
        }
    }

    private void undo(Happened h) {
        synchronized (h) {
            if (!h.undoDue) {
                return;
            }
            h.undoDue = false;
        }
        try {
            actions.end(h.fault);
            h.undone = clock.nanoTime();
            note.accept("Fault " + h.fault.label() + ": undone.");
        } catch (Exception e) {
            String error = "undoing it failed: " + message(e);
            h.error = h.error == null ? error : h.error + "; " + error;
            note.accept("Fault " + h.fault.label() + ": " + error);
        }
    }

    private static String message(Exception e) {
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
    }

    /**
     * Publishing ended at {@code nanos}: faults not yet begun never will, and every fault in force is undone now,
     * on this thread, after waiting for one being made (up to {@link #FINISH_WAIT_SECONDS}). Idempotent.
     */
    public void publishingEnded(long nanos) {
        if (!publishing) {
            return;
        }
        publishingEnd = nanos;
        publishing = false;
        restore();
    }

    /** Undoes every fault in force now (after waiting for the faults' thread). Idempotent. */
    public void restore() {
        publishing = false;
        thread.shutdown();
        try {
            if (!thread.awaitTermination(FINISH_WAIT_SECONDS, TimeUnit.SECONDS)) {
                note.accept("A fault was still being made or undone " + FINISH_WAIT_SECONDS + " s after publishing ended.");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Happened h : happened()) {
            undo(h);
        }
    }

    /** Undoes every fault in force ({@link #restore}) and stops the watch: for any way out of a run. Idempotent. */
    public void close() {
        restore();
        watch.stop();
    }

    private List<Happened> happened() {
        synchronized (happened) {
            return List.copyOf(happened);
        }
    }

    /**
     * Measures each fault that began (calls {@link #publishingEnded} first if no one did).
     *
     * @param lost the run's lost messages, all told
     * @return one outcome per fault that began, in time order
     */
    public List<FaultOutcome> finish(long lost) {
        publishingEnded(clock.nanoTime());
        List<Happened> all = happened();
        watch.stop();
        long end = clock.nanoTime();
        List<FaultOutcome> outcomes = new ArrayList<>();
        long lostBefore = 0;
        for (int k = 0; k < all.size(); k++) {
            Happened h = all.get(k);
            boolean last = k == all.size() - 1;
            long windowEnd = last ? publishingEnd : all.get(k + 1).begun;
            long lostHere = last ? Math.max(0, lost - lostBefore)
                    : Math.max(0, all.get(k + 1).missingAtBegin - h.missingAtBegin);
            lostBefore += lostHere;
            outcomes.add(outcome(h, windowEnd, last ? end : all.get(k + 1).begun, lostHere));
        }
        notBegun().forEach(f -> note.accept(notCome(f)));
        return outcomes;
    }

    /**
     * The faults that never began because publishing ended first (a run ended by message counts, by
     * {@code --exit-when}, by a failure or Ctrl-C): none before {@link #publishingEnded}.
     */
    public List<Fault> notBegun() {
        if (publishing) {
            return List.of();
        }
        List<Happened> all = happened();
        return plan.faults().stream().filter(f -> all.stream().noneMatch(h -> h.fault == f)).toList();
    }

    /** The sentence for a fault that never began: {@code Fault close-connections at 20 s did not come: ...}. */
    public static String notCome(Fault f) {
        return "Fault " + f.label() + " did not come: publishing ended first.";
    }

    private FaultOutcome outcome(Happened h, long windowEnd, long deliveriesUntil, long lost) {
        long made = h.made != null ? h.made : h.begun;
        Map<String, Duration> dropped = outages.droppedBetween(h.begun, windowEnd);
        return new FaultOutcome(h.fault, since(h.begun), Optional.ofNullable(h.made).map(this::since),
                Optional.ofNullable(h.undone).map(this::since), Optional.ofNullable(h.error),
                watch.sendGap(h.begun, windowEnd),
                confirms ? Optional.of(watch.confirmGap(h.begun, windowEnd)) : Optional.empty(),
                confirms ? watch.firstConfirm(made, deliveriesUntil) : Optional.empty(),
                consumers ? watch.firstDelivery(made, deliveriesUntil) : Optional.empty(),
                watch.inDoubt(h.begun, windowEnd), lost, nodes(h.nodes, dropped));
    }

    /** Per node the run's connections were on before the fault: how many, how many dropped, the longest outage. */
    static List<FaultOutcome.NodeOutcome> nodes(Map<String, String> where, Map<String, Duration> dropped) {
        Map<String, int[]> counts = new TreeMap<>();
        Map<String, Duration> longest = new TreeMap<>();
        where.forEach((connection, node) -> {
            int[] c = counts.computeIfAbsent(node, n -> new int[2]);
            c[0]++;
            Duration d = dropped.get(connection);
            if (d != null) {
                c[1]++;
                longest.merge(node, d, (a, b) -> a.compareTo(b) >= 0 ? a : b);
            }
        });
        List<FaultOutcome.NodeOutcome> list = new ArrayList<>();
        counts.forEach((node, c) -> list.add(new FaultOutcome.NodeOutcome(node, c[0], c[1],
                longest.getOrDefault(node, Duration.ZERO))));
        return list;
    }

    private Duration since(long nanos) {
        return Duration.ofNanos(Math.max(0, nanos - start));
    }
}
