package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The defaults {@code --help} and {@code docs/options.md} show are the ones a scenario really has:
 * each declared default against a scenario built without the option, and each default the text
 * names against a scenario built with that value.
 */
class DeclaredDefaultsTest {
    /** "(default 1s)", "(default 1: each message)": the value help names. */
    private static final Pattern HELP_DEFAULT = Pattern.compile("\\(default ([^ ):;,]+)");

    /** Defaults the text describes in words rather than as a value: {@code --requeue}'s "discard". */
    private static final Set<Setting> IN_WORDS = EnumSet.of(Setting.REQUEUE);

    private static Scenario without() {
        return ScenarioAssembler.assemble(Scenario.builder());
    }

    @Test
    void aScenarioBuiltWithoutAnOptionHoldsItsDeclaredDefault() {
        Scenario plain = without();
        int checked = 0;
        for (Setting s : Setting.values()) {
            Optional<?> byDefault = s.declaration().defaultValue();
            if (byDefault.isPresent()) {
                assertThat(s.declaration().held(plain)).as("%s without the option", s).isEqualTo(byDefault.get());
                checked++;
            }
        }
        assertThat(checked).as("settings with a fixed default").isGreaterThan(30);
    }

    @Test
    void everyDefaultHelpOrTheOptionTableNamesIsWhatTheScenarioHolds() {
        Scenario plain = without();
        for (Setting s : Setting.values()) {
            Declaration<?> d = s.declaration();
            if (d.defaultValue().isEmpty()) {
                continue;
            }
            List<String> shown = shownDefaults(d);
            if (!IN_WORDS.contains(s)) {
                assertThat(shown).as("%s shows its default in --help or docs/options.md", s).isNotEmpty();
            }
            for (String text : shown) {
                assertThat(heldWith(s, text)).as("%s shown as '%s'", s, text).isEqualTo(d.held(plain));
            }
        }
    }

    @Test
    void defaultsRenderedFromTheDeclarationReadAsTheDeclaredValue() {
        for (Setting s : Setting.values()) {
            Declaration<?> d = s.declaration();
            assertThat(d.help()).as("help of %s has its default filled in", s).doesNotContain(Declaration.DEFAULT);
            if (d.showsDefault()) {
                assertThat(d.defaultValue()).as("%s renders a default, so it declares one", s).isPresent();
            }
        }
    }

    @Test
    void streamConsumersWithoutQosGetThePrefetchTheHelpNames() {
        Scenario stream = ScenarioAssembler.assemble(Scenario.builder().queueType(QueueType.STREAM));
        int prefetch = stream.consuming().prefetch().orElseThrow();

        assertThat(Setting.QOS.declaration().help()).contains(prefetch + " for streams");
        assertThat(Setting.QOS.declaration().docDefault()).contains(prefetch + " for streams");
        assertThat(without().consuming().prefetch()).as("other queues: no prefetch").isEmpty();
        assertThat(ScenarioAssembler.assemble(Scenario.builder().queueType(QueueType.STREAM).autoAck(true))
                .consuming().prefetch()).as("auto-ack: no prefetch").isEmpty();
    }

    @Test
    void aSteppedRunWithoutTimeGetsTheWarmUpTheHelpNames() {
        Scenario stepped = ScenarioAssembler.assemble(Scenario.builder()
                .step(StepSetting.RATE, 100, 200).stepDuration(Duration.ofSeconds(30)));

        assertThat(stepped.run().warmup()).contains(RunSettings.DEFAULT_WARMUP);
        assertThat(Setting.WARMUP.declaration().help())
                .contains(Durations.format(RunSettings.DEFAULT_WARMUP) + " for --step without --time");
        assertThat(without().run().warmup()).as("unstepped: none").isEmpty();
    }

    /** The texts naming the default: help's "(default X" and the table's default column, when they parse. */
    private static List<String> shownDefaults(Declaration<?> d) {
        List<String> shown = new ArrayList<>();
        Matcher m = HELP_DEFAULT.matcher(d.help());
        if (m.find() && d.type().parse(m.group(1)).isPresent()) {
            shown.add(m.group(1));
        }
        String column = d.docDefault().replace("`", "");
        if (d.type().parse(column).isPresent()) {
            shown.add(column);
        }
        return shown;
    }

    private static <T> Object heldWith(Setting s, String text) {
        @SuppressWarnings("unchecked")
        Declaration<T> d = (Declaration<T>) s.declaration();
        Scenario.Builder b = Scenario.builder();
        d.apply(b, List.of(d.type().parse(text).orElseThrow()));
        return d.held(ScenarioAssembler.assemble(b));
    }
}
