/**
 * The driver SPI the protocol modules implement: connect, declare, send with a completion callback,
 * deliver with a settle handle. Drivers are found by {@link java.util.ServiceLoader}. Drivers never
 * time, pace or count: the core does.
 */
package io.amqpharness.spi;
