package io.amqpharness.measure;

/** The latency series a run records, all in nanoseconds. */
public enum Metric {
    /** From the intended send time (paced) or the actual send time (unpaced) to receipt by a consumer. */
    END_TO_END("end-to-end"),
    /**
     * From the actual send to receipt by a consumer (paced runs): end-to-end latency without the
     * publisher's lateness, so {@code END_TO_END} minus {@code PUBLISH_DELAY}, message by message.
     * Unpaced runs leave it empty: their end-to-end latency is already from the actual send.
     */
    END_TO_END_FROM_SEND("e2e from send"),
    /**
     * Request/reply ({@code --request-reply}): from the request's intended send (paced) or actual
     * send (unpaced) to the receipt of the consumer's reply.
     */
    ROUND_TRIP("round trip"),
    /** From the actual send to the broker's confirm (0.9.1) or accepted outcome (1.0). */
    CONFIRM("confirm"),
    /** From the intended send time to the actual send: how late the publisher was (paced runs only). */
    PUBLISH_DELAY("publish delay"),
    /**
     * Connection churn ({@code --churn-rate}): from the start of opening a churned connection until
     * its channel (0.9.1) or session and link (1.0) is ready.
     */
    CHURN_OPEN("churn open");

    private final String label;

    Metric(String label) {
        this.label = label;
    }

    /** A human label, for example {@code end-to-end}. */
    public String label() {
        return label;
    }
}
