/**
 * amqp-harness: a load generator for RabbitMQ. {@link io.amqpharness.run.Harness} runs a
 * {@link io.amqpharness.scenario.Scenario} from Java and returns a {@link io.amqpharness.result.RunResult}.
 * This package holds {@link io.amqpharness.HarnessException}, the base of the errors a run throws to its
 * users, below every other package (and the deprecated {@code Harness} bridge, until its removal). See
 * docs/architecture.md for the modules, a run's phases and its threads.
 */
package io.amqpharness;
