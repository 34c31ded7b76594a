package io.amqpharness.report.build;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.Counts;
import io.amqpharness.report.document.Histograms;
import io.amqpharness.report.document.Interval;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.Latencies;
import io.amqpharness.report.document.Rates;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.Step;
import io.amqpharness.measure.FlowBlocks;
import io.amqpharness.measure.Outages;
import io.amqpharness.result.ClientStats;
import io.amqpharness.result.ConnectionStats;
import io.amqpharness.result.GateVerdict;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.LatencyHistograms;
import io.amqpharness.result.RateProbe;
import io.amqpharness.result.SearchOutcome;
import io.amqpharness.result.StepResult;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The measured sections of a run's document, each built by hand from the public accessors of the
 * run's values: counts, rates, ladders, histograms, intervals, steps, client costs, outages,
 * blocking, connections, gates and the search. Every duration becomes integer nanoseconds, every
 * enumeration its lowerCamelCase id, every text the run produced passes through the
 * {@link Redaction}. Immutable.
 *
 * @param redaction keeps the broker password out of every text
 */
record RunSections(Redaction redaction) {
    /** Percentile ticks per half distance to 100 %: the resolution of a histogram's percentile curve. */
    static final int PERCENTILE_TICKS = 5;

    /** {@code END_TO_END} as {@code endToEnd}, {@code CLASSIC} as {@code classic}. */
    static String id(Enum<?> e) {
        String[] words = e.name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder b = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            if (!words[i].isEmpty()) {
                b.append(Character.toUpperCase(words[i].charAt(0))).append(words[i], 1, words[i].length());
            }
        }
        return b.toString();
    }

    static Counts counts(CountSnapshot c) {
        return new Counts(c.published(), c.confirmed(), c.nacked(), c.returned(), c.released(), c.modified(),
                c.timedOut(), c.lateOutcomes(), c.consumed(), c.redelivered(), c.clockSkew(), c.foreign(),
                c.unidentified(), c.unique(), c.ownUnique(), c.duplicated(), c.late(), c.outOfOrder(), c.lost(),
                c.consumerNacked(), c.consumerRejected(), c.requeued(), c.inDoubt(), c.inDoubtArrived());
    }

    static Rates rates(io.amqpharness.result.Rates r) {
        return new Rates(r.sent(), r.confirmed(), r.received(), r.endToEnd());
    }

    static Ladder ladder(LatencySummary s) {
        return new Ladder(s.count(), s.min(), s.p50(), s.p75(), s.p90(), s.p95(), s.p99(), s.p999(), s.p9999(),
                s.max(), s.mean());
    }

    /** One ladder per metric; a metric the map lacks is empty. */
    static Latencies latencies(Map<Metric, LatencySummary> byMetric) {
        return Latencies.of(m -> ladder(byMetric.getOrDefault(m, LatencySummary.EMPTY)));
    }

    /** Each metric's whole-run distribution: its percentile curve and the encoded histogram. */
    static Histograms histograms(LatencyHistograms hs) {
        return Histograms.of(m -> curve(hs.histogram(m)));
    }

    /** HdrHistogram's percentile distribution output, and the histogram compressed and base64-encoded. */
    static Histograms.Curve curve(Histogram h) {
        List<Histograms.Point> points = new ArrayList<>();
        if (h.getTotalCount() > 0) {
            for (HistogramIterationValue v : h.percentiles(PERCENTILE_TICKS)) {
                points.add(new Histograms.Point(v.getPercentileLevelIteratedTo(),
                        h.highestEquivalentValue(v.getValueIteratedTo())));
            }
        }
        return new Histograms.Curve(h.getTotalCount(), points, encode(h));
    }

    private static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    Interval interval(IntervalStats i) {
        return new Interval(i.index(), i.elapsed().toNanos(), i.length().toNanos(), id(i.phase()), counts(i.delta()),
                counts(i.total()), i.inFlight(), latencies(i.latency()), i.blocked().toNanos(), i.down().toNanos(),
                i.broker().map(new BrokerSections(redaction)::sample), i.sentPerSecond(), i.confirmedPerSecond(),
                i.receivedPerSecond());
    }

    Step step(StepResult s) {
        return new Step(s.index(), redaction.text(s.label()), new TreeMap<>(s.values()), s.start().toNanos(),
                s.length().toNanos(), counts(s.counts()), rates(s.rates()), latencies(s.latency()),
                latencies(s.maxOverIntervals()));
    }

    ResultDocument.Client client(ClientStats c) {
        return new ResultDocument.Client(c.cpuTime().toNanos(), c.peakHeapBytes(), c.peakRssBytes(),
                redaction.text(c.javaVersion()), c.processors(),
                c.measured().map(m -> OptionalLong.of(m.cpuTime().toNanos())).orElse(OptionalLong.empty()),
                c.measured().map(m -> OptionalLong.of(m.messages())).orElse(OptionalLong.empty()),
                OptionalLong.of(c.processCpuTime().toNanos()));
    }

    ResultDocument.Outages outages(Outages.Summary o) {
        return new ResultDocument.Outages(o.disconnects(), o.downtime().toNanos(),
                o.connections().stream().map(c -> new ResultDocument.Outage(redaction.text(c.name()), c.disconnects(),
                        c.downtime().toNanos(), c.longest().toNanos(), c.stillDown())).toList(),
                redaction.texts(o.reasons()));
    }

    ResultDocument.Blocking blocking(FlowBlocks.Summary b) {
        return new ResultDocument.Blocking(b.time().toNanos(), b.episodes(), redaction.texts(b.reasons()),
                b.creditWait().toNanos(), b.creditWaits());
    }

    ResultDocument.Connections connections(ConnectionStats c) {
        return new ResultDocument.Connections(c.opened(), c.openingTime().toNanos(), c.retries(), c.idle(),
                c.churn().map(this::churn), c.openedPerSecond());
    }

    private ResultDocument.Churn churn(ConnectionStats.Churn c) {
        return new ResultDocument.Churn(c.opened(), c.closed(), c.failed(), redaction.text(c.firstFailure()),
                c.duration().toNanos(), c.behind(), c.opensPerSecond());
    }

    ResultDocument.Gate gate(GateVerdict g) {
        return new ResultDocument.Gate(redaction.text(g.gate().toString()), g.step(), g.measured(), g.broken(),
                redaction.text(g.sentence()), Optional.empty());
    }

    static io.amqpharness.report.document.BacklogSection backlog(io.amqpharness.result.BacklogOutcome b) {
        return new io.amqpharness.report.document.BacklogSection(b.target(), b.then(), b.reached(),
                b.fillTime().toNanos(), b.filled(), b.fillRate(), b.depthAtFill(), b.consumers(),
                b.arrivalTime().toNanos(), b.peakBacklog(), b.drained(),
                b.drainTime().map(d -> OptionalLong.of(d.toNanos())).orElse(OptionalLong.empty()), b.drainRate(),
                b.consumerRate(), publishers(b.beforeDrain()), b.duringDrain().map(RunSections::publishers));
    }

    private static io.amqpharness.report.document.BacklogSection.Publishers publishers(
            io.amqpharness.result.BacklogOutcome.Publishers p) {
        return new io.amqpharness.report.document.BacklogSection.Publishers(p.sent(), p.confirmed(), ladder(p.confirm()));
    }

    ResultDocument.Search search(SearchOutcome s) {
        return new ResultDocument.Search(redaction.texts(s.target()), s.probes().stream().map(this::probe).toList(),
                s.answer(), s.converged());
    }

    private ResultDocument.Probe probe(RateProbe p) {
        return new ResultDocument.Probe(p.step(), p.rate(), p.passed(), redaction.texts(p.reasons()));
    }
}
