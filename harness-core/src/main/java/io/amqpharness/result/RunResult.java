package io.amqpharness.result;

import io.amqpharness.broker.BrokerMetricsReport;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Everything a run measured, with the scenario it ran and the broker it ran against.
 *
 * @param runId               short id of the run (also in generated queue names)
 * @param scenario            the scenario as run
 * @param broker              the broker's identity
 * @param queues              queues the run used
 * @param startedAt           wall-clock time publishing started
 * @param publishingTime      from the start to the end of publishing
 * @param totalTime           from the start of publishing to the end of draining
 * @param paced               publishers followed an intended-time schedule; false means a closed
 *                            loop whose latency excludes the time spent waiting to send
 * @param counts              message counts over the whole run
 * @param unconfirmedAtStop   messages still awaiting a verdict when the run ended
 * @param unsentAtStop        messages a paced schedule had due before publishing stopped (and
 *                            before the time limit) that were never sent, for example behind a
 *                            full confirm window; their publish delay, from the intended time to
 *                            the stop, is in the publish-delay histogram. Always 0 when unpaced
 * @param leftInQueues        messages ready in the run's queues at the end, if the protocol can tell;
 *                            empty for streams, which keep every message (see {@link DeliveryAccount})
 * @param expectedDeliveries  how many of this run's messages consumers should have received when
 *                            the topology routes each to exactly one consumed queue (confirmed
 *                            messages with confirms, published minus returned without); empty
 *                            when the topology or a consumer limit makes that unknowable
 * @param rates               average rates
 * @param latency             percentile ladders over the whole run, per metric
 * @param histograms          exact distributions, per metric
 * @param intervals           the interval series
 * @param steps               per-step results of a stepped run ({@code --step}); empty otherwise
 * @param client              what the run cost the client process
 * @param driverFacts         what the driver learned about the connection (for example the AMQP 1.0
 *                            address format it chose)
 * @param notes               things the reader should know (flow-control notes, drain outcome)
 * @param failure             why the run ended early, if it did
 * @param interrupted         the run was stopped before its goal ({@link io.amqpharness.run.LoadRunner#stop()}, which
 *                            Ctrl-C calls on the command line); it drained and reported as usual
 * @param outages             connections the broker dropped and how long each took to come back
 *                            ({@code --recovery}); {@link io.amqpharness.measure.Outages.Summary#NONE} when none
 * @param blocking            when the broker blocked publishers (resource alarms, withheld AMQP 1.0
 *                            credit): for how long in all, how often, and why
 * @param brokerMetrics       the broker's side of the run ({@code --broker-metrics}): where it was read,
 *                            its peaks, the cross-check of message counts, how much the queues grew;
 *                            empty with {@code --no-broker-metrics}
 * @param search              the probes and the answer of a {@code find-max} search; empty for
 *                            any other run
 * @param connections         opening the run's connections before traffic, and connection churn
 *                            ({@code --churn-rate})
 * @param latencyBySize       with a {@code --size} mix, end-to-end latency per size over the measured
 *                            part of the run, smallest size first; empty for a single size
 * @param faults              what the run's clients saw around each fault of {@code --fault}, in time order;
 *                            empty without faults
 * @param backlog             what a backlog run ({@code --backlog}) measured: the fill, the drain and
 *                            the publishers before and during it; empty for any other run
 */
public record RunResult(
        String runId,
        Scenario scenario,
        BrokerInfo broker,
        List<String> queues,
        Instant startedAt,
        Duration publishingTime,
        Duration totalTime,
        boolean paced,
        CountSnapshot counts,
        long unconfirmedAtStop,
        long unsentAtStop,
        OptionalLong leftInQueues,
        OptionalLong expectedDeliveries,
        Rates rates,
        Map<Metric, LatencySummary> latency,
        LatencyHistograms histograms,
        List<IntervalStats> intervals,
        List<StepResult> steps,
        ClientStats client,
        Map<String, String> driverFacts,
        List<String> notes,
        Optional<String> failure,
        boolean interrupted,
        io.amqpharness.measure.Outages.Summary outages,
        io.amqpharness.measure.FlowBlocks.Summary blocking,
        Optional<BrokerMetricsReport> brokerMetrics,
        Optional<SearchOutcome> search,
        ConnectionStats connections,
        List<io.amqpharness.measure.SizeLatency> latencyBySize,
        List<io.amqpharness.fault.FaultOutcome> faults,
        Optional<BacklogOutcome> backlog) {

    public RunResult {
        faults = faults == null ? List.of() : List.copyOf(faults);
        backlog = backlog == null ? Optional.empty() : backlog;
        latencyBySize = latencyBySize == null ? List.of() : List.copyOf(latencyBySize);
        queues = List.copyOf(queues);
        latency = Map.copyOf(latency);
        intervals = List.copyOf(intervals);
        steps = List.copyOf(steps);
        driverFacts = Map.copyOf(driverFacts);
        notes = List.copyOf(notes);
    }

    /**
     * A result without faults and without a backlog.
     *
     * @deprecated since 1.1: use the canonical constructor, which takes {@code faults} and {@code backlog} last
     */
    @Deprecated
    public RunResult(String runId, Scenario scenario, BrokerInfo broker, List<String> queues, Instant startedAt,
                     Duration publishingTime, Duration totalTime, boolean paced, CountSnapshot counts,
                     long unconfirmedAtStop, long unsentAtStop, OptionalLong leftInQueues,
                     OptionalLong expectedDeliveries, Rates rates, Map<Metric, LatencySummary> latency,
                     LatencyHistograms histograms, List<IntervalStats> intervals, List<StepResult> steps,
                     ClientStats client, Map<String, String> driverFacts, List<String> notes,
                     Optional<String> failure, boolean interrupted, io.amqpharness.measure.Outages.Summary outages,
                     io.amqpharness.measure.FlowBlocks.Summary blocking, Optional<BrokerMetricsReport> brokerMetrics,
                     Optional<SearchOutcome> search, ConnectionStats connections,
                     List<io.amqpharness.measure.SizeLatency> latencyBySize) {
        this(runId, scenario, broker, queues, startedAt, publishingTime, totalTime, paced, counts, unconfirmedAtStop,
                unsentAtStop, leftInQueues, expectedDeliveries, rates, latency, histograms, intervals, steps, client,
                driverFacts, notes, failure, interrupted, outages, blocking, brokerMetrics, search, connections,
                latencyBySize, List.of(), Optional.empty());
    }

    /**
     * A result without latency per size (a single {@code --size}).
     *
     * @deprecated since 1.1: use the canonical constructor, which takes {@code latencyBySize} last
     */
    @Deprecated
    public RunResult(String runId, Scenario scenario, BrokerInfo broker, List<String> queues, Instant startedAt,
                     Duration publishingTime, Duration totalTime, boolean paced, CountSnapshot counts,
                     long unconfirmedAtStop, long unsentAtStop, OptionalLong leftInQueues,
                     OptionalLong expectedDeliveries, Rates rates, Map<Metric, LatencySummary> latency,
                     LatencyHistograms histograms, List<IntervalStats> intervals, List<StepResult> steps,
                     ClientStats client, Map<String, String> driverFacts, List<String> notes,
                     Optional<String> failure, boolean interrupted, io.amqpharness.measure.Outages.Summary outages,
                     io.amqpharness.measure.FlowBlocks.Summary blocking, Optional<BrokerMetricsReport> brokerMetrics,
                     Optional<SearchOutcome> search, ConnectionStats connections) {
        this(runId, scenario, broker, queues, startedAt, publishingTime, totalTime, paced, counts, unconfirmedAtStop,
                unsentAtStop, leftInQueues, expectedDeliveries, rates, latency, histograms, intervals, steps, client,
                driverFacts, notes, failure, interrupted, outages, blocking, brokerMetrics, search, connections,
                List.of(), List.of(), Optional.empty());
    }

    /** End-to-end latency: from the intended (paced) or actual send to receipt. */
    public Latency endToEnd() {
        return latencyOf(Metric.END_TO_END);
    }

    /** Confirm latency: from the send to the broker's confirm. */
    public Latency confirmLatency() {
        return latencyOf(Metric.CONFIRM);
    }

    /**
     * End-to-end latency from the actual send (paced runs): each delivery's end-to-end latency
     * minus its message's publish delay. Empty ({@code count() == 0}) when unpaced, where
     * {@link #endToEnd()} is already measured from the actual send.
     */
    public Latency endToEndFromSend() {
        return latencyOf(Metric.END_TO_END_FROM_SEND);
    }

    /** Publish delay: how late paced messages were sent. */
    public Latency publishDelay() {
        return latencyOf(Metric.PUBLISH_DELAY);
    }

    /** One metric as durations, with exact percentiles. */
    public Latency latencyOf(Metric metric) {
        return new Latency(latency(metric), histograms.histogram(metric));
    }

    /** Messages consumers can tell were lost (missing sequence numbers). */
    public long lost() {
        return counts.lost();
    }

    /**
     * The rate the workload sustained, in messages per second: the receive rate when the run
     * had consumers, the send rate otherwise.
     */
    public double throughput() {
        return scenario.consuming().consumers() > 0 ? rates.received() : rates.sent();
    }

    /** The percentile ladder of one metric over the whole run. */
    public LatencySummary latency(Metric metric) {
        return latency.getOrDefault(metric, LatencySummary.EMPTY);
    }

    /**
     * The account of the expected deliveries: expected = consumed once (less the messages in doubt
     * that arrived) + left in the queues + unaccounted. Empty when the expected deliveries are not
     * known, or what is left in the queues is not (a stream has no depth: there every expected
     * delivery not received is unaccounted).
     */
    public Optional<DeliveryAccount> deliveryAccount() {
        return DeliveryAccount.of(expectedDeliveries, counts.ownUnique(), counts.inDoubtArrived(), leftInQueues,
                scenario.topology().queueType() == io.amqpharness.scenario.QueueType.STREAM);
    }

    /**
     * Expected deliveries that neither arrived nor are still in the queue ({@link DeliveryAccount#unaccounted()}):
     * expected minus this run's messages consumed (first deliveries, less those of messages in doubt,
     * which were not expected) minus what is left in the queue, for a stream minus nothing (what
     * consumers did not receive is not accounted for). Zero when everything is accounted for;
     * positive when expected messages, confirmed ones with confirms, are missing (in-doubt messages
     * that arrived do not make up for them); negative when consumers also got messages whose confirm
     * was still outstanding at the end; empty when it cannot be known.
     */
    public OptionalLong unaccountedDeliveries() {
        return deliveryAccount().map(a -> OptionalLong.of(a.unaccounted())).orElseGet(OptionalLong::empty);
    }

    /**
     * The largest value each percentile of a metric reached in any one reporting interval ("max
     * 99th over 15 s intervals", as the seed reports put it). Every measured interval counts, the
     * draining ones included (their latencies belong to messages published during the run); the
     * {@code --warmup} intervals do not, as they are left out of every other result.
     */
    public LatencySummary maxOverIntervals(Metric metric) {
        return LatencySummary.maxOf(intervals.stream().filter(i -> i.phase() != IntervalStats.Phase.WARMUP)
                .map(i -> i.latency(metric)).toList());
    }

    /**
     * The verdict of each {@code --fail-if} gate of the scenario: on the whole run first, then on
     * each step of a stepped run. Empty without gates, and for a {@code find-max} search, whose
     * gates are what each probe must meet (see {@link #search()}).
     */
    public List<GateVerdict> gates() {
        // A search's probes past the answer fail by design: its gates are the probes' target instead.
        return search.isPresent() ? List.of() : GateCheck.evaluate(this);
    }

    /** The gates that broke (the run counts as failed for the command line, exit code 1); empty if none. */
    public List<GateVerdict> brokenGates() {
        return gates().stream().filter(GateVerdict::broken).toList();
    }

    /** True if the run ended because something failed. */
    /**
     * How far an interrupted run got, for "interrupted after ...": the time against {@code --time},
     * else the messages published against the publishers' {@code --pmessages} total, else the time
     * alone. Empty when the run was not interrupted.
     */
    public Optional<String> interruptedAfter() {
        if (!interrupted) {
            return Optional.empty();
        }
        String after = seconds(publishingTime);
        Optional<Duration> limit = scenario.run().publishingLimit();
        if (limit.isPresent()) {
            return Optional.of(after + " of " + seconds(limit.get()));
        }
        java.util.OptionalLong perProducer = scenario.publishing().messagesPerProducer();
        if (perProducer.isPresent() && scenario.publishing().publishers() > 0) {
            long planned = perProducer.getAsLong() * scenario.publishing().publishers();
            return Optional.of(String.format(java.util.Locale.ROOT, "%s, %,d of %,d messages published", after,
                    counts.published(), planned));
        }
        return Optional.of(after);
    }

    private static String seconds(Duration d) {
        double s = d.toMillis() / 1000.0;
        return String.format(java.util.Locale.ROOT, s == Math.rint(s) ? "%.0f s" : "%.1f s", s);
    }

    public boolean failed() {
        return failure.isPresent();
    }

    /**
     * Published messages whose fate is not explained by the counts: published minus (confirmed,
     * nacked, returned, released, modified, timed out, still unconfirmed). Zero when every message
     * is accounted for; always zero without confirms (there is no verdict to wait for).
     */
    public long unaccountedPublished() {
        if (!scenario.publishing().confirms()) {
            return 0;
        }
        return counts.published() - counts.settled() - counts.inDoubt() - unconfirmedAtStop;
    }
}
