package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.spi.DriverSettings;
import org.junit.jupiter.api.Test;

class Amqp10NotesTest {
    private static final BrokerProfile V3 = BrokerProfile.of("3.10.8", false);
    private static final BrokerProfile V4 = BrokerProfile.of("4.1.4", true);

    @Test
    void rabbitMQ4sLinkCreditBoundsTheConfirmWindow() {
        Scenario s = Scenario.builder().protocol("amqp10").confirm(1000).build();
        assertThat(Amqp10Notes.notes(DriverSettings.of(s, "t"), V4, AddressFormat.V2)).anySatisfy(n -> assertThat(n)
                .startsWith("RabbitMQ 4 grants each publisher link 170 credits (max_link_credit)")
                .endsWith("--confirm 1000 acts as about 255 unless max_link_credit is raised."));
        Scenario small = Scenario.builder().protocol("amqp10").confirm(100).build();
        assertThat(Amqp10Notes.notes(DriverSettings.of(small, "t"), V4, AddressFormat.V2))
                .anySatisfy(n -> assertThat(n).contains("also bounds the confirm window").endsWith("is within that bound."));
        assertThat(Amqp10Notes.notes(DriverSettings.of(s, "t"), V3, AddressFormat.V1)).noneSatisfy(n -> assertThat(n).contains("max_link_credit"));
    }

    @Test
    void theReportNamesTheAddressFormatAndTheBroker() {
        Scenario s = Scenario.builder().protocol("amqp10").build();
        assertThat(Amqp10Notes.notes(DriverSettings.of(s, "t"), V3, AddressFormat.V1)).first().isEqualTo(
                "AMQP 1.0 addresses use the v1 format (/amq/queue/Q, /exchange/X/RK), chosen automatically for "
                        + "RabbitMQ 3.10.8.");
        Scenario v1 = Scenario.builder().protocol("amqp10").addressFormat(AddressFormat.V1).build();
        assertThat(Amqp10Notes.notes(DriverSettings.of(v1, "t"), V4, AddressFormat.V1))
                .contains("v1 addresses are deprecated on RabbitMQ 4 and refused by default from 4.3.");
    }

    @Test
    void preSettledPublishingOnRabbitMQ3IsFlagged() {
        Scenario s = Scenario.builder().protocol("amqp10").build();
        assertThat(Amqp10Notes.notes(DriverSettings.of(s, "t"), V3, AddressFormat.V1)).anySatisfy(n -> assertThat(n)
                .startsWith("RabbitMQ 3.10.8 takes pre-settled messages (no --confirm) in faster than it routes them"));
        assertThat(Amqp10Notes.notes(DriverSettings.of(s, "t"), V4, AddressFormat.V2)).noneSatisfy(n -> assertThat(n).contains("pre-settled"));
        Scenario confirmed = Scenario.builder().protocol("amqp10").confirm(10).build();
        assertThat(Amqp10Notes.notes(DriverSettings.of(confirmed, "t"), V3, AddressFormat.V1)).noneSatisfy(n -> assertThat(n).contains("pre-settled"));
    }

    @Test
    void stalledStreamDeliveriesOnRabbitMQ3AreFlaggedForRunsThatPublishAndConsume() {
        Scenario both = Scenario.builder().protocol("amqp10").queueType(QueueType.STREAM).confirm(10).build();
        assertThat(Amqp10Notes.notes(DriverSettings.of(both, "t"), V3, AddressFormat.V1)).anySatisfy(n -> assertThat(n)
                .startsWith("RabbitMQ 3.10.8 can pause AMQP 1.0 stream deliveries for seconds"));
        assertThat(Amqp10Notes.notes(DriverSettings.of(both, "t"), V4, AddressFormat.V2)).noneSatisfy(n -> assertThat(n).contains("pause"));
        Scenario readOnly = Scenario.builder().protocol("amqp10").queueType(QueueType.STREAM).producers(0).build();
        assertThat(Amqp10Notes.notes(DriverSettings.of(readOnly, "t"), V3, AddressFormat.V1)).noneSatisfy(n -> assertThat(n).contains("pause"));
    }

    @Test
    void factsCarryVersionFormatCreditAndFilterForm() {
        Scenario s = Scenario.builder().protocol("amqp10").queueType(QueueType.STREAM)
                .streamOffset(new StreamOffset.First()).confirm(10).build();
        assertThat(Amqp10Notes.facts(DriverSettings.of(s, "t"), V3, AddressFormat.V1))
                .containsEntry("broker-version", "3.10.8")
                .containsEntry("address-format", "v1")
                .containsEntry("link-credit", "200")
                .containsEntry("stream-filter", "plain")
                .containsEntry("publisher-settlement", "unsettled (at-least-once)");
        assertThat(Amqp10Notes.facts(DriverSettings.of(s, "t"), V4, AddressFormat.V2))
                .containsEntry("address-format", "v2")
                .containsEntry("stream-filter", "described");
        Scenario plain = Scenario.builder().protocol("amqp10").autoAck(true).build();
        assertThat(Amqp10Notes.facts(DriverSettings.of(plain, "t"), V3, AddressFormat.V1))
                .containsEntry("link-credit", "1000")
                .containsEntry("publisher-settlement", "pre-settled (at-most-once)")
                .containsEntry("consumer-settlement", "pre-settled (at-most-once)")
                .doesNotContainKey("stream-filter");
    }
}
