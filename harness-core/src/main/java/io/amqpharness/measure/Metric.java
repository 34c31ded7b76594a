package io.amqpharness.measure;

import io.amqpharness.scenario.GateQuantity;
import java.util.Optional;

/**
 * The latency series a run records, all in nanoseconds, and the one table of their names: each
 * constant states its label (the summary, the {@code .hlog} file), its key in {@code result.json}
 * (and, in snake case, its {@code intervals.csv} columns), its {@code .hlog} file, its Prometheus
 * histogram and the latency a {@code --fail-if} gate names it by. The gate's own spelling stays in
 * {@link GateQuantity.LatencyMetric}: gates are parsed with the scenario, below this package.
 */
public enum Metric {
    /** From the intended send time (paced) or the actual send time (unpaced) to receipt by a consumer. */
    END_TO_END("end-to-end", "endToEnd", "end-to-end.hlog", "harness_end_to_end_latency_seconds",
            GateQuantity.LatencyMetric.END_TO_END),
    /**
     * From the actual send to receipt by a consumer (paced runs): end-to-end latency without the
     * publisher's lateness, so {@code END_TO_END} minus {@code PUBLISH_DELAY}, message by message.
     * Unpaced runs leave it empty: their end-to-end latency is already from the actual send.
     */
    END_TO_END_FROM_SEND("e2e from send", "endToEndFromSend", "e2e-from-send.hlog",
            "harness_end_to_end_from_send_latency_seconds", GateQuantity.LatencyMetric.FROM_SEND),
    /**
     * Request/reply ({@code --request-reply}): from the request's intended send (paced) or actual
     * send (unpaced) to the receipt of the consumer's reply.
     */
    ROUND_TRIP("round trip", "roundTrip", "round-trip.hlog", "harness_round_trip_latency_seconds",
            GateQuantity.LatencyMetric.ROUND_TRIP),
    /** From the actual send to the broker's confirm (0.9.1) or accepted outcome (1.0). */
    CONFIRM("confirm", "confirm", "confirm.hlog", "harness_confirm_latency_seconds",
            GateQuantity.LatencyMetric.CONFIRM),
    /** From the intended send time to the actual send: how late the publisher was (paced runs only). */
    PUBLISH_DELAY("publish delay", "publishDelay", "publish-delay.hlog", "harness_publish_delay_seconds",
            GateQuantity.LatencyMetric.PUBLISH_DELAY),
    /**
     * Connection churn ({@code --churn-rate}): from the start of opening a churned connection until
     * its channel (0.9.1) or session and link (1.0) is ready. No gate reads it.
     */
    CHURN_OPEN("churn open", "churnOpen", "churn-open.hlog", "harness_churn_open_latency_seconds", null);

    private final String label;
    private final String jsonKey;
    private final String logFileName;
    private final String prometheusName;
    private final GateQuantity.LatencyMetric gate;

    Metric(String label, String jsonKey, String logFileName, String prometheusName, GateQuantity.LatencyMetric gate) {
        this.label = label;
        this.jsonKey = jsonKey;
        this.logFileName = logFileName;
        this.prometheusName = prometheusName;
        this.gate = gate;
    }

    /** A human label, for example {@code end-to-end}. */
    public String label() {
        return label;
    }

    /** The series' key in {@code result.json}'s latency and histogram sections: {@code endToEndFromSend}. */
    public String jsonKey() {
        return jsonKey;
    }

    /** The file of the series' HdrHistogram interval log in a run's output directory: {@code e2e-from-send.hlog}. */
    public String logFileName() {
        return logFileName;
    }

    /** The name of the series' Prometheus histogram, in seconds: {@code harness_end_to_end_latency_seconds}. */
    public String prometheusName() {
        return prometheusName;
    }

    /** The latency a {@code --fail-if} gate reads this series as; empty for a series no gate reads. */
    public Optional<GateQuantity.LatencyMetric> gate() {
        return Optional.ofNullable(gate);
    }

    /** The series a gate's latency reads. */
    public static Metric gatedAs(GateQuantity.LatencyMetric gate) {
        for (Metric m : values()) {
            if (m.gate == gate) {
                return m;
            }
        }
        throw new IllegalArgumentException("no series is gated as " + gate);
    }
}
