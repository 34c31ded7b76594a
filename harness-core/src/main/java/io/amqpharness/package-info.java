/**
 * amqp-harness: a load generator for RabbitMQ. {@link io.amqpharness.Harness} runs a
 * {@link io.amqpharness.scenario.Scenario} from Java and returns a {@link io.amqpharness.result.RunResult}.
 * See docs/architecture.md for the modules, a run's phases and its threads.
 */
package io.amqpharness;
