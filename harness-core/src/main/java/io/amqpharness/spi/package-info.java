/**
 * The driver SPI the protocol modules implement, translation only: a
 * {@link io.amqpharness.spi.DriverProvider} (found by {@link java.util.ServiceLoader} under its id, asked
 * by the preflight whether it can honour a scenario, and giving its protocol's
 * {@link io.amqpharness.scenario.ProtocolTraits}) makes a {@link io.amqpharness.spi.ProtocolDriver} from
 * typed {@link io.amqpharness.spi.DriverSettings}; the driver connects, hands out its
 * {@link io.amqpharness.spi.BrokerControl} (declare, delete, queue depth, rendezvous), sends with a
 * completion callback ({@link io.amqpharness.spi.PublishOutcomeListener}) and delivers with a settle
 * handle ({@link io.amqpharness.spi.DeliveryListener}). {@code SharedConnections} and
 * {@code AddressOrder} help drivers pool connections over several broker addresses;
 * {@link io.amqpharness.HarnessException} is the base of the harness's own runtime errors, each a
 * sentence for users. Drivers never time, pace or count: the core does.
 */
package io.amqpharness.spi;
