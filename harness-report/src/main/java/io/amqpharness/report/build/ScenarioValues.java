package io.amqpharness.report.build;

import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.Coordination;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.Gate;
import io.amqpharness.scenario.QueueSelection;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.scenario.TlsSettings;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.time.Duration;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * The scenario section of a run's document: the command line that reproduces the run (the
 * password redacted as the CLI redacts it), the first address redacted, and the settings groups as
 * they are, each a settings record's components by name in declaration order, so a setting added
 * to a record is written without changes here, and its row in docs/result-json.md is made from the
 * component's {@code @param} tag and its {@code @FilledFrom} option ({@code ResultJsonDocTest
 * -Dresult.doc.write=true}). Values
 * become JSON values: durations integer nanoseconds, a duration range {@code {min, max, fixed}}, enumerations lowerCamelCase ids, empty
 * optionals {@code null}, whole numbers {@link Long}, others {@link Double}, maps sorted by key,
 * sets in their enumeration's order. An address or TLS settings anywhere in a group is written
 * redacted; every other text passes through the {@link Redaction}. Immutable.
 *
 * @param redaction keeps the broker password out of every text
 */
record ScenarioValues(Redaction redaction) {

    ResultDocument.ScenarioSection section(Scenario s) {
        return new ResultDocument.ScenarioSection(redaction.texts(s.toArguments()), redaction.uri(),
                redaction.text(s.protocol()), group(s.publishing()), group(s.consuming()), group(s.topology()),
                group(s.run()), coordination(s.coordination()));
    }

    /** A settings record as a map of its components. */
    private Map<String, Object> group(Record settings) {
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) value(settings);
        return map;
    }

    /** {@code barrierName} only with a barrier: the default name means nothing without one. */
    private Map<String, Object> coordination(Coordination c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("instance", redaction.text(c.instance()).orElse(null));
        m.put("startAt", c.startAt().map(t -> redaction.text(t.toString())).orElse(null));
        m.put("barrier", c.barrier().isPresent() ? (Object) (long) c.barrier().getAsInt() : null);
        m.put("barrierName", c.barrier().isPresent() ? redaction.text(c.barrierName()) : null);
        m.put("barrierTimeout", c.barrierTimeout().toNanos());
        return m;
    }

    /** The JSON value of one setting. */
    Object value(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof BrokerUri u) {
            return u.redacted();
        }
        if (v instanceof BrokerAddresses a) {
            return a.redacted();
        }
        if (v instanceof TlsSettings t) {
            return t.toString();
        }
        if (v instanceof URI u) {
            return u.getRawUserInfo() == null ? redaction.text(u.toString()) : BrokerUri.redactLoosely(u.toString());
        }
        if (v instanceof String s) {
            return redaction.text(s);
        }
        if (v instanceof Boolean) {
            return v;
        }
        if (v instanceof Double || v instanceof Float) {
            return ((Number) v).doubleValue();
        }
        if (v instanceof Number n) {
            return n.longValue();
        }
        if (v instanceof Duration d) {
            return d.toNanos();
        }
        if (v instanceof Enum<?> e) {
            return RunSections.id(e);
        }
        if (v instanceof Optional<?> o) {
            return o.map(this::value).orElse(null);
        }
        if (v instanceof OptionalInt o) {
            return o.isPresent() ? (Object) (long) o.getAsInt() : null;
        }
        if (v instanceof OptionalLong o) {
            return o.isPresent() ? (Object) o.getAsLong() : null;
        }
        if (v instanceof OptionalDouble o) {
            return o.isPresent() ? (Object) o.getAsDouble() : null;
        }
        if (v instanceof QueueSelection q) {
            return queues(q);
        }
        if (v instanceof DurationRange r) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("min", r.min().toNanos());
            m.put("max", r.max().toNanos());
            m.put("fixed", r.isFixed());
            return m;
        }
        if (v instanceof StreamOffset || v instanceof Gate || v instanceof TemporalAccessor) {
            return redaction.text(v.toString());
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new TreeMap<>();
            m.forEach((k, x) -> out.put(k instanceof Enum<?> e ? RunSections.id(e) : String.valueOf(k), value(x)));
            return out;
        }
        if (v instanceof Set<?> s && s.stream().allMatch(Enum.class::isInstance)) {
            return s.stream().map(e -> (Enum<?>) e).sorted().map(RunSections::id).toList();
        }
        if (v instanceof Collection<?> c) {
            List<Object> out = new ArrayList<>();
            c.forEach(x -> out.add(value(x)));
            return out;
        }
        if (v instanceof Record r) {
            return components(r);
        }
        return redaction.text(v.toString());
    }

    private Map<String, Object> components(Record r) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            try {
                c.getAccessor().setAccessible(true);
                out.put(c.getName(), value(c.getAccessor().invoke(r)));
            } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
                throw new IllegalStateException("Cannot read " + c.getName() + " of " + r.getClass().getName(), e);
            }
        }
        return out;
    }

    /** One shape for every kind of queue selection: absent parts are null. */
    private Map<String, Object> queues(QueueSelection q) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", q instanceof QueueSelection.Named ? "named" : q instanceof QueueSelection.Pattern ? "pattern"
                : "generated");
        m.put("names", q instanceof QueueSelection.Named n ? value(n.queues()) : null);
        QueueSelection.Pattern p = q instanceof QueueSelection.Pattern pt ? pt : null;
        m.put("pattern", p == null ? null : redaction.text(p.pattern()));
        m.put("from", p == null ? null : (Object) (long) p.from());
        m.put("to", p == null ? null : (Object) (long) p.to());
        return m;
    }
}
