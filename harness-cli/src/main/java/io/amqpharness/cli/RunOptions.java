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
        List<String> names = new java.util.ArrayList<>(d.names());
        names.addAll(PerfTestNames.aliases(d.longName()));
        // picocli formats descriptions (String.format). Help texts are written either way: as plain text
        // ("%s the stream") or as a pattern ("'perf-test-%%d'"): a lone '%' is escaped, a "%%" is kept, so
        // both print one '%'.
        OptionSpec.Builder o = OptionSpec.builder(names.toArray(String[]::new))
                .description(d.help().replaceAll("(?<!%)%(?!%)", "%%"));
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
            boolean needsUnit = d == Setting.CONSUMER_LATENCY.declaration();
            o.converters(text -> {
                if (needsUnit && BARE_NUMBERS.matcher(text).matches()) {
                    throw new TypeConversionException("'" + text + "' has no unit: PerfTest's -L is in microseconds, "
                            + "so its -L " + text.trim() + " is " + text.trim().replace(" ", "") .replace("-", "us-")
                            + "us here; write the unit (us, ms, s), for example 1000us, 5ms or 1ms-5ms");
                }
                return wrap(d, d.type().parse(text)
                        .orElseThrow(() -> new TypeConversionException(d.type().problem(text))));
            });
        }
        d.fallbackValue().ifPresent(f -> o.arity("0..1").fallbackValue(f));
        // picocli applies defaults (HARNESS_<NAME>) to an option in a group only when it has a scope.
        o.scope(new Scope());
        return o.build();
    }

    /**
     * A number, or a range of numbers, without a unit: refused for {@code --consumer-latency}, which
     * PerfTest takes in microseconds and a plain duration here would read as seconds.
     */
    private static final java.util.regex.Pattern BARE_NUMBERS =
            java.util.regex.Pattern.compile("\\s*[0-9]+(\\.[0-9]+)?\\s*(-\\s*[0-9]+(\\.[0-9]+)?\\s*)?");

    /**
     * The name an option goes by in messages and maps: the long name of its {@link Setting} for a run
     * option (its PerfTest names may be longer), else its longest name.
     */
    static String canonicalName(OptionSpec option) {
        // option.names() resolves picocli's ${...} variables in every name at each call: once here.
        for (String n : option.names()) {
            if (SettingNames.ALL.contains(n)) {
                return n;
            }
        }
        return option.longestName();
    }

    /** The long names of the settings' options. */
    private static final class SettingNames {
        static final java.util.Set<String> ALL = java.util.Arrays.stream(Setting.values()).map(Setting::optionName)
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
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
        apply(spec, b, s -> true);
        return b;
    }

    /** Applies to {@code b} the value of each setting {@code which} accepts that has one in {@code spec}. */
    @SuppressWarnings("unchecked")
    static void apply(CommandSpec spec, Scenario.Builder b, java.util.function.Predicate<Setting> which) {
        // The options by name as added (findOption would resolve every option's names for each setting).
        Map<String, OptionSpec> options = spec.optionsMap();
        for (Setting s : Setting.values()) {
            if (!which.test(s)) {
                continue;
            }
            Object value = options.get(s.optionName()).getValue();
            if (value != null) {
                Declaration<Object> d = (Declaration<Object>) s.declaration();
                List<Object> values = d.repeatable() ? (List<Object>) value : List.of(value);
                d.apply(b, values.stream().map(v -> v instanceof Composite c ? c.value() : v).toList());
            }
        }
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
            String canonical = canonicalName(option);
            for (Setting s : Setting.values()) {
                if (s.optionName().equals(canonical)) {
                    spelled.put(s, name);
                }
            }
        }
        return spelled;
    }
}
