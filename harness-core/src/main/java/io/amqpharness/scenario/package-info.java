/**
 * The workload model: {@link io.amqpharness.scenario.Scenario}, immutable and validated, built by its
 * builder from Java or from the CLI. {@link io.amqpharness.scenario.Setting} is the table of options,
 * one constant each, declared in the holder of its group ({@code ConnectionRows}, {@code TopologyRows},
 * {@code PublishingRows}, {@code ConsumingRows}, {@code RunControlRows}, {@code InstanceRows}: names,
 * value type, help, doc, typed default, checks of one value). The builder's draft is a map from
 * {@code Setting} to value; {@code ScenarioAssembler} turns it into the settings records, and the
 * validators check the rules between options. Values only: the broker and the files are reached
 * elsewhere.
 */
package io.amqpharness.scenario;
