/**
 * Faults on a schedule inside a run ({@code --fault}): what they are ({@link io.amqpharness.fault.Fault},
 * {@link io.amqpharness.fault.FaultPlan}), how they are made ({@link io.amqpharness.fault.FaultActions},
 * {@link io.amqpharness.fault.BrokerFaultActions}), and what the run's publishers and consumers saw around
 * each ({@link io.amqpharness.fault.FaultOutcome}, measured by {@link io.amqpharness.fault.FaultWatch}).
 */
package io.amqpharness.fault;
