package io.amqpharness.report.document;

/**
 * One ladder per latency metric (see docs/result-json.md, Latency); a metric a file does not have
 * reads as {@link Ladder#EMPTY}.
 *
 * @param endToEnd         from the message's timestamp to its receipt by a consumer
 * @param endToEndFromSend from the actual send to its receipt (paced runs)
 * @param roundTrip        from a request's timestamp to the receipt of its reply ({@code --request-reply})
 * @param confirm          from the actual send to the broker's confirm or outcome
 * @param publishDelay     from the intended send time to the actual send (paced runs)
 * @param churnOpen        opening a churned connection with its channel or link ({@code --churn-rate})
 */
public record Latencies(Ladder endToEnd, Ladder endToEndFromSend, Ladder roundTrip, Ladder confirm,
        Ladder publishDelay, Ladder churnOpen) {
    /** Nothing recorded for any metric. */
    public static final Latencies EMPTY = new Latencies(null, null, null, null, null, null);

    public Latencies {
        endToEnd = orEmpty(endToEnd);
        endToEndFromSend = orEmpty(endToEndFromSend);
        roundTrip = orEmpty(roundTrip);
        confirm = orEmpty(confirm);
        publishDelay = orEmpty(publishDelay);
        churnOpen = orEmpty(churnOpen);
    }

    private static Ladder orEmpty(Ladder l) {
        return l == null ? Ladder.EMPTY : l;
    }

    /**
     * A metric's ladder by its JSON key.
     *
     * @param metric {@code endToEnd}, {@code endToEndFromSend}, {@code roundTrip}, {@code confirm},
     *               {@code publishDelay} or {@code churnOpen}
     * @throws IllegalArgumentException for any other key
     */
    public Ladder of(String metric) {
        return switch (metric) {
            case "endToEnd" -> endToEnd;
            case "endToEndFromSend" -> endToEndFromSend;
            case "roundTrip" -> roundTrip;
            case "confirm" -> confirm;
            case "publishDelay" -> publishDelay;
            case "churnOpen" -> churnOpen;
            default -> throw new IllegalArgumentException("no metric " + metric);
        };
    }
}
