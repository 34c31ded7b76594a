/**
 * The workload model: {@link io.amqpharness.scenario.Scenario}, immutable and validated, built by its
 * builder from Java or from the CLI; {@link io.amqpharness.scenario.Setting} declares every option once
 * (names, value type, help, doc). Values only: the broker is reached elsewhere.
 */
package io.amqpharness.scenario;
