package io.amqpharness.report.document;

import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.FilledFrom;
import io.amqpharness.scenario.Gate;
import io.amqpharness.scenario.QueueSelection;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StartTime;
import io.amqpharness.scenario.StepPlan;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.scenario.TlsSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The scenario table of docs/result-json.md, made from the option table: a row per component of the
 * scenario's settings records ({@code PublishSettings}, {@code ConsumeSettings},
 * {@code TopologySettings}, {@code RunSettings}, {@code Coordination}), which the scenario section
 * writes by name ({@code report.build.ScenarioValues}). The JSON type follows from the component's
 * Java type as that writer converts it; the meaning is the component's {@code @param} tag, read
 * from core's source (an empty optional is {@code null} in the file), followed by the option it
 * is filled from ({@link FilledFrom}) unless the text names it. Records inside a group are expanded
 * into their own components; the two values written in a shape of their own (a queue selection and
 * a duration range) and a step plan are described here. So an option added to a settings record
 * has its row without a hand edit of the doc.
 */
final class ScenarioDocs {
    private static final Path CORE = Path.of("..", "harness-core", "src", "main", "java");

    /** The one value the writer makes nullable although its component is not optional. */
    private static final Map<String, String> NULL_WHEN = Map.of(
            "scenario.coordination.barrierName", "null without `--barrier`");

    /** Values the writer writes as text although they are records. */
    private static final Set<Class<?>> TEXT = Set.of(BrokerUri.class, BrokerAddresses.class, TlsSettings.class,
            StreamOffset.class, Gate.class, StartTime.class);

    /** The rows of a queue selection, written in one shape for every kind ({@code ScenarioValues.queues}). */
    private static final Map<String, String[]> QUEUES = queues();

    private ScenarioDocs() {
    }

    /** The table's markdown: header, then the section's own rows and each group's. */
    static String table() {
        StringBuilder b = new StringBuilder("| field | type | meaning |\n|---|---|---|\n");
        Class<?> section = ResultDocument.ScenarioSection.class;
        Map<String, String> meanings = RecordDocs.params(section);
        for (RecordComponent c : section.getRecordComponents()) {
            String path = "scenario." + c.getName();
            Class<?> group = c.getType() == Map.class ? group(c.getName()) : null;
            row(b, path, group == null ? RecordDocs.type(c.getGenericType(), false) : "object", meanings.get(c.getName()));
            if (group != null) {
                rows(b, path + ".", group);
            }
        }
        return b.toString();
    }

    /** The settings record a group of the section holds: the return type of the scenario's accessor. */
    private static Class<?> group(String name) {
        try {
            Class<?> type = Scenario.class.getMethod(name).getReturnType();
            return type.isRecord() ? type : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static void rows(StringBuilder b, String prefix, Class<?> record) {
        Map<String, String> params = params(record);
        for (RecordComponent c : record.getRecordComponents()) {
            String path = prefix + c.getName();
            String meaning = params.get(c.getName());
            if (meaning != null && type(c.getGenericType()).endsWith(" or null")) {
                meaning = meaning.replaceAll("(^|; |\\. |, )[Ee]mpty( |$)", "$1`null`$2");
            }
            if (meaning == null) {
                throw new IllegalStateException(record.getName() + " has no @param " + c.getName()
                        + ": its Javadoc is its row in docs/result-json.md");
            }
            FilledFrom from = c.getAnnotation(FilledFrom.class);
            if (from != null && !meaning.contains("`" + from.value().optionName() + "`")) {
                meaning = meaning + " (`" + from.value().optionName() + "`)";
            }
            Type type = c.getGenericType();
            String json = type(type);
            if (NULL_WHEN.containsKey(path)) {
                json = json + " or null";
                meaning = meaning + "; " + NULL_WHEN.get(path);
            }
            Class<?> raw = raw(unwrap(type));
            if (raw == DurationRange.class) {
                meaning = meaning + ": `{min, max}` in nanoseconds, and `fixed`, `true` when they are equal";
            } else if (raw == StepPlan.class) {
                meaning = meaning + ": `{steps: [{setting, values}], stepDuration}`";
            }
            row(b, path, json, meaning);
            if (raw == QueueSelection.class) {
                QUEUES.forEach((name, r) -> row(b, path + "." + name, r[0], r[1]));
            } else if (raw.isRecord() && !TEXT.contains(raw) && raw != DurationRange.class && raw != StepPlan.class) {
                rows(b, path + ".", raw);
            } else if (raw == List.class && raw(element(type)).isRecord() && !TEXT.contains(raw(element(type)))) {
                rows(b, path + "[].", raw(element(type)));
            }
        }
    }

    private static void row(StringBuilder b, String path, String type, String meaning) {
        b.append("| `").append(path).append("` | ").append(type).append(" | ").append(meaning).append(" |\n");
    }

    /** The JSON type of a setting as {@code ScenarioValues} writes it. */
    static String type(Type t) {
        if (t instanceof ParameterizedType p && p.getRawType() == Optional.class) {
            return type(p.getActualTypeArguments()[0]) + " or null";
        }
        if (t == OptionalInt.class || t == OptionalLong.class) {
            return "integer or null";
        }
        if (t == OptionalDouble.class) {
            return "number or null";
        }
        if (t instanceof java.lang.reflect.TypeVariable<?>) {
            return "by list"; // a generic record's value: its @param says which JSON type each list has
        }
        Class<?> raw = raw(t);
        if (raw == int.class || raw == long.class || raw == Integer.class || raw == Long.class) {
            return "integer";
        }
        if (raw == double.class || raw == float.class || raw == Double.class) {
            return "number";
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return "boolean";
        }
        if (raw == Duration.class) {
            return "nanoseconds";
        }
        if (Map.class.isAssignableFrom(raw) || raw.isRecord() && !TEXT.contains(raw) || raw == QueueSelection.class) {
            return "object";
        }
        if (Collection.class.isAssignableFrom(raw)) {
            return (raw(element(t)).isRecord() || raw(element(t)).isInterface()) && !TEXT.contains(raw(element(t))) ? "array"
                    : "array of strings";
        }
        return "string"; // text, enumeration ids, addresses, offsets, gates, times: as text
    }

    private static Type unwrap(Type t) {
        return t instanceof ParameterizedType p && p.getRawType() == Optional.class ? p.getActualTypeArguments()[0] : t;
    }

    private static Class<?> raw(Type t) {
        // a type variable (a generic record's value) is written as its value is: documented in its @param
        return t instanceof ParameterizedType p ? (Class<?>) p.getRawType() : t instanceof Class<?> c ? c : Object.class;
    }

    private static Type element(Type t) {
        return t instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : Object.class;
    }

    /** A core record's {@code @param} tags as markdown. */
    private static Map<String, String> params(Class<?> record) {
        Class<?> top = record;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        Path file = CORE.resolve(top.getName().replace('.', '/') + ".java");
        String source;
        try {
            source = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return RecordDocs.params(record, source);
    }

    private static Map<String, String[]> queues() {
        Map<String, String[]> m = new LinkedHashMap<>();
        m.put("kind", new String[] {"string", "`generated` (`harness-<run id>`), `named` (`--queue`) or `pattern` "
                + "(`--queue-pattern`)"});
        m.put("names", new String[] {"array of strings or null", "the names given with `--queue`"});
        m.put("pattern", new String[] {"string or null", "`--queue-pattern`"});
        m.put("from", new String[] {"integer or null", "`--queue-pattern-from`"});
        m.put("to", new String[] {"integer or null", "`--queue-pattern-to`"});
        return m;
    }
}
