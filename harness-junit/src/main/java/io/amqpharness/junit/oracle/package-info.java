/**
 * An independent check of a run's numbers: {@link io.amqpharness.junit.oracle.Oracle} records a
 * run's raw history at the driver boundary, reads what the broker still holds with its own
 * consumer and payload decoding, and judges the {@link io.amqpharness.result.RunResult} into an
 * {@link io.amqpharness.junit.oracle.OracleVerdict}; assert on it with
 * {@link io.amqpharness.junit.oracle.OracleAssertions}. Shares no counting code with the harness.
 * See {@code docs/oracle.md}; the payload contract it decodes is {@code docs/payload.md}.
 */
package io.amqpharness.junit.oracle;
