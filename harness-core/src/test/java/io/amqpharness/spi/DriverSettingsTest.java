package io.amqpharness.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.ProtocolTraits;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** What a driver is told about a run, computed once from the scenario; and the protocols' traits. */
class DriverSettingsTest {

    @Test
    void theLargestWindowIsTheStepPlansLargestOrTheTransactionSize() {
        assertThat(DriverSettings.largestWindow(Scenario.builder().build())).isEmpty();
        assertThat(DriverSettings.largestWindow(Scenario.builder().confirm(50).build())).hasValue(50);
        assertThat(DriverSettings.largestWindow(Scenario.builder().step(StepSetting.CONFIRM, 10, 200, 30)
                .stepDuration(Duration.ofSeconds(1)).build())).hasValue(200);
        assertThat(DriverSettings.largestWindow(Scenario.builder().txSize(20).build())).hasValue(20);
    }

    @Test
    void aDriverReadsTypedSettingsNotTheScenario() {
        Scenario s = Scenario.builder().uri("amqp://guest:guest@127.0.0.1:5673").producers(2).consumers(3).qos(40)
                .multiAckEvery(10).confirm(25).randomRoutingKey(true).exchange("x").exchangeType(ExchangeType.TOPIC)
                .bindingKey("#").addressFormat(AddressFormat.V2).build();
        DriverSettings d = DriverSettings.of(s, "r1");
        assertThat(d.runId()).isEqualTo("r1");
        assertThat(d.uri().port()).isEqualTo(5673);
        assertThat(d.links().publishers()).isEqualTo(2);
        assertThat(d.links().consumers()).isEqualTo(3);
        assertThat(d.links().confirms()).isTrue();
        assertThat(d.links().maxInFlight()).isEqualTo(OptionalInt.of(25));
        assertThat(d.links().prefetch()).isEqualTo(OptionalInt.of(40));
        assertThat(d.links().batchedAcks()).isTrue();
        assertThat(d.links().routingKeyPerMessage()).isTrue();
        assertThat(d.links().queueType()).isEqualTo(QueueType.CLASSIC);
        assertThat(d.amqp10().addressFormat()).isEqualTo(AddressFormat.V2);
        assertThat(d.connections().planned()).isEqualTo(5);
        assertThat(d.connections().nioThreads()).as("few busy connections: blocking I/O").isZero();
        assertThat(d.connections().consumersWait()).isFalse();
    }

    @Test
    void aProtocolWithoutADriverHasAmqpsTraitsAndTheStreamProtocolItsOwn() {
        assertThat(ProtocolTraits.of("no-such-driver")).isEqualTo(ProtocolTraits.AMQP);
        assertThat(ProtocolTraits.of(null)).isEqualTo(ProtocolTraits.AMQP);
        // the core's tests register the stream protocol's traits (io.amqpharness.testing.StreamTraits)
        ProtocolTraits stream = ProtocolTraits.of("stream");
        assertThat(stream.streamsOnly()).isTrue();
        assertThat(stream.settles()).isFalse();
        assertThat(stream.streamAddress()).isTrue();
        assertThat(stream.defaultQueueType()).contains(QueueType.STREAM);
        Scenario s = Scenario.builder().protocol("stream").build();
        assertThat(s.topology().queueType()).as("the protocol's default queue type").isEqualTo(QueueType.STREAM);
        assertThat(s.uri().port()).as("the protocol's default address").isEqualTo(5552);
    }
}
