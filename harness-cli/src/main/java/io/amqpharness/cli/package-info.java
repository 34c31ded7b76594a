/**
 * The {@code harness} command line (picocli): {@code Main} and the commands ({@code HarnessCommand}
 * for {@code run}, {@code SweepCommand}, {@code FindMaxCommand}, {@code ReportCommand}), whose
 * scenario options are made from the core's {@code Setting} table ({@code RunOptions},
 * {@code PerfTestNames} for PerfTest's spellings, {@code ScenarioFile} and
 * {@code EnvironmentDefaults} for files and environment variables); what a run prints and writes
 * ({@code ConsoleReporter}, {@code RunOutputs}, {@code OutputOptions}); repeated runs and sets of
 * results ({@code RepeatedRuns}, {@code RunSets}, {@code EarlierResults}); and local instances
 * ({@code LocalInstances}, {@code --instances}). Bad input is one sentence and exit code 2.
 */
package io.amqpharness.cli;
