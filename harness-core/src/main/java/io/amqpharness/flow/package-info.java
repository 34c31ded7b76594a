/**
 * Flow control owned by the core: intended send times ({@link io.amqpharness.flow.Pacer}), the
 * bounded confirm window ({@link io.amqpharness.flow.ConfirmTracker}) and the consumers' ack policy
 * ({@link io.amqpharness.flow.AckPolicy}).
 */
package io.amqpharness.flow;
