/**
 * What a run prints and writes. This package prints: the progress line
 * ({@link io.amqpharness.report.ProgressLine}), the text summary
 * ({@link io.amqpharness.report.TextSummary}), the seed-report table and the {@code find-max}
 * summary. Its sub-packages write: {@code document} holds {@code result.json}'s schema as records
 * and its one reader and writer, {@code files} builds {@code result.json} from a run and writes
 * {@code intervals.csv}, the HdrHistogram logs and merged results, and {@code html} renders
 * {@code report.html}. The module reads the core's {@code RunResult}; the core never sees it.
 */
package io.amqpharness.report;
