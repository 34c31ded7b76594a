/**
 * What a run prints and writes. This package prints: the progress line
 * ({@link io.amqpharness.report.ProgressLine}), the text summary
 * ({@link io.amqpharness.report.TextSummary}), the seed-report table, the {@code find-max}
 * summary and the figures of repeated runs ({@code RepeatReport}), with the number formats
 * ({@code Format}) and key numbers ({@code KeyNumbers}) that the HTML report shows too. Its
 * sub-packages, bottom up: {@code io} (whole-file writes), {@code document} ({@code result.json}'s
 * schema as records, and its one reader and writer), {@code build} (a run's document from its
 * {@code RunResult}), {@code merge} (the results of several instances as one), {@code html}
 * ({@code report.html} and the Markdown comparison, above this package) and {@code files} (a run's
 * output directory, on top). No package sees one above it. The module reads the core's
 * {@code RunResult}; the core never sees it.
 */
package io.amqpharness.report;
