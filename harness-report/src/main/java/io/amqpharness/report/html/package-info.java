/**
 * {@code report.html}: {@link io.amqpharness.report.html.HtmlReport} renders one run's report, or a
 * comparison page for several, from result documents, as one self-contained page with Chart.js
 * inlined from its webjar ({@code ChartLibrary}); {@code Charts} and {@code Tables} build its
 * charts and tables, the tables field by field from the document's records.
 * {@link io.amqpharness.report.html.MarkdownReport} gives the same comparison's key numbers as a
 * Markdown table. Above {@code report} (its number formats and key numbers) and
 * {@code report.document}.
 */
package io.amqpharness.report.html;
