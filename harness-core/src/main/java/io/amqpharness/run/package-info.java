/**
 * The run engine: {@link io.amqpharness.run.LoadRunner} runs one scenario through its phases (connect,
 * declare, open links, traffic, drain, result) and returns a {@link io.amqpharness.run.RunResult};
 * progress goes to {@link io.amqpharness.run.RunListener}s.
 */
package io.amqpharness.run;
