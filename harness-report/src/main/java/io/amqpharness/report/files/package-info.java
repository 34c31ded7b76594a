/**
 * The files a run writes into its {@code --output-dir}:
 * {@link io.amqpharness.report.files.OutputDirectory}, a {@code RunListener}, writes
 * {@code intervals.csv} ({@code IntervalsCsv}), the HdrHistogram logs ({@code HistogramLogs}),
 * {@code result.json} (built by {@code report.build}) and {@code report.html} (rendered by
 * {@code report.html}) into one directory, each file whole or not at all
 * ({@code report.io.AtomicFiles}). The top of the module: nothing in it is used by another package
 * of the report. {@code RunDocument} and {@code ResultMerge} here are deprecated bridges to
 * {@code report.build} and {@code report.merge}.
 */
package io.amqpharness.report.files;
