package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code Scenario.Builder.set(Setting, Object)}: any option by its row of the table, of its value type. */
class SetByTableTest {
    @Test
    void anOptionSetByItsRowIsTheOneItsSetterSets() {
        Scenario byRow = Scenario.builder().set(Setting.TIME, Duration.ofSeconds(10)).set(Setting.PRODUCERS, 3).build();
        Scenario bySetter = Scenario.builder().time(Duration.ofSeconds(10)).producers(3).build();
        assertThat(byRow).isEqualTo(bySetter);
        assertThat(byRow.run().time()).isEqualTo(Optional.of(Duration.ofSeconds(10)));
    }

    @Test
    void aValueOfAnotherTypeIsRefusedInOneSentence() {
        assertThatThrownBy(() -> Scenario.builder().set(Setting.TIME, "10s"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--time takes a Duration, not a String (10s)");
    }
}
