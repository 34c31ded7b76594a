package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Everything about one option, declared once in {@link Setting}: the names users type, its value
 * type, help and documentation text, how a given value goes into a {@link Scenario.Builder} and how
 * a {@link Scenario} gives it back. The command line, scenario files, {@link Scenario#toArguments()},
 * {@link Scenario#toBuilder()} and {@code docs/options.md} are all made from these declarations.
 * Immutable.
 *
 * @param <T> the type of one value of the option
 */
public final class Declaration<T> {
    private final Setting.Group group;
    private final ValueType<T> type;
    private final List<String> names;
    private final Optional<String> label;
    private final String help;
    private final boolean repeatable;
    private final Optional<String> fallback;
    private final Function<Scenario, ?> read;
    private final BiConsumer<Scenario.Builder, List<T>> apply;
    private final String docDefault;
    private final String docMeaning;
    private final UnaryOperator<String> redact;
    private final List<Check<T>> checks;
    private final Optional<T> defaultValue;
    private final Function<DraftValues, T> defaultRule;
    private final boolean written;

    private Declaration(Draft<T> d, Setting setting) {
        this.group = d.group;
        this.type = d.type;
        this.names = List.copyOf(d.names);
        this.label = Optional.ofNullable(d.label);
        this.help = d.help;
        this.repeatable = d.repeatable;
        this.fallback = Optional.ofNullable(d.fallback);
        this.read = d.read;
        this.apply = d.apply != null ? d.apply : (b, values) -> values.forEach(v -> b.set(setting, v));
        this.docDefault = d.docDefault;
        this.docMeaning = d.docMeaning;
        this.redact = d.redact;
        this.checks = List.copyOf(d.checks);
        this.defaultValue = Optional.ofNullable(d.defaultValue);
        this.defaultRule = d.defaultRule;
        this.written = d.written;
    }

    /** Where {@link #help()} and the documentation show the default value. */
    static final String DEFAULT = "{default}";

    /** Starts the declaration of an option taking a value of {@code type}; the longest name comes last. */
    static <T> Draft<T> option(Setting.Group group, ValueType<T> type, String... names) {
        return new Draft<>(group, type, names);
    }

    /** Starts the declaration of a switch, an option without a value. */
    static Draft<Boolean> option(Setting.Group group, String... names) {
        return new Draft<>(group, ValueType.SWITCH, names);
    }

    /** Where the option appears in {@code --help} and in {@code docs/options.md}. */
    public Setting.Group group() {
        return group;
    }

    public ValueType<T> type() {
        return type;
    }

    /** The names users type, short ones first: {@code -q}, {@code --qos}. */
    public List<String> names() {
        return names;
    }

    /** The long name, for example {@code --qos}. */
    public String longName() {
        return names.get(names.size() - 1);
    }

    /** What the value looks like in help, {@code DURATION}; empty for a switch. */
    public Optional<String> label() {
        return label;
    }

    /**
     * The {@code --help} text (a {@link String#format} pattern: {@code %%} for a percent sign), with
     * the {@linkplain #defaultValue() default} written in where the declaration asks for it.
     */
    public String help() {
        return help.replace(DEFAULT, defaultValue.map(type::format).orElse(DEFAULT));
    }

    /**
     * The value a scenario holds when the option is not given, when that is one fixed value; empty
     * for options without a default and for defaults that depend on other settings (see
     * {@link #defaultIn}).
     */
    public Optional<T> defaultValue() {
        return defaultValue;
    }

    /** The default of this option in {@code draft}, computed from its other settings; null for none. */
    T defaultIn(DraftValues draft) {
        return defaultRule.apply(draft);
    }

    /** True if {@link #help()} and {@link #docDefault()} show {@link #defaultValue()} as it is. */
    public boolean showsDefault() {
        return help.contains(DEFAULT) || docDefault == null;
    }

    /** True for a switch, which takes no value. */
    public boolean isSwitch() {
        return type == ValueType.SWITCH;
    }

    /** True if the option may be given several times, each adding a value. */
    public boolean repeatable() {
        return repeatable;
    }

    /** The value of an option given without one, for an optional value ({@code --requeue [PERCENT]}). */
    public Optional<String> fallbackValue() {
        return fallback;
    }

    /** The {@code default} column of {@code docs/options.md} (Markdown, may be empty). */
    public String docDefault() {
        if (docDefault != null) {
            return docDefault;
        }
        String v = defaultValue.map(type::format).orElseThrow();
        return Number.class.isAssignableFrom(type.javaType()) || type == ValueType.DURATION ? v : "`" + v + "`";
    }

    /** The {@code meaning} column of {@code docs/options.md} (Markdown). */
    public String docMeaning() {
        return docMeaning;
    }

    /** Puts the values given for this option, in the order given, into a builder. */
    public void apply(Scenario.Builder builder, List<T> values) {
        if (!values.isEmpty()) {
            apply.accept(builder, List.copyOf(values));
        }
    }

    /** The values that reproduce this setting of {@code s}; empty when it is left at its default. */
    @SuppressWarnings("unchecked")
    public List<T> values(Scenario s) {
        Object v = held(s);
        if (v == null || !written && defaultValue.filter(v::equals).isPresent()) {
            return List.of();
        } else if (v instanceof Boolean b && isSwitch()) {
            return b ? List.of((T) b) : List.of();
        } else if (v instanceof Collection<?> c && repeatable && !Collection.class.isAssignableFrom(type.javaType())) {
            return List.copyOf((Collection<T>) c);
        }
        return List.of((T) v);
    }

    /**
     * Where the setting is in {@code s}, unwrapped: the value, or null for an empty {@code Optional};
     * for a setting at its default, the default.
     */
    Object held(Scenario s) {
        Object v = read.apply(s);
        if (v instanceof Optional<?> o) {
            return o.orElse(null);
        } else if (v instanceof OptionalInt o) {
            return o.isPresent() ? o.getAsInt() : null;
        } else if (v instanceof OptionalLong o) {
            return o.isPresent() ? o.getAsLong() : null;
        } else if (v instanceof OptionalDouble o) {
            return o.isPresent() ? o.getAsDouble() : null;
        }
        return v;
    }

    /** True if {@code value} passes this option's own checks. */
    @SuppressWarnings("unchecked")
    boolean accepts(Object value) {
        return checks.stream().allMatch(c -> c.valid().test((T) value));
    }

    /** The command-line arguments that reproduce this setting of {@code s}, the password redacted. */
    public List<String> arguments(Scenario s) {
        List<String> args = new ArrayList<>();
        for (T v : values(s)) {
            args.add(longName());
            if (!isSwitch()) {
                args.add(redact.apply(type.format(v)));
            }
        }
        return args;
    }

    /** Adds a problem for each value of this setting of {@code s} that fails one of its own checks. */
    void validate(Scenario s, Setting setting, Problems problems) {
        for (T v : values(s)) {
            for (Check<T> c : checks) {
                if (!c.valid().test(v)) {
                    problems.add(setting, c.sentence(), type.format(v));
                }
            }
        }
    }

    /** A check of one value on its own; checks between settings are in the validators. */
    private record Check<T>(Predicate<T> valid, String sentence) {
    }

    /** Copies this setting of {@code s} into {@code builder}. */
    void copy(Scenario s, Scenario.Builder builder) {
        apply(builder, values(s));
    }

    /** A declaration under construction; {@link Setting} finishes it. */
    static final class Draft<T> {
        private final Setting.Group group;
        private final ValueType<T> type;
        private final List<String> names;
        private String label;
        private String help = "";
        private boolean repeatable;
        private String fallback;
        private Function<Scenario, ?> read = s -> null;
        private BiConsumer<Scenario.Builder, List<T>> apply;
        private String docDefault = "";
        private String docMeaning = "";
        private UnaryOperator<String> redact = UnaryOperator.identity();
        private final List<Check<T>> checks = new ArrayList<>();
        private T defaultValue;
        private Function<DraftValues, T> defaultRule = d -> null;
        private boolean written;

        private Draft(Setting.Group group, ValueType<T> type, String... names) {
            this.group = group;
            this.type = type;
            this.names = Arrays.asList(names);
        }

        /** What the value looks like in help: {@code N}, {@code DURATION}. */
        Draft<T> label(String value) {
            label = value;
            return this;
        }

        /** The {@code --help} text. */
        Draft<T> help(String value) {
            help = value;
            return this;
        }

        /** The option may be given several times. */
        Draft<T> repeatable() {
            repeatable = true;
            return this;
        }

        /** The value is optional; given without one, the option means {@code value}. */
        Draft<T> fallback(String value) {
            fallback = value;
            return this;
        }

        /** Where the setting is in a scenario: a value, an {@code Optional}, a list, or null when at its default. */
        Draft<T> read(Function<Scenario, ?> value) {
            read = value;
            return this;
        }

        /**
         * The builder call for each given value. Without one, the value goes into the builder's draft
         * as it is (the last one given wins), so an option needs no setter of its own.
         */
        Draft<T> apply(BiConsumer<Scenario.Builder, T> setter) {
            apply = (b, values) -> values.forEach(v -> setter.accept(b, v));
            return this;
        }

        /** The builder call for all given values at once. */
        Draft<T> applyAll(BiConsumer<Scenario.Builder, List<T>> setter) {
            apply = setter;
            return this;
        }

        /**
         * The value a scenario holds when the option is not given. Help text shows it where it says
         * {@code {default}}, {@link #doc(String)} in the {@code default} column, and
         * {@link Scenario#toArguments()} leaves the option out when it has this value.
         */
        Draft<T> byDefault(T value) {
            defaultValue = value;
            defaultRule = d -> value;
            return this;
        }

        /**
         * A default that depends on other settings of the draft (null: none), expressed once here;
         * the help and documentation text describe it in words.
         */
        Draft<T> byDefault(Function<DraftValues, T> rule) {
            defaultRule = rule;
            return this;
        }

        /** {@link Scenario#toArguments()} writes the option even at its default value. */
        Draft<T> written() {
            written = true;
            return this;
        }

        /** The {@code meaning} column of {@code docs/options.md}; the {@code default} column shows the default. */
        Draft<T> doc(String meaning) {
            docDefault = null;
            docMeaning = meaning;
            return this;
        }

        /** The {@code default} and {@code meaning} columns of {@code docs/options.md}. */
        Draft<T> doc(String defaultText, String meaning) {
            docDefault = defaultText;
            docMeaning = meaning;
            return this;
        }

        /**
         * A rule for each value on its own. {@code sentence} is a {@link Problems#add} pattern: {@code %s} is
         * the option as the user typed it, {@code %2$s} the value.
         */
        Draft<T> check(Predicate<T> valid, String sentence) {
            checks.add(new Check<>(valid, sentence));
            return this;
        }

        /** Hides secrets in rendered arguments. */
        Draft<T> redact(UnaryOperator<String> value) {
            redact = value;
            return this;
        }

        Declaration<T> done(Setting setting) {
            return new Declaration<>(this, setting);
        }
    }
}
