package io.amqpharness.report.build;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.ConsumeSettings;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.Gate;
import io.amqpharness.scenario.PublishSettings;
import io.amqpharness.scenario.QueueSelection;
import io.amqpharness.scenario.RunSettings;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.scenario.TopologySettings;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The scenario's settings groups as JSON values. */
class ScenarioValuesTest {
    private static final Set<Class<?>> AS_THEY_ARE = Set.of(String.class, boolean.class, Boolean.class, int.class,
            Integer.class, long.class, Long.class, double.class, Double.class, Object.class, Duration.class,
            Instant.class, URI.class, BrokerUri.class, BrokerAddresses.class, OptionalInt.class, OptionalLong.class,
            OptionalDouble.class, QueueSelection.class, StreamOffset.class, Gate.class, DurationRange.class);

    private final ScenarioValues values = new ScenarioValues(new Redaction(
            BrokerAddresses.parse("amqp://admin:pw-1@a:5672/%2F,amqp://b:5672/%2F").addresses()));

    /**
     * Every type a settings group holds is one the builder writes on purpose (not by its
     * {@code toString} fallback): a setting of a new type added to a settings record fails here.
     */
    @Test
    void everyTypeTheSettingsRecordsHoldHasAJsonForm() {
        List<String> unknown = new ArrayList<>();
        for (Class<?> group : List.of(PublishSettings.class, ConsumeSettings.class, TopologySettings.class,
                RunSettings.class)) {
            check(group, group.getSimpleName(), unknown);
        }
        assertThat(unknown).isEmpty();
    }

    private static void check(Type type, String where, List<String> unknown) {
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            if (raw == Optional.class || Collection.class.isAssignableFrom(raw) || raw == Map.class) {
                for (Type arg : p.getActualTypeArguments()) {
                    check(arg, where, unknown);
                }
                return;
            }
            type = raw;
        }
        if (type instanceof WildcardType || type instanceof java.lang.reflect.TypeVariable) {
            return; // a generic record's value (Shares<T>): as Object, written by its own type
        }
        Class<?> c = (Class<?>) type;
        if (AS_THEY_ARE.contains(c) || c.isEnum()) {
            return;
        }
        if (c.isRecord()) {
            for (RecordComponent rc : c.getRecordComponents()) {
                check(rc.getGenericType(), where + "." + rc.getName(), unknown);
            }
            return;
        }
        unknown.add(where + " (" + c.getName() + ")");
    }

    @Test
    void addressesAreRedactedAndOtherTextsScrubbed() {
        BrokerAddresses a = BrokerAddresses.parse("amqp://admin:pw-1@a:5672/%2F,amqp://b:5672/%2F").addresses();
        assertThat(values.value(a)).isEqualTo("amqp://admin:***@a:5672/%2F,amqp://b:5672/%2F");
        assertThat(values.value(a.primary())).isEqualTo("amqp://admin:***@a:5672/%2F");
        assertThat(values.value(URI.create("http://admin:pw-1@a:15672/api"))).isEqualTo("http://admin:***@a:15672/api");
        assertThat(values.value(Map.of("x-note", "pw-1 here"))).isEqualTo(Map.of("x-note", "*** here"));
    }

    @Test
    void numbersDurationsEnumsAndEmptyOptionalsAreJsonValues() {
        assertThat(values.value(OptionalInt.of(3))).isEqualTo(3L);
        assertThat(values.value(OptionalInt.empty())).isNull();
        assertThat(values.value(Optional.of(Duration.ofMillis(2)))).isEqualTo(2_000_000L);
        assertThat(values.value(io.amqpharness.scenario.QueueType.QUORUM)).isEqualTo("quorum");
        assertThat(values.value(Set.of(io.amqpharness.scenario.MessageFlag.MANDATORY,
                io.amqpharness.scenario.MessageFlag.PERSISTENT))).isEqualTo(List.of("persistent", "mandatory"));
        assertThat(values.value(1.5f)).isEqualTo(1.5);
    }
}
