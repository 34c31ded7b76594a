/**
 * A Prometheus endpoint for a running workload: {@link io.amqpharness.metrics.PrometheusEndpoint}.
 *
 * <h2>What is exported</h2>
 * <ul>
 *   <li>Monotonic counters, one per field of {@link io.amqpharness.measure.CountSnapshot}:
 *       {@code harness_published_total}, {@code harness_confirmed_total},
 *       {@code harness_nacked_total}, {@code harness_returned_total},
 *       {@code harness_consumed_total} and the others. They are Micrometer {@code FunctionCounter}s
 *       that read the run's totals, so Prometheus' {@code rate()} and {@code increase()} work and
 *       counters from several harness instances add up with {@code sum()}.</li>
 *   <li>{@code harness_in_flight}: messages awaiting a publisher confirm, a gauge.</li>
 *   <li>Latency as classic Prometheus histograms in seconds:
 *       {@code harness_end_to_end_latency_seconds}, {@code harness_confirm_latency_seconds} and
 *       {@code harness_publish_delay_seconds}, each with {@code _bucket{le=...}}, {@code _count}
 *       and {@code _sum}.</li>
 *   <li>{@code harness_run_info}: 1, with the run id, protocol, queue type and broker version as labels.</li>
 * </ul>
 * The tags given to {@code --metrics-tags} are labels of every series.
 *
 * <h2>Why latency is exported this way</h2>
 * The harness records every latency exactly in HdrHistogram recorders (the report's numbers come
 * from there). Recording each message a second time into a Micrometer {@code Timer} would add work
 * on the hot path and give a second, slightly different answer. Micrometer's alternatives are
 * also a poor fit: client-side percentiles are a summary over a decaying window that cannot be
 * aggregated across instances, and with the Prometheus 1.x client a timer exports either those
 * percentiles or a histogram, not both.
 *
 * <p>So latency is exported by {@link io.amqpharness.metrics.LatencyCollector}, a collector
 * registered directly on the registry's {@code PrometheusRegistry}. It keeps a cumulative copy of
 * the run's histograms, fed once per reporting interval from
 * {@link io.amqpharness.run.RunListener#intervalHistograms}, and at scrape time turns it into the
 * cumulative bucket counts of a classic histogram with fixed bounds ({@link
 * io.amqpharness.metrics.BucketLayout}). That costs nothing per message, is exact up to the bucket
 * bounds, and since every instance uses the same bounds,
 * {@code histogram_quantile(0.99, sum by (le) (rate(harness_end_to_end_latency_seconds_bucket[1m])))}
 * gives the 99th percentile over all instances, which per-instance quantiles never can.
 * The values seen by Prometheus lag the run by at most one reporting interval.
 *
 * <h2>Threading</h2>
 * The run's listener calls and the HTTP server's scrapes may overlap; the collector guards its
 * histograms with a lock and the counters read immutable snapshots.
 */
package io.amqpharness.metrics;
