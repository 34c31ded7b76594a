/**
 * The AMQP 0.9.1 driver over amqp-client, registered as {@code amqp091}: the four classes of the driver
 * SPI ({@code Amqp091DriverProvider}, {@code Amqp091Driver}, {@code Amqp091Publisher},
 * {@code Amqp091Consumer}), topology through harness-topology's {@code TopologyControl}, and the I/O
 * choices behind them: shared NIO threads and executors ({@code SharedIo}), consumer dispatch in
 * blocking I/O ({@code DeliveryDispatch}), writes held until the publisher waits ({@code CorkedSockets}),
 * the NIO prefetch ({@code NioPrefetch}) and {@code --polling} ({@code Poller}).
 */
package io.amqpharness.amqp091;
