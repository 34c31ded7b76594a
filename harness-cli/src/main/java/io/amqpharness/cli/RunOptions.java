package io.amqpharness.cli;

import io.amqpharness.scenario.Declaration;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.Setting;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IScope;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.TypeConversionException;

/**
 * The options that describe a run, made from the declarations in {@link Setting}: one picocli
 * option per setting, grouped and ordered as in the table. An option left out keeps no value, so
 * the {@link Scenario.Builder}'s defaults (documented there and in {@code docs/options.md}) apply.
 */
final class RunOptions {
    /** Where the run options' groups go in {@code --help}: first, before the output options. */
    static final int FIRST_GROUP = 1;

    private RunOptions() {
    }

    /** Adds the run options to a command, one help section per {@link Setting.Group}. */
    static void addTo(CommandSpec command) {
        for (Setting.Group g : Setting.Group.values()) {
            ArgGroupSpec.Builder group = ArgGroupSpec.builder().heading("%n" + g.heading() + "%n")
                    .exclusive(false).validate(false).order(FIRST_GROUP + g.ordinal());
            for (Setting s : Setting.values()) {
                if (s.declaration().group() == g) {
                    group.addArg(option(s.declaration()));
                }
            }
            command.addArgGroup(group.build());
        }
    }

    /** The picocli option of one declaration. */
    static OptionSpec option(Declaration<?> d) {
        // picocli formats descriptions (String.format): a help text is plain text, so its '%' stays a '%'.
        OptionSpec.Builder o = OptionSpec.builder(d.names().toArray(String[]::new))
                .description(d.help().replace("%", "%%"));
        d.label().ifPresent(o::paramLabel);
        Class<?> type = d.type().javaType();
        // A map or list value is one composite value: picocli would split it up itself.
        Class<?> single = Map.class.isAssignableFrom(type) || Collection.class.isAssignableFrom(type) ? Object.class : type;
        if (d.repeatable()) {
            o.type(List.class).auxiliaryTypes(single);
        } else {
            o.type(single);
        }
        if (!d.type().builtIn()) {
            o.converters(text -> wrap(d, d.type().parse(text)
                    .orElseThrow(() -> new TypeConversionException(d.type().problem(text)))));
        }
        d.fallbackValue().ifPresent(f -> o.arity("0..1").fallbackValue(f));
        // picocli applies defaults (HARNESS_<NAME>) to an option in a group only when it has a scope.
        o.scope(new Scope());
        return o.build();
    }

    /** A list value of a repeatable option, kept whole: picocli would add its elements one by one. */
    private record Composite(Object value) {
    }

    private static Object wrap(Declaration<?> d, Object value) {
        return d.repeatable() && value instanceof Collection<?> ? new Composite(value) : value;
    }

    /** The scope of an option whose value picocli keeps in the option itself. */
    private static final class Scope implements IScope {
        @Override
        public <T> T get() {
            @SuppressWarnings("unchecked")
            T self = (T) this;
            return self;
        }

        @Override
        public <T> T set(T value) {
            return null;
        }
    }

    /** A builder with every given option applied and the user's spelling of each recorded. */
    @SuppressWarnings("unchecked")
    static Scenario.Builder toBuilder(CommandSpec spec, List<String> originalArgs) {
        Scenario.Builder b = Scenario.builder();
        spellings(spec, originalArgs).forEach(b::spelledAs);
        for (Setting s : Setting.values()) {
            Object value = spec.findOption(s.optionName()).getValue();
            if (value != null) {
                Declaration<Object> d = (Declaration<Object>) s.declaration();
                List<Object> values = d.repeatable() ? (List<Object>) value : List.of(value);
                d.apply(b, values.stream().map(v -> v instanceof Composite c ? c.value() : v).toList());
            }
        }
        return b;
    }

    /**
     * Whether the user typed {@code -q} or {@code --qos}, by setting, so messages (of the builder and
     * of the {@link io.amqpharness.run.Preflight}) use their words.
     */
    static Map<Setting, String> spellings(CommandSpec spec, List<String> args) {
        Map<Setting, String> spelled = new EnumMap<>(Setting.class);
        for (String arg : args) {
            if (!arg.startsWith("-")) {
                continue;
            }
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            OptionSpec option = spec.findOption(name);
            if (option == null) {
                continue;
            }
            for (Setting s : Setting.values()) {
                if (s.optionName().equals(option.longestName())) {
                    spelled.put(s, name);
                }
            }
        }
        return spelled;
    }
}
