package io.amqpharness.metrics;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.RunStart;
import io.amqpharness.run.RunListener;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Feeds the exported metrics from the run's interval reports: the counters read the latest totals,
 * the gauge the latest in-flight count, the latency collector gets each interval's histograms.
 * Nothing here runs per message.
 */
final class RunMetrics implements RunListener {
    private final PrometheusMeterRegistry registry;
    private final LatencyCollector latency;
    private volatile CountSnapshot totals = CountSnapshot.ZERO;
    private volatile long inFlight;
    private volatile long unsentAtStop;
    /** Seconds the broker blocked at least one publisher, summed over the intervals so far. */
    private final java.util.concurrent.atomic.DoubleAdder blockedSeconds = new java.util.concurrent.atomic.DoubleAdder();
    private volatile boolean blocked;
    private final java.util.concurrent.atomic.DoubleAdder downSeconds = new java.util.concurrent.atomic.DoubleAdder();
    private volatile boolean down;

    RunMetrics(PrometheusMeterRegistry registry, Map<String, String> tags) {
        this.registry = registry;
        for (CounterCatalog.Counter c : CounterCatalog.counters()) {
            // 'this' is held strongly by the endpoint, so Micrometer's weak reference stays valid.
            FunctionCounter.builder(c.name(), this, m -> c.read().applyAsLong(m.totals))
                    .description(c.description()).register(registry);
        }
        Gauge.builder("harness.in_flight", this, m -> m.inFlight)
                .description("Messages awaiting a publisher confirm").register(registry);
        Gauge.builder("harness.lost", this, m -> m.totals.lost())
                .description("Sequences missing now: behind what had arrived an interval earlier, less those that"
                        + " arrived late; after the run, the final gap count").register(registry);
        Gauge.builder("harness.unsent_at_stop", this, m -> m.unsentAtStop)
                .description("Messages a paced schedule had due when publishing stopped but that were never sent"
                        + " (set at the end of the run)").register(registry);
        FunctionCounter.builder("harness.blocked.seconds", this, m -> m.blockedSeconds.sum())
                .description("Time the broker blocked at least one publisher (resource alarm, withheld AMQP 1.0 "
                        + "credit), in seconds, counted at the end of each interval").register(registry);
        Gauge.builder("harness.blocked", this, m -> m.blocked ? 1 : 0)
                .description("1 if the broker blocked a publisher during the last interval, else 0").register(registry);
        FunctionCounter.builder("harness.connections.down.seconds", this, m -> m.downSeconds.sum())
                .description("Time with at least one connection dropped by the broker and not yet recovered, in "
                        + "seconds, counted at the end of each interval").register(registry);
        Gauge.builder("harness.connections.down", this, m -> m.down ? 1 : 0)
                .description("1 if a connection was down (dropped, reconnecting) during the last interval, else 0")
                .register(registry);
        this.latency = new LatencyCollector(tags);
        registry.getPrometheusRegistry().register(latency);
    }

    @Override
    public void started(RunStart start) {
        Gauge.builder("harness.run.info", () -> 1)
                .description("The run: 1, with its id, protocol, queue type and broker version as labels")
                .tag("run_id", start.runId())
                .tag("protocol", start.scenario().protocol())
                .tag("queue_type", start.scenario().topology().queueType().argumentValue())
                .tag("broker_version", start.broker().version())
                .register(registry);
    }

    @Override
    public void interval(IntervalStats stats) {
        totals = stats.total();
        inFlight = stats.inFlight();
        blockedSeconds.add(stats.blocked().toNanos() / 1e9);
        blocked = !stats.blocked().isZero();
        downSeconds.add(stats.down().toNanos() / 1e9);
        down = !stats.down().isZero();
    }

    @Override
    public void intervalHistograms(IntervalStats stats, Map<Metric, Histogram> histograms) {
        latency.add(histograms);
    }

    @Override
    public void finished(RunResult result) {
        totals = result.counts();
        inFlight = result.unconfirmedAtStop();
        unsentAtStop = result.unsentAtStop();
        for (io.amqpharness.measure.Outages.Connection c : result.outages().connections()) {
            Gauge.builder("harness.connection.disconnects", c, x -> x.disconnects()).tag("connection", c.name()).strongReference(true)
                    .description("Times the broker dropped this connection during the run (set when the run ends)")
                    .register(registry);
            Gauge.builder("harness.connection.downtime.seconds", c, x -> x.downtime().toNanos() / 1e9)
                    .tag("connection", c.name()).strongReference(true)
                    .description("How long this connection was down in all, in seconds (set when the run ends)")
                    .register(registry);
            Gauge.builder("harness.connection.recovery.seconds", c, x -> x.longest().toNanos() / 1e9)
                    .tag("connection", c.name()).strongReference(true)
                    .description("This connection's longest outage: its slowest recovery, in seconds (set when the run ends)")
                    .register(registry);
        }
        io.amqpharness.result.ConnectionStats c = result.connections();
        Gauge.builder("harness.connections.opened", c, x -> x.opened()).strongReference(true)
                .description("Connections opened before traffic started: publishers', consumers' and idle ones "
                        + "(set when the run ends)").register(registry);
        Gauge.builder("harness.connections.opening.seconds", c, x -> x.openingTime().toNanos() / 1e9).strongReference(true)
                .description("How long opening them took, in seconds (set when the run ends)").register(registry);
        c.churn().ifPresent(churn -> {
            Gauge.builder("harness.churn.opened", churn, x -> x.opened()).strongReference(true)
                    .description("Churned connections opened (--churn-rate; set when the run ends; live: the count of "
                            + "harness_churn_open_latency_seconds)").register(registry);
            Gauge.builder("harness.churn.closed", churn, x -> x.closed()).strongReference(true)
                    .description("Churned connections closed (set when the run ends)").register(registry);
            Gauge.builder("harness.churn.failed", churn, x -> x.failed()).strongReference(true)
                    .description("Churned connections that failed to open (set when the run ends)").register(registry);
            Gauge.builder("harness.churn.opens.per.second", churn, x -> x.opensPerSecond()).strongReference(true)
                    .description("Churned connections opened per second over the run (set when the run ends)")
                    .register(registry);
        });
    }
}
