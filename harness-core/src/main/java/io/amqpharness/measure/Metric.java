package io.amqpharness.measure;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The latency series a run records, all in nanoseconds, and the one table of their names: each
 * constant states its label (the summary, gate sentences, the {@code .hlog} file's tag), its title
 * (the HTML report's charts and tables), its key in {@code result.json} (and, in snake case, its
 * {@code intervals.csv} columns), its {@code .hlog} file, its Prometheus histogram and the names a
 * {@code --fail-if} gate reads it by. Everything that lists the series (the result's per-metric
 * sections, the logs, the charts, the metrics endpoint, gates, docs/result-json.md's rows) loops
 * over {@link #values()}, so a new series is a constant here and the line that records it.
 *
 * <p>This package imports no other of the harness's, so the scenario's gates name these
 * constants directly.
 */
public enum Metric {
    /**
     * From the message's timestamp (its intended send time when paced, its actual send otherwise) to
     * its receipt by a consumer.
     */
    END_TO_END("end-to-end", "End-to-end", "endToEnd", "end-to-end.hlog", "harness_end_to_end_latency_seconds",
            "e2e", "end-to-end", "endtoend"),
    /**
     * From the actual send to receipt by a consumer (paced runs, {@code --clock monotonic}): each
     * delivery's end-to-end latency minus its message's publish delay. Empty ({@code count} 0) when
     * unpaced, where {@code endToEnd} is already from the actual send.
     */
    END_TO_END_FROM_SEND("e2e from send", "End-to-end from the actual send", "endToEndFromSend", "e2e-from-send.hlog",
            "harness_end_to_end_from_send_latency_seconds", "e2e-from-send", "endtoendfromsend"),
    /**
     * Request/reply ({@code --request-reply}): from the request's timestamp (intended send when
     * paced, actual send otherwise) to the receipt of the consumer's reply. Empty otherwise.
     */
    ROUND_TRIP("round trip", "Round trip (request/reply)", "roundTrip", "round-trip.hlog",
            "harness_round_trip_latency_seconds", "round-trip", "roundtrip", "rtt"),
    /** From the actual send to the broker's confirm (AMQP 0.9.1) or accepted outcome (AMQP 1.0). */
    CONFIRM("confirm", "Confirm", "confirm", "confirm.hlog", "harness_confirm_latency_seconds", "confirm"),
    /** From the intended send time to the actual send: how late the publisher was (paced runs only). */
    PUBLISH_DELAY("publish delay", "Publish delay", "publishDelay", "publish-delay.hlog",
            "harness_publish_delay_seconds", "publish-delay", "publishdelay"),
    /**
     * Connection churn ({@code --churn-rate}): from the start of opening a churned connection until
     * its channel (AMQP 0.9.1) or session and sender link (AMQP 1.0) is ready. Empty otherwise; no
     * gate reads it.
     */
    CHURN_OPEN("churn open", "Churn: opening a connection", "churnOpen", "churn-open.hlog",
            "harness_churn_open_latency_seconds");

    private final String label;
    private final String title;
    private final String jsonKey;
    private final String logFileName;
    private final String prometheusName;
    private final List<String> gateNames;

    Metric(String label, String title, String jsonKey, String logFileName, String prometheusName,
            String... gateNames) {
        this.label = label;
        this.title = title;
        this.jsonKey = jsonKey;
        this.logFileName = logFileName;
        this.prometheusName = prometheusName;
        this.gateNames = List.of(gateNames);
    }

    /** A short human label, for the text summary and gate sentences: {@code e2e from send}. */
    public String label() {
        return label;
    }

    /** The title of the series' charts and rows in the HTML report: {@code End-to-end from the actual send}. */
    public String title() {
        return title;
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

    /**
     * The name a {@code --fail-if} gate reads this series by, before the statistic
     * ({@code e2e-from-send} in {@code e2e-from-send.p99>20ms}); empty for a series no gate reads.
     */
    public Optional<String> gateName() {
        return gateNames.stream().findFirst();
    }

    /** Every spelling a gate may use for this series, {@link #gateName()} first; empty if no gate reads it. */
    public List<String> gateNames() {
        return gateNames;
    }

    /** The series a gate names, by any of its {@link #gateNames()} (lower case); empty for any other text. */
    public static Optional<Metric> gated(String name) {
        return Arrays.stream(values()).filter(m -> m.gateNames.contains(name)).findFirst();
    }

    /** The series a gate can read, in this order. */
    public static List<Metric> gateable() {
        return Arrays.stream(values()).filter(m -> !m.gateNames.isEmpty()).toList();
    }
}
