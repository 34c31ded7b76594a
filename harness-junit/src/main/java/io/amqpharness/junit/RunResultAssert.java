package io.amqpharness.junit;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.GateCheck;
import io.amqpharness.result.GateVerdict;
import io.amqpharness.result.Latency;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Gate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.assertj.core.api.AbstractAssert;

/**
 * Fluent assertions on a {@link RunResult}; each failure message states what was expected and
 * the numbers the run produced. Start with {@link HarnessAssertions#assertThat(RunResult)}.
 *
 * <pre>{@code
 * assertThat(result)
 *         .completed()
 *         .hasThroughputAtLeast(20_000)
 *         .hasEndToEndPercentileBelow(99, Duration.ofMillis(50))
 *         .lostNothing()
 *         .hasNoNacks();
 * }</pre>
 */
public final class RunResultAssert extends AbstractAssert<RunResultAssert, RunResult> {

    RunResultAssert(RunResult actual) {
        super(actual, RunResultAssert.class);
    }

    /** The run ended normally (no broker error, no connection lost). */
    public RunResultAssert completed() {
        isNotNull();
        if (actual.failed()) {
            failWithMessage("Expected run %s to complete, but it failed: %s", actual.runId(), actual.failure().get());
        }
        return this;
    }

    /**
     * The run sustained at least this rate, in messages per second: the receive rate when it had
     * consumers, the send rate otherwise (see {@link RunResult#throughput()}).
     */
    public RunResultAssert hasThroughputAtLeast(double messagesPerSecond) {
        isNotNull();
        if (actual.throughput() < messagesPerSecond) {
            failWithMessage("Expected a throughput of at least %s msg/s, but run %s reached %s msg/s (sent %s, "
                            + "received %s msg/s over %s s)", rate(messagesPerSecond), actual.runId(),
                    rate(actual.throughput()), rate(actual.rates().sent()), rate(actual.rates().received()),
                    String.format(Locale.ROOT, "%.1f", actual.publishingTime().toNanos() / 1e9));
        }
        return this;
    }

    /** The end-to-end latency at a percentile (0 to 100) is below a bound. */
    public RunResultAssert hasEndToEndPercentileBelow(double percentile, Duration bound) {
        return hasPercentileBelow(Metric.END_TO_END, percentile, bound);
    }

    /** The confirm latency at a percentile (0 to 100) is below a bound. */
    public RunResultAssert hasConfirmPercentileBelow(double percentile, Duration bound) {
        return hasPercentileBelow(Metric.CONFIRM, percentile, bound);
    }

    /** A metric's latency at a percentile (0 to 100) is below a bound; the metric must have values. */
    public RunResultAssert hasPercentileBelow(Metric metric, double percentile, Duration bound) {
        isNotNull();
        Latency l = actual.latencyOf(metric);
        if (l.count() == 0) {
            failWithMessage("Expected %s latency at p%s below %s, but run %s recorded no %s latency",
                    metric.label(), number(percentile), millis(bound), actual.runId(), metric.label());
        }
        Duration value = l.percentile(percentile);
        if (value.compareTo(bound) >= 0) {
            failWithMessage("Expected %s latency at p%s below %s, but it was %s in run %s (p50 %s, p99 %s, max %s, "
                            + "%,d values)", metric.label(), number(percentile), millis(bound), millis(value),
                    actual.runId(), millis(l.p50()), millis(l.p99()), millis(l.max()), l.count());
        }
        return this;
    }

    /**
     * No message was lost: no gaps in any publisher's sequence, and when the topology tells how
     * many deliveries to expect, none is missing.
     */
    public RunResultAssert lostNothing() {
        isNotNull();
        CountSnapshot c = actual.counts();
        if (c.lost() > 0) {
            failWithMessage("Expected no lost messages, but run %s is missing %,d (published %,d, confirmed %,d, "
                    + "consumed %,d)", actual.runId(), c.lost(), c.published(), c.confirmed(), c.consumed());
        }
        long unaccounted = actual.unaccountedDeliveries().orElse(0);
        if (unaccounted > 0) {
            failWithMessage("Expected every message to arrive, but run %s is %,d short: expected %,d deliveries, "
                            + "consumed %,d once, %,d left in the queues", actual.runId(), unaccounted,
                    actual.expectedDeliveries().getAsLong(), c.ownUnique(), actual.leftInQueues().orElse(0));
        }
        return this;
    }

