/**
 * The files a run writes and reads back: {@link io.amqpharness.report.files.RunDocument} builds a
 * run's {@code result.json} from its {@code RunResult} (with {@code RunSections},
 * {@code BrokerSections}, {@code ScenarioValues}, and {@code Redaction} keeping the broker password
 * out); {@link io.amqpharness.report.files.OutputDirectory} writes {@code intervals.csv}
 * ({@code IntervalsCsv}), the HdrHistogram logs ({@code HistogramLogs}), {@code result.json} and
 * {@code report.html} into one directory, each file whole or not at all ({@code report.io.AtomicFiles});
 * {@link io.amqpharness.report.files.ResultMerge} merges the results of several instances
 * ({@code harness report --merge}) by summing counts and adding histograms.
 */
package io.amqpharness.report.files;
