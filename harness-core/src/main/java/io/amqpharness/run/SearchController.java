package io.amqpharness.run;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.GateCheck;
import io.amqpharness.result.GateVerdict;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RateProbe;
import io.amqpharness.result.SearchOutcome;
import io.amqpharness.result.StepResult;
import io.amqpharness.scenario.Gate;
import io.amqpharness.search.RateSearch;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.HdrHistogram.Histogram;

/**
 * Runs a {@code find-max} search as the steps of one run: measures a probe at one rate for the
 * probe length, judges it (the gates, and whether publishers and consumers kept up), asks the
 * {@link RateSearch} for the next rate and sets it live, and stops the run when the search is
 * over. After a failed probe, publishers send at a tenth of the next rate until the backlog it left
 * is gone: every publisher back on its schedule (one that could not keep up still owes what its
 * schedule had due) and consumers caught up with the queue (at most three probe lengths, or 10 s);
 * only then is the next probe measured; so is the first, after a warm-up that left a backlog. A
 * first probe that fails is measured once more before the search believes it (the first can
 * measure the warm-up); the failed one stays among the run's steps but is not a probe. Warm-up
 * intervals ({@code --warmup}) are left out. Called on the reporting thread.
 */
final class SearchController implements Stepper {
    private static final double KEEP_UP = RateSearchSpec.KEEP_UP_PERCENT / 100.0;
    /** While a backlog drains, publishers send at this share of the next probe's rate. */
    private static final double SETTLE_SHARE = 0.1;
    /** The longest wait for a backlog to drain, in probe lengths (at least {@link #MIN_SETTLE_NANOS}). */
    private static final int SETTLE_PROBES = 3;
    private static final long MIN_SETTLE_NANOS = 10_000_000_000L;
    /** A publisher less than this far behind its schedule has no backlog worth waiting for. */
    private static final long CAUGHT_UP_NANOS = 100_000_000L;

    private final RateSearchSpec spec;
    private final RunParticipants participants;
    private final RunControl control;
    private final List<RunListener> listeners;
    private final long probeNanos;
    private final long settleLimitNanos;
    private final int publishers;
    private final int copies;
    private final boolean copiesKnown;
    private final StepAccumulator current = new StepAccumulator();
    private final List<StepResult> steps = new ArrayList<>();
    private final List<RateProbe> probes = new ArrayList<>();
    private double rate;
    private boolean settling;
    /** Whether the last warm-up interval ended with a backlog, to drain before the first probe. */
    private boolean warmUpBacklog;
    /** Whether the first probe failed and was measured once more. */
    private boolean repeatedFirst;
    private long settleStartNanos;
    private boolean done;
    private boolean finished;

    SearchController(RateSearchSpec spec, RunParticipants participants, RunControl control,
                     List<RunListener> listeners, OptionalInt copies) {
        this.spec = spec;
        this.participants = participants;
        this.control = control;
        this.listeners = listeners;
        this.probeNanos = spec.probeDuration().toNanos();
        this.settleLimitNanos = Math.max(MIN_SETTLE_NANOS, SETTLE_PROBES * probeNanos);
        this.publishers = participants.scenario().publishing().publishers();
        this.copies = copies.orElse(1);
        this.copiesKnown = copies.isPresent();
        this.rate = spec.search().startRate();
    }

    /** The per-publisher rate the run starts with: the first probe's. */
    static double firstRatePerPublisher(RateSearchSpec spec, int publishers) {
        return spec.search().startRate() / Math.max(1, publishers);
    }

    @Override
    public synchronized void intervalHistograms(IntervalStats stats, Map<Metric, Histogram> interval) {
        if (finished || done) {
            return;
        }
        long elapsed = stats.elapsed().toNanos();
        if (stats.phase() == IntervalStats.Phase.WARMUP) {
            current.restart(elapsed, stats.total());
            warmUpBacklog = !settled(stats);
            return;
        }
        if (warmUpBacklog) {
            // The warm-up left a backlog (a cold client or broker fell behind): the first probe would
            // measure it. Drain it as after a failed probe, then probe.
            warmUpBacklog = false;
            current.skip(stats);
            tell("The warm-up left a backlog; the first probe starts once it is gone.");
            settle(elapsed);
            return;
        }
        if (settling) {
            current.skip(stats);
            boolean drained = settled(stats);
            if (drained || elapsed - settleStartNanos >= settleLimitNanos) {
                if (!drained) {
                    tell(String.format(Locale.ROOT, "The backlog has not drained after %.0f s; probing %s msg/s "
                            + "anyway.", (elapsed - settleStartNanos) / 1e9, number(rate)));
                }
                settling = false;
                participants.setRate(rate / Math.max(1, publishers));
                current.restart(elapsed, stats.total());
            }
            return;
        }
        current.add(stats, interval);
        // The nearest interval boundary: ticks arrive a little early or late.
        if (elapsed - current.startNanos() + stats.length().toNanos() / 2 >= probeNanos) {
            closeProbe(elapsed);
        }
    }

