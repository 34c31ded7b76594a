/**
 * The AMQP 1.0 driver, registered as {@code amqp10}: the four classes of the driver SPI
 * ({@code Amqp10DriverProvider}, {@code Amqp10Driver}, {@code Amqp10Publisher},
 * {@code Amqp10Consumer}) over the package's own client, {@code amqp10.engine}, which never sees
 * this package. Around them: addresses in the broker's format ({@code Addresses},
 * {@code BrokerProfile}), the message body ({@code MessageEncoder}, over harness-amqp-message),
 * link credit and its drain ({@code LinkCredit}, {@code LinkDrain}), the hand-over of deliveries to
 * consumers that may wait ({@code DeliveryHandOver}, {@code DeliveryBatch}), settlement
 * ({@code PendingSettlements}, {@code UnsettledDeliveries}), stream filters ({@code StreamFilters})
 * and the run's notes ({@code Amqp10Notes}). Topology goes through harness-topology's
 * {@code TopologyControl}.
 */
package io.amqpharness.amqp10;
