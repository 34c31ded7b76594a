package io.amqpharness.report.document;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.amqpharness.measure.Metric;
import java.util.Map;
import java.util.function.Function;

/**
 * One percentile ladder per latency series (see docs/result-json.md, Latency), keyed by
 * {@link Metric#jsonKey()}; a series a file does not have reads as {@link Ladder#EMPTY}.
 * Immutable.
 */
public final class Latencies extends PerMetric<Ladder> {
    /** Nothing recorded for any series. */
    public static final Latencies EMPTY = new Latencies(Map.of());

    /** @param ladders each series' ladder; a series left out reads as {@link Ladder#EMPTY} */
    public Latencies(Map<Metric, Ladder> ladders) {
        super(ladders, Ladder.EMPTY);
    }

    /** Each series' ladder, computed from the series. */
    public static Latencies of(Function<Metric, Ladder> ladder) {
        return new Latencies(each(ladder));
    }

    @JsonCreator
    static Latencies fromJson(Map<String, Ladder> byKey) {
        return new Latencies(byMetric(byKey));
    }

    /**
     * The six series by position, as when this was a record.
     *
     * @deprecated use {@link #Latencies(Map)} or {@link #of(Function)}: the series are {@link Metric}'s
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Latencies(Ladder endToEnd, Ladder endToEndFromSend, Ladder roundTrip, Ladder confirm,
            Ladder publishDelay, Ladder churnOpen) {
        this(Positional.map(endToEnd, endToEndFromSend, roundTrip, confirm, publishDelay, churnOpen));
    }

    /** @deprecated use {@code get(Metric.END_TO_END)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Ladder endToEnd() {
        return get(Metric.END_TO_END);
    }

    /** @deprecated use {@code get(Metric.END_TO_END_FROM_SEND)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Ladder endToEndFromSend() {
        return get(Metric.END_TO_END_FROM_SEND);
    }

    /** @deprecated use {@code get(Metric.ROUND_TRIP)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Ladder roundTrip() {
        return get(Metric.ROUND_TRIP);
    }

    /** @deprecated use {@code get(Metric.CONFIRM)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Ladder confirm() {
        return get(Metric.CONFIRM);
    }

    /** @deprecated use {@code get(Metric.PUBLISH_DELAY)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Ladder publishDelay() {
        return get(Metric.PUBLISH_DELAY);
    }

    /** @deprecated use {@code get(Metric.CHURN_OPEN)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Ladder churnOpen() {
        return get(Metric.CHURN_OPEN);
    }
}
