/**
 * Measurement, owned by the core: exact latency in HdrHistogram recorders (nanoseconds), one
 * {@link io.amqpharness.measure.LatencyRecorder} per {@link io.amqpharness.measure.Metric}, the one
 * table of a latency series' names (its label, {@code result.json} key, {@code .hlog} file and
 * Prometheus name); the message {@link io.amqpharness.measure.Counters}; the sequence checks
 * ({@link io.amqpharness.measure.Integrity}, {@link io.amqpharness.measure.SequenceTracker}) that find
 * lost, duplicated, late and out-of-order messages per publisher and queue; the payload header shared
 * with PerfTest ({@link io.amqpharness.measure.PayloadCodec}); connection outages and flow blocks.
 */
package io.amqpharness.measure;
