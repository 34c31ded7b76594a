/**
 * The bottom of harness-report: writing a file whole ({@link io.amqpharness.report.io.AtomicFiles},
 * a temporary file moved over the old one, so a reader never sees half a file) and the one
 * sentence for an output file or directory that cannot be written
 * ({@link io.amqpharness.report.io.OutputFiles}). It imports no other package of the module, so the
 * document reader, the HTML report and the output directory all use it without a loop.
 */
package io.amqpharness.report.io;
