package io.amqpharness.run;

import io.amqpharness.broker.BrokerMetricsReport;
import io.amqpharness.broker.BrokerSample;
import io.amqpharness.broker.CrossCheck;
import io.amqpharness.broker.NodeSample;
import io.amqpharness.broker.QueueGrowth;
import io.amqpharness.broker.QueueSample;
import io.amqpharness.result.ClientStats;
import io.amqpharness.result.ConnectionStats;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.LatencyHistograms;
import io.amqpharness.result.Rates;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.RunStart;
import io.amqpharness.result.StepResult;
import java.util.OptionalDouble;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.spi.BrokerInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.lang.reflect.RecordComponent;
import org.HdrHistogram.Histogram;

/**
 * A made-up run for testing the writers: a paced quorum-queue run with confirms stepped from 50
 * to 100 halfway, one interval per second, a 2-second stall in the middle, and a broker password
 * that must never be written.
 */
public final class SyntheticRun {
    /** The password in the scenario's URI. */
    public static final String PASSWORD = "s3cret-Pa55word";
    public static final Instant STARTED_AT = Instant.parse("2026-11-21T10:00:00Z");

    public final RunStart start;
    public final List<IntervalStats> intervals = new ArrayList<>();
    /** The raw histograms of each interval, in nanoseconds, as {@code RunListener.intervalHistograms} gets them. */
    public final List<Map<Metric, Histogram>> intervalHistograms = new ArrayList<>();
    public final RunResult result;

    private SyntheticRun(int seconds, int ratePerSecond, long seed) {
        Scenario scenario = Scenario.builder().protocol("in-memory")
                .uri("amqp://admin:" + PASSWORD + "@broker.example:5672/%2F")
                .queueType(QueueType.QUORUM).rate(ratePerSecond).qos(200).multiAckEvery(10)
                .step(StepSetting.CONFIRM, 50, 100).stepDuration(Duration.ofSeconds(Math.max(1, seconds / 2)))
                .flag(MessageFlag.PERSISTENT).time(Duration.ofSeconds(seconds)).failIf("lost>0").build();
        BrokerInfo broker = new BrokerInfo("RabbitMQ", "3.10.7", "Erlang/OTP 24.3",
                Map.of("product", "RabbitMQ", "version", "3.10.7", "cluster_name", "rabbit@test"));
        start = new RunStart("abc123", scenario, broker, List.of("harness-abc123"), STARTED_AT);
        Random random = new Random(seed);
        Map<Metric, Histogram> cumulative = new EnumMap<>(Metric.class);
        for (Metric m : Metric.values()) {
            cumulative.put(m, new Histogram(1, 3_600_000_000_000L, 3));
        }
        CountSnapshot total = CountSnapshot.ZERO;
        for (int i = 0; i < seconds + 1; i++) {
            boolean draining = i == seconds;
            boolean stalled = i == seconds / 2 || i == seconds / 2 + 1;
            int messages = draining ? 0 : ratePerSecond;
            Map<Metric, Histogram> hs = new EnumMap<>(Metric.class);
            for (Metric m : Metric.values()) {
                Histogram h = new Histogram(1, 3_600_000_000_000L, 3);
                h.setStartTimeStamp(STARTED_AT.toEpochMilli() + i * 1000L);
                h.setEndTimeStamp(STARTED_AT.toEpochMilli() + (i + 1) * 1000L);
                for (int k = 0; k < messages; k++) {
                    long base = m == Metric.PUBLISH_DELAY ? 20_000 : m == Metric.CONFIRM ? 900_000 : 1_500_000;
                    long v = (long) (base * Math.exp(random.nextGaussian() * 0.5));
                    if (stalled && m != Metric.CONFIRM) {
                        v += (long) (2e9 * (1 - k / (double) messages));
                    }
                    h.recordValue(Math.max(1, v));
                }
                hs.put(m, h);
                cumulative.get(m).add(h);
            }
            CountSnapshot delta = counts(Map.of("published", (long) messages, "confirmed", (long) messages,
                    "consumed", (long) messages, "unique", (long) messages, "ownUnique", (long) messages));
            total = plus(total, delta);
            Map<Metric, LatencySummary> summaries = new EnumMap<>(Metric.class);
            hs.forEach((m, h) -> summaries.put(m, LatencySummary.of(h)));
            intervals.add(new IntervalStats(i, Duration.ofSeconds(i + 1), Duration.ofSeconds(1),
                    draining ? IntervalStats.Phase.DRAINING : IntervalStats.Phase.RUNNING, delta, total,
                    draining ? 0 : 37, summaries, Duration.ZERO, Duration.ZERO, Optional.of(brokerSample(i))));
            intervalHistograms.add(hs);
        }
        Map<Metric, LatencySummary> latency = new EnumMap<>(Metric.class);
        cumulative.forEach((m, h) -> latency.put(m, LatencySummary.of(h)));
        List<StepResult> steps = new ArrayList<>();
        int half = intervals.size() / 2;
        for (int k = 0; k < 2; k++) {
            List<IntervalStats> part = k == 0 ? intervals.subList(0, half) : intervals.subList(half, intervals.size());
            CountSnapshot first = k == 0 ? CountSnapshot.ZERO : intervals.get(half - 1).total();
            CountSnapshot counts = part.get(part.size() - 1).total().minus(first);
            Map<Metric, LatencySummary> stepLatency = new EnumMap<>(Metric.class);
            Map<Metric, LatencySummary> stepMax = new EnumMap<>(Metric.class);
            for (Metric m : Metric.values()) {
                stepLatency.put(m, LatencySummary.maxOf(part.stream().map(i -> i.latency(m)).toList()));
                stepMax.put(m, LatencySummary.maxOf(part.stream().map(i -> i.latency(m)).toList()));
            }
            double secs = part.size();
            steps.add(new StepResult(k, "confirm=" + (k == 0 ? 50 : 100), Map.of("confirm", k == 0 ? 50.0 : 100.0),
                    Duration.ofSeconds(k == 0 ? 0 : half), Duration.ofSeconds(part.size()), counts,
                    new Rates(counts.published() / secs, counts.confirmed() / secs, counts.consumed() / secs,
                            counts.consumed() / secs), stepLatency, stepMax));
        }
        long n = total.published();
        result = new RunResult("abc123", scenario, broker, List.of("harness-abc123"), STARTED_AT,
                Duration.ofSeconds(seconds), Duration.ofSeconds(seconds + 1), true, total, 0, 0, OptionalLong.of(0),
                OptionalLong.of(n), new Rates(n / (double) seconds, n / (double) seconds, n / (double) seconds, n / (seconds + 1.0)),
                latency, LatencyHistograms.of(cumulative), intervals, steps,
                new ClientStats(Duration.ofMillis(1234), 64L << 20, OptionalLong.of(96L << 20), "17.0.15", 2,
                        java.util.Optional.of(new ClientStats.Measured(Duration.ofMillis(1000), 10_000)), Duration.ofMillis(3456)),
                Map.of("connection", "amqp://admin:" + PASSWORD + "@broker.example:5672/%2F"),
                List.of("A note mentioning " + PASSWORD + " by accident."), Optional.empty(), false,
                io.amqpharness.measure.Outages.Summary.NONE, io.amqpharness.measure.FlowBlocks.Summary.NONE,
                Optional.of(brokerReport(intervals, n)), Optional.empty(),
                new ConnectionStats(2, java.time.Duration.ofMillis(20), 0, 0, Optional.of(new ConnectionStats.Churn(
                        10, 10, 0, Optional.empty(), java.time.Duration.ofSeconds(1), 0))));
    }

