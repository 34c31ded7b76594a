/**
 * Measurement: exact latency in HdrHistogram recorders (nanoseconds), counts, and the sequence checks
 * that find lost, duplicated, late and out-of-order messages per publisher and queue.
 */
package io.amqpharness.measure;
