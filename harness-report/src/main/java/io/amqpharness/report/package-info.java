/**
 * What a run prints and writes: the progress line, the summary, the seed-report tables, and (in
 * {@code files} and {@code html}) result.json, CSV, HdrHistogram logs, merged results and report.html.
 */
package io.amqpharness.report;
