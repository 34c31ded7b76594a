package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.scenario.AddressFormat;
import org.junit.jupiter.api.Test;

class AddressesTest {

    @Test
    void v1AddressesAsRabbitMQ3ReadsThem() {
        assertThat(Addresses.queue(AddressFormat.V1, "q1")).isEqualTo("/amq/queue/q1");
        assertThat(Addresses.target(AddressFormat.V1, "", "q1")).isEqualTo("/amq/queue/q1");
        assertThat(Addresses.target(AddressFormat.V1, "x", "rk")).isEqualTo("/exchange/x/rk");
        assertThat(Addresses.target(AddressFormat.V1, "x", "")).isEqualTo("/exchange/x/");
        assertThat(Addresses.queue(AddressFormat.V1, "with space")).isEqualTo("/amq/queue/with space");
    }

    @Test
    void v2AddressesAsRabbitMQ4ReadsThem() {
        assertThat(Addresses.queue(AddressFormat.V2, "q1")).isEqualTo("/queues/q1");
        assertThat(Addresses.target(AddressFormat.V2, "", "q1")).isEqualTo("/queues/q1");
        assertThat(Addresses.target(AddressFormat.V2, "x", "rk")).isEqualTo("/exchanges/x/rk");
        assertThat(Addresses.target(AddressFormat.V2, "x", "")).isEqualTo("/exchanges/x");
    }

    @Test
    void v2SegmentsArePercentEncoded() {
        assertThat(Addresses.queue(AddressFormat.V2, "a/b c")).isEqualTo("/queues/a%2Fb%20c");
        assertThat(Addresses.target(AddressFormat.V2, "amq.topic", "orders.*.eu/#"))
                .isEqualTo("/exchanges/amq.topic/orders.%2A.eu%2F%23");
        assertThat(Addresses.queue(AddressFormat.V2, "ü€")).isEqualTo("/queues/%C3%BC%E2%82%AC");
        assertThat(Addresses.percentEncode("AZaz09-._~")).isEqualTo("AZaz09-._~");
        assertThat(Addresses.percentEncode("%?:@+&=")).isEqualTo("%25%3F%3A%40%2B%26%3D");
    }

    @Test
    void v1CannotExpressASlashInAName() {
        assertThatThrownBy(() -> Addresses.queue(AddressFormat.V1, "a/b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The queue name 'a/b' contains '/', which v1 AMQP 1.0 addresses (RabbitMQ 3.x) cannot "
                        + "express; choose a name without '/', or use RabbitMQ 4 with --address-format v2");
        assertThatThrownBy(() -> Addresses.target(AddressFormat.V1, "x/y", "rk"))
                .hasMessageStartingWith("The exchange name 'x/y' contains '/'");
        assertThatThrownBy(() -> Addresses.target(AddressFormat.V1, "x", "a/b"))
                .hasMessageStartingWith("The routing key 'a/b' contains '/'");
    }

    @Test
    void autoMustBeResolvedFirst() {
        assertThatThrownBy(() -> Addresses.queue(AddressFormat.AUTO, "q")).isInstanceOf(IllegalArgumentException.class);
    }
}
