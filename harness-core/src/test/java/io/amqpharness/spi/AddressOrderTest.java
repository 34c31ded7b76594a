package io.amqpharness.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.BrokerUri;
import org.junit.jupiter.api.Test;

class AddressOrderTest {
    private final AddressOrder order = new AddressOrder(
            BrokerAddresses.parse("amqp://n1:5681,amqp://n2:5682,amqp://n3:5683").addresses());

    @Test
    void publishersAndConsumersStartOnTheNodesInTurnAndPublisherZeroAndConsumerZeroDiffer() {
        assertThat(order.start("harness-abc-p0")).isEqualTo(0);
        assertThat(order.start("harness-abc-p1")).isEqualTo(1);
        assertThat(order.start("harness-abc-p5")).isEqualTo(2);
        assertThat(order.start("harness-abc-c0")).isEqualTo(1);
        assertThat(order.start("harness-abc-c2")).isEqualTo(0);
        assertThat(order.start("harness-abc-r1")).isEqualTo(2);
        assertThat(order.start("harness-abc-control")).isEqualTo(0);
    }

    @Test
    void aConnectionThatOpensAgainStartsAtTheNodeAfterTheOneItUsed() {
        order.connected("harness-abc-p1", 1);
        assertThat(order.order("harness-abc-p1")).extracting(BrokerUri::port).containsExactly(5683, 5681, 5682);
        order.connected("harness-abc-p1", 5);
        assertThat(order.start("harness-abc-p1")).isEqualTo(0);
    }

    @Test
    void opensAreCountedPerAddress() {
        order.connected("harness-abc-p0", 0);
        order.connected("harness-abc-c0", 1);
        order.connected("harness-abc-c0", 2);
        assertThat(order.describe()).containsEntry(AddressOrder.FACT, "n1:5681 1, n2:5682 1, n3:5683 1");
        assertThat(new AddressOrder(BrokerAddresses.of(BrokerUri.DEFAULT)).describe()).isEmpty();
    }

    @Test
    void oneAddressLeavesNothingToChoose() {
        AddressOrder one = new AddressOrder(BrokerAddresses.of(BrokerUri.DEFAULT));
        assertThat(one.order("harness-abc-c7")).containsExactly(BrokerUri.DEFAULT);
    }
}
