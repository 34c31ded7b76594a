package io.amqpharness.report;

import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.Counts;
import io.amqpharness.report.document.Interval;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.Latencies;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.result.DeliveryAccount;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the text reports derive from a result document: the values a run's result computes that
 * {@code result.json} does not store (settled messages, unexplained deliveries, each percentile's
 * highest value in any one interval), and the scenario's settings the text needs, read from the
 * document's settings groups. Stateless.
 */
final class DocumentFacts {
    private DocumentFacts() {
    }

    /** A metric's ladder in one latency section. */
    static Ladder ladder(Latencies l, Metric m) {
        return l.get(m);
    }

    /** Messages whose publish the broker settled: confirmed, nacked, returned, released, modified or timed out. */
    static long settled(Counts c) {
        return c.confirmed() + c.nacked() + c.returned() + c.released() + c.modified() + c.timedOut();
    }

    /**
     * The account of the expected deliveries ({@link DeliveryAccount}, as a run's result makes it):
     * empty when the expected deliveries are unknown, or what is left in the queues is and they are
     * not streams.
     */
    static Optional<DeliveryAccount> deliveryAccount(ResultDocument d) {
        Counts c = d.counts();
        return DeliveryAccount.of(d.expectedDeliveries(), c.ownUnique(), c.inDoubtArrived(), d.leftInQueues(),
                stream(d));
    }

    /**
     * Expected deliveries the counts do not explain ({@link DeliveryAccount#unaccounted()}): expected
     * minus consumed once (less those in doubt that arrived) minus left in queue; for a stream, what
     * consumers did not receive; empty when it cannot be known.
     */
    static OptionalLong unaccountedDeliveries(ResultDocument d) {
        return deliveryAccount(d).map(a -> OptionalLong.of(a.unaccounted())).orElseGet(OptionalLong::empty);
    }

    /** Whether the run's queues are streams. */
    static boolean stream(ResultDocument d) {
        return "stream".equals(d.scenario().queueType());
    }

    /** Each percentile's highest value in any one measured (not warm-up) interval of the run. */
    static Ladder maxOverIntervals(ResultDocument d, Metric m) {
        return highest(d.intervals().stream().filter(i -> !i.warmup()).map(Interval::latency)
                .map(l -> ladder(l, m)).toList());
    }

    /** Each rung's highest value over ladders with values; the counts added up; empty if none has values. */
    static Ladder highest(List<Ladder> ladders) {
        Ladder m = Ladder.EMPTY;
        for (Ladder s : ladders) {
            if (!s.any()) {
                continue;
            }
            m = !m.any() ? s : new Ladder(m.count() + s.count(), Math.max(m.min(), s.min()), Math.max(m.p50(), s.p50()),
                    Math.max(m.p75(), s.p75()), Math.max(m.p90(), s.p90()), Math.max(m.p95(), s.p95()),
                    Math.max(m.p99(), s.p99()), Math.max(m.p999(), s.p999()), Math.max(m.p9999(), s.p9999()),
                    Math.max(m.max(), s.max()), Math.max(m.mean(), s.mean()));
        }
        return m;
    }

    /** The broker addresses, passwords redacted, comma-separated: those the command line gave, else the default. */
    static String addresses(ResultDocument d) {
        List<String> args = d.scenario().arguments();
        return args.size() > 1 && args.get(0).equals("--uri") ? args.get(1) : d.scenario().uri();
    }

    /** {@code --interval}: the reporting interval; the option's default when the document does not say. */
    static Duration interval(ResultDocument d) {
        return d.scenario().interval();
    }

    /** {@code --warmup}, if the run warmed up. */
    static Optional<Duration> warmup(ResultDocument d) {
        return d.scenario().warmup();
    }

    /** Whether publishers asked the broker to return unroutable messages ({@code --flag mandatory}). */
    static boolean mandatory(ResultDocument d) {
        return d.scenario().flags().contains("mandatory");
    }

    /** Publishers: producer connections times channels per producer. */
    static int publishers(ResultDocument d) {
        return d.scenario().producers() * d.scenario().channelsPerProducer();
    }

    /**
     * Whether the run had consumers: at its start ({@code --consumers}, or the first step's value), or
     * in any step it ran ({@code --step consumers=0,1} opens the first at the second step).
     */
    static boolean consumers(ResultDocument d) {
        return d.scenario().consumers() > 0
                || d.steps().stream().anyMatch(s -> s.values().getOrDefault("consumers", 0.0) > 0);
    }

    /** The received rate with consumers, else the sent rate. */
    static double throughput(ResultDocument d) {
        return consumers(d) ? d.rates().received() : d.rates().sent();
    }
}