    /** No duplicate delivery (a message received twice without the redelivered flag). */
    public RunResultAssert hasNoDuplicates() {
        isNotNull();
        if (actual.counts().duplicated() > 0) {
            failWithMessage("Expected no duplicates, but run %s received %,d duplicate deliveries out of %,d",
                    actual.runId(), actual.counts().duplicated(), actual.counts().consumed());
        }
        return this;
    }

    /** The broker nacked (0.9.1) or rejected (1.0) nothing, and nothing timed out unconfirmed. */
    public RunResultAssert hasNoNacks() {
        isNotNull();
        CountSnapshot c = actual.counts();
        if (c.nacked() + c.timedOut() > 0) {
            failWithMessage("Expected no nacks, but run %s had %,d nacked and %,d timed-out messages out of %,d "
                    + "published", actual.runId(), c.nacked(), c.timedOut(), c.published());
        }
        return this;
    }

    /** Every published message is accounted for: confirmed, nacked, returned or timed out. */
    public RunResultAssert accountsForEveryMessage() {
        isNotNull();
        if (actual.unaccountedPublished() != 0) {
            failWithMessage("Expected every published message to be accounted for, but %,d of run %s's %,d are not "
                    + "(settled %,d, unconfirmed at stop %,d)", actual.unaccountedPublished(), actual.runId(),
                    actual.counts().published(), actual.counts().settled(), actual.unconfirmedAtStop());
        }
        return this;
    }

    /**
     * None of these gates breaks, on the whole run or on any step: the same expressions, parser and
     * sentences as the command line's {@code --fail-if}, so a CI job and a test read alike.
     *
     * <pre>{@code
     * assertThat(result).failIf("e2e.p99>20ms", "lost>0", "rate.received<9000");
     * }</pre>
     *
     * @param gates expressions such as {@code e2e.p99>20ms}, {@code confirm.p999>100ms},
     *              {@code lost>0}, {@code rate.received<9000} (see {@link Gate})
     * @throws IllegalArgumentException if an expression is not a gate, saying why
     */
    public RunResultAssert failIf(String... gates) {
        isNotNull();
        List<Gate> parsed = new ArrayList<>();
        for (String g : gates) {
            try {
                parsed.add(Gate.of(g));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + g + "' is not a gate: " + e.getMessage() + "; for example "
                        + "failIf(\"e2e.p99>20ms\")", e);
            }
        }
        List<String> broken = GateCheck.evaluate(actual, parsed).stream().filter(GateVerdict::broken)
                .map(GateVerdict::sentence).toList();
        if (!broken.isEmpty()) {
            failWithMessage("Expected run %s to pass its gates, but %d failed:%n  %s", actual.runId(), broken.size(),
                    String.join(String.format("%n  "), broken));
        }
        return this;
    }

    /** At least this many messages were published. */
    public RunResultAssert publishedAtLeast(long messages) {
        isNotNull();
        if (actual.counts().published() < messages) {
            failWithMessage("Expected at least %,d published messages, but run %s published %,d",
                    messages, actual.runId(), actual.counts().published());
        }
        return this;
    }

    /** At least this many messages were consumed. */
    public RunResultAssert consumedAtLeast(long messages) {
        isNotNull();
        if (actual.counts().consumed() < messages) {
            failWithMessage("Expected at least %,d consumed messages, but run %s consumed %,d",
                    messages, actual.runId(), actual.counts().consumed());
        }
        return this;
    }

    /**
     * The broker counted as many messages published and delivered as the harness did (its
     * management API or Prometheus endpoint was read and the counts agree).
     */
    public RunResultAssert brokerCountsAgree() {
        isNotNull();
        var check = actual.brokerMetrics().flatMap(io.amqpharness.broker.BrokerMetricsReport::crossCheck);
        if (check.isEmpty()) {
            failWithMessage("Expected the broker's counts to agree with the harness's, but run %s has no cross-check "
                    + "(%s)", actual.runId(), actual.brokerMetrics().flatMap(m -> m.unavailable())
                    .orElse("broker metrics off, or the broker counts nothing for this protocol"));
        } else if (!check.get().agrees()) {
            failWithMessage("Expected the broker's counts to agree with the harness's, but run %s's differ: %s",
                    actual.runId(), check.get().line());
        }
        return this;
    }

    private static String rate(double r) {
        return String.format(Locale.ROOT, "%,.0f", r);
    }

    private static String millis(Duration d) {
        return String.format(Locale.ROOT, "%.3f ms", d.toNanos() / 1e6);
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
