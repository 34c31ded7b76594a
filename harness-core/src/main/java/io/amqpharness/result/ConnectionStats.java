package io.amqpharness.result;

import java.time.Duration;
import java.util.Optional;

/**
 * The run's connections: how opening them before traffic went, and the churn while it ran.
 *
 * @param opened      connections opened before traffic started (publishers', consumers' and idle)
 * @param openingTime how long opening them took, wall clock
 * @param retries     opens that failed and were tried again (each connection is tried up to 3 times)
 * @param idle        of {@code opened}, the idle connections ({@code --idle-connections})
 * @param churn       connection churn ({@code --churn-rate}); empty without it
 */
public record ConnectionStats(int opened, Duration openingTime, int retries, int idle, Optional<Churn> churn) {
    /** No connections counted (a result made without a run). */
    public static final ConnectionStats NONE = new ConnectionStats(0, Duration.ZERO, 0, 0, Optional.empty());

    /** Connections opened per second before traffic started; 0 when none. */
    public double openedPerSecond() {
        return openingTime.isZero() ? 0 : opened / (openingTime.toNanos() / 1e9);
    }

    /**
     * Connection churn over the run. Open latency is the {@code churn open} latency metric.
     *
     * @param opened       churned connections opened (with their channel or link)
     * @param closed       churned connections closed again
     * @param failed       opens that failed; they do not fail the run
     * @param firstFailure the first failure's reason; empty when none failed
     * @param duration     how long churn ran
     * @param behind       opens started more than a second after their scheduled time (the open
     *                     threads could not keep up); 0 when churn kept its rate
     */
    public record Churn(long opened, long closed, long failed, Optional<String> firstFailure, Duration duration,
                        long behind) {
        /** Churned connections opened per second. */
        public double opensPerSecond() {
            return duration.isZero() ? 0 : opened / (duration.toNanos() / 1e9);
        }
    }
}