    private void closeProbe(long elapsed) {
        int index = steps.size();
        StepResult step = current.close(index, "total-rate=" + plain(rate), Map.of("total-rate", rate), elapsed);
        steps.add(step);
        RateProbe probe = judge(step);
        if (probes.isEmpty() && !probe.passed() && !repeatedFirst) {
            // A first probe that fails may have measured the client's or the broker's warm-up (JIT,
            // first connections): measure it once more, after the backlog it left, before believing it.
            repeatedFirst = true;
            tell(String.format(Locale.ROOT, "Probe %d at %s msg/s failed: %s The first probe may measure the "
                    + "warm-up, so it is measured once more (not counted).", index + 1, number(rate),
                    String.join(" ", probe.reasons())));
            settle(elapsed);
            return;
        }
        probes.add(probe);
        tell(String.format(Locale.ROOT, "Probe %d at %s msg/s: %s", index + 1, number(rate),
                probe.passed() ? "passed" : "failed: " + String.join(" ", probe.reasons())));
        OptionalDouble next = spec.search().next(attempts());
        if (next.isEmpty()) {
            done = true;
            control.stopAtEnd(); // the search is over: the run ends as planned, not interrupted
            return;
        }
        rate = next.getAsDouble();
        // After a failed probe the publishers' schedules and the queue hold a backlog that would add to
        // the next probe's latency: publish slowly until it is gone, then probe.
        if (probe.passed()) {
            participants.setRate(rate / Math.max(1, publishers));
        } else {
            settle(elapsed);
        }
    }

    /** Publishes at a tenth of the next probe's rate until the backlog is gone (see {@link #settled}). */
    private void settle(long elapsed) {
        settling = true;
        settleStartNanos = elapsed;
        participants.setRate(rate * SETTLE_SHARE / Math.max(1, publishers));
    }

    /**
     * True when the failed probe's backlog is gone: every publisher is back on its schedule (one
     * that could not keep up still owes the messages its schedule had due, and would send them
     * during the next probe), and consumers have caught up with what was published and can still
     * arrive (less than one interval's messages in flight). Refused messages (nacked, returned,
     * released) never arrive, and neither may those in doubt: they are not waited for, nor are
     * in-doubt messages that did arrive counted as caught up.
     */
    private boolean settled(IntervalStats stats) {
        if (participants.mostBehindNanos() > CAUGHT_UP_NANOS) {
            return false;
        }
        if (!copiesKnown) {
            return true; // no way to tell: one interval of pause is all we can do
        }
        CountSnapshot t = stats.total();
        long behind = (t.published() - cannotArrive(t)) * copies - (t.ownUnique() - t.inDoubtArrived());
        return behind <= Math.max(1, rate * SETTLE_SHARE * copies * stats.length().toNanos() / 1e9);
    }

    /**
     * Published messages consumers are not owed: those the broker refused (nacked, returned,
     * released; with fanout a refusal may still have reached some queues, so this errs towards
     * "caught up") and those in doubt after a dropped connection.
     */
    private static long cannotArrive(CountSnapshot c) {
        return c.nacked() + c.returned() + c.released() + c.inDoubt();
    }

    private RateProbe judge(StepResult step) {
        List<String> reasons = new ArrayList<>();
        GateCheck.Measured m = GateCheck.Measured.of(step, true);
        for (Gate g : spec.gates()) {
            GateVerdict v = GateCheck.check(g, m, OptionalInt.of(step.index()), "");
            if (v.broken()) {
                reasons.add(v.sentence());
            }
        }
        double sent = step.rates().sent();
        if (sent < KEEP_UP * rate) {
            reasons.add(String.format(Locale.ROOT, "The publishers sent %,.0f msg/s of the %,.0f intended (less than "
                    + "%d %%).", sent, rate, RateSearchSpec.KEEP_UP_PERCENT));
        }
        double received = step.rates().received();
        CountSnapshot c = step.counts();
        // Refused and in-doubt messages are not owed to the consumers.
        double owedShare = c.published() > 0 ? 1 - (double) Math.min(c.published(), cannotArrive(c)) / c.published() : 1;
        double owed = sent * owedShare * copies;
        if (received < KEEP_UP * owed) {
            reasons.add(String.format(Locale.ROOT, "The consumers received %,.0f msg/s of the %,.0f %s (less than "
                    + "%d %%).", received, owed, owedShare < 1 ? "sent and not refused" : "sent",
                    RateSearchSpec.KEEP_UP_PERCENT));
        }
        return new RateProbe(step.index(), rate, reasons.isEmpty(), reasons);
    }

    private List<RateSearch.Attempt> attempts() {
        return probes.stream().map(p -> new RateSearch.Attempt(p.rate(), p.passed())).toList();
    }

    private void tell(String sentence) {
        for (RunListener l : listeners) {
            l.note(sentence);
        }
    }

    /** The probes so far; a probe still in progress when the run ends is left out. */
    @Override
    public synchronized List<StepResult> finish(long elapsedNanos) {
        finished = true;
        return List.copyOf(steps);
    }

    /** What the search found, once the run is over. */
    synchronized SearchOutcome outcome() {
        List<RateSearch.Attempt> attempts = attempts();
        return new SearchOutcome(spec.gates().stream().map(Gate::toString).toList(), probes,
                spec.search().answer(attempts), spec.search().converged(attempts));
    }

    private static String plain(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
    }

    static String number(double rate) {
        return rate == Math.rint(rate) ? String.format(Locale.ROOT, "%,d", (long) rate)
                : String.format(Locale.ROOT, "%,.2f", rate);
    }
}