    /** What the broker said in interval {@code i}: a queue growing by 1,000 messages a second. */
    static BrokerSample brokerSample(int i) {
        QueueSample q = new QueueSample("harness-abc123", OptionalLong.of(1000L * i), OptionalLong.of(50),
                OptionalLong.of(5000L * (i + 1)), OptionalLong.of(4000L * (i + 1)), OptionalDouble.of(5000),
                OptionalDouble.of(4000), Optional.of("rabbit@broker"));
        NodeSample node = new NodeSample("rabbit@broker", OptionalLong.of((100L + i) << 20), OptionalLong.of(800L << 20),
                List.of(), Optional.of(Duration.ofSeconds(3600 + i)));
        return new BrokerSample(Duration.ofMillis(750 + 1000L * i), List.of(q), List.of(node), OptionalLong.of(3),
                OptionalLong.of(3), OptionalDouble.of(0.5 + i / 100.0), OptionalLong.empty(), OptionalLong.empty());
    }

    private static BrokerMetricsReport brokerReport(List<IntervalStats> intervals, long published) {
        BrokerSample last = intervals.get(intervals.size() - 1).broker().orElseThrow();
        return new BrokerMetricsReport(Optional.of("management"), Optional.of("http://broker.example:15672/api"),
                Optional.of("http://broker.example:15692/metrics"), Optional.empty(), intervals.size() + 1, 0,
                Optional.of(brokerSample(0)), Optional.of(last), last.depth(), last.memoryBytes(),
                OptionalLong.of(800L << 20), last.cpuCores(), OptionalLong.of(3), OptionalLong.of(3), List.of(),
                Optional.of(new CrossCheck("queues", OptionalLong.of(published - 10), OptionalLong.of(published),
                        OptionalLong.of(published), OptionalLong.of(published), 0)),
                Optional.of(new QueueGrowth("harness", 1000L * intervals.size(), Duration.ofSeconds(intervals.size()), 1000, true)));
    }

    /** A run of {@code seconds} one-second intervals at {@code ratePerSecond}, plus one draining interval. */
    public static SyntheticRun create(int seconds, int ratePerSecond, long seed) {
        return new SyntheticRun(seconds, ratePerSecond, seed);
    }

    /** Total values recorded for a metric over all intervals. */
    public long totalCount(Metric m) {
        return intervalHistograms.stream().mapToLong(h -> h.get(m).getTotalCount()).sum();
    }

    /**
     * A snapshot with the given counts and zero elsewhere, built through the canonical constructor
     * so that counts added to {@link CountSnapshot} later do not break this helper.
     */
    public static CountSnapshot counts(Map<String, Long> values) {
        RecordComponent[] components = CountSnapshot.class.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            args[i] = values.getOrDefault(components[i].getName(), 0L);
        }
        try {
            return CountSnapshot.class.getDeclaredConstructor(types).newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static CountSnapshot plus(CountSnapshot a, CountSnapshot b) {
        Map<String, Long> sum = new java.util.HashMap<>();
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            try {
                sum.put(c.getName(), (Long) c.getAccessor().invoke(a) + (Long) c.getAccessor().invoke(b));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return counts(sum);
    }
}
