package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.run.Preflight;
import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.ScenarioException;
import io.amqpharness.scenario.Setting;
import io.amqpharness.spi.Drivers;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Amqp10DriverProviderTest {

    @Test
    void isFoundUnderItsId() {
        assertThat(Drivers.find("amqp10")).get().isInstanceOf(Amqp10DriverProvider.class);
        assertThat(Drivers.ids()).contains("amqp10");
    }

    @Test
    void mandatoryIsAnAmqp091OptionAndNamedAsTyped() {
        Scenario mandatory = Scenario.builder().protocol("amqp10").flag(MessageFlag.MANDATORY).build();
        assertThatThrownBy(() -> Preflight.check(mandatory, Map.of(Setting.FLAG, "-f")))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("-f mandatory only applies to --protocol amqp091; AMQP 1.0 has no mandatory flag");
    }

    @Test
    void optionsWithAnAmqp10MeaningAreAccepted() {
        Scenario s = Scenario.builder().protocol("amqp10").addressFormat(AddressFormat.V2).qos(200)
                .multiAckEvery(50).ackTimeout(Duration.ofMillis(20)).confirm(300).flag(MessageFlag.PERSISTENT)
                .build();
        assertThat(Preflight.check(s)).isInstanceOf(Amqp10DriverProvider.class);
        assertThat(s.protocol()).isEqualTo("amqp10");
        assertThat(s.topology().addressFormat()).isEqualTo(AddressFormat.V2);
    }
}
