/**
 * Merging the results of several instances ({@code harness report --merge}, {@code --instances}):
 * {@link io.amqpharness.report.merge.ResultMerge} reads each instance's {@code result.json} and
 * {@code .hlog} files, sums counts, adds histograms interval by interval ({@code MergedLogs} writes
 * the merged logs), merges connection verdicts ({@code MergedConnections}) and checks the gates on
 * the merged numbers ({@code MergedGates}). Sees {@code report.build}, {@code report.document} and
 * {@code report.io}.
 */
package io.amqpharness.report.merge;
