package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeclarationTest {
    @Test
    void anOptionWithoutABuilderCallPutsItsValueIntoTheDraft() {
        Declaration<Integer> qos = Declaration.option(Setting.Group.CONSUMING, ValueType.INT, "--qos")
                .done(Setting.QOS);
        Scenario.Builder b = Scenario.builder();

        qos.apply(b, List.of(7));

        assertThat(ScenarioAssembler.assemble(b).consuming().prefetch()).hasValue(7);
    }

    @Test
    void aValueEqualToTheDefaultIsLeftOutOfTheArgumentsUnlessTheOptionIsAlwaysWritten() {
        Scenario s = ScenarioAssembler.assemble(Scenario.builder().interval(Duration.ofSeconds(1)).producers(1));

        assertThat(Setting.INTERVAL.declaration().arguments(s)).isEmpty();
        assertThat(Setting.PRODUCERS.declaration().arguments(s)).containsExactly("--producers", "1");
    }

    @Test
    void aValueThatFailsTheDeclaredCheckIsNotAccepted() {
        Declaration<?> qos = Setting.QOS.declaration();

        assertThat(qos.accepts(65_535)).isTrue();
        assertThat(qos.accepts(65_536)).isFalse();
        assertThat(qos.accepts(0)).isFalse();
    }
}
