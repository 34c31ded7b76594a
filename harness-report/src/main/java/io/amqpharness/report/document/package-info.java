/**
 * {@code result.json}'s schema as immutable records: {@link io.amqpharness.report.document.ResultDocument}
 * and its sections ({@code Counts}, {@code Rates}, {@code Latencies} and {@code Ladder},
 * {@code Histograms}, {@code Interval}, {@code Step}, {@code BrokerMetrics}...), and their one reader
 * and writer, {@link io.amqpharness.report.document.ResultDocuments}. Each record's {@code @param}
 * tags are the field tables of docs/result-json.md ({@code ResultJsonDocTest} regenerates them);
 * durations and latencies are integer nanoseconds, rates messages per second. Nothing here sees
 * the run engine: {@code report.files} builds a document from a run, and the HTML report and the
 * merge start from documents.
 */
package io.amqpharness.report.document;
