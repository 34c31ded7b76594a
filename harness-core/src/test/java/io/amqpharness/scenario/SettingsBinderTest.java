package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Settings records filled from their {@link FilledFrom} settings, and the mistakes the binder refuses. */
class SettingsBinderTest {
    record Filled(@FilledFrom(Setting.TLS_TRUST_STORE) Optional<Path> trustStore,
                  @FilledFrom(Setting.BARRIER) OptionalInt barrier,
                  @FilledFrom(Setting.IDLE_CONNECTIONS) int idleConnections,
                  @FilledFrom(Setting.DRAIN_TIMEOUT) Duration drainTimeout,
                  @FilledFrom(Setting.TLS_INSECURE) boolean insecure,
                  @FilledFrom(Setting.FILTER_VALUE) List<String> filterValues,
                  String derived) {
    }

    record Unbound(@FilledFrom(Setting.BARRIER) OptionalInt barrier, int neither) {
    }

    private static Scenario.Builder draft() {
        return Scenario.builder().protocol("in-memory");
    }

    @Test
    void aComponentTakesItsSettingsValueConvertedToItsType() {
        Scenario.Builder d = draft().tlsTrustStore("/tmp/ca.pem").barrier(3).idleConnections(7)
                .drainTimeout(Duration.ofSeconds(4)).tlsInsecure(true).filterValue(List.of("a", "b"));
        Filled f = SettingsBinder.bind(Filled.class, d, Map.of("derived", "x"));
        assertThat(f).isEqualTo(new Filled(Optional.of(Path.of("/tmp/ca.pem")), OptionalInt.of(3), 7,
                Duration.ofSeconds(4), true, List.of("a", "b"), "x"));
    }

    @Test
    void aSettingNotGivenIsEmptyOrItsDeclaredDefault() {
        Filled f = SettingsBinder.bind(Filled.class, draft(), Map.of("derived", "x"));
        assertThat(f.trustStore()).isEmpty();
        assertThat(f.barrier()).isEmpty();
        assertThat(f.idleConnections()).isZero();
        assertThat(f.drainTimeout()).isEqualTo(Scenario.DEFAULT_DRAIN);
        assertThat(f.insecure()).isFalse();
        assertThat(f.filterValues()).isEmpty();
    }

    @Test
    void aComponentNeitherFilledNorDerivedAndAStrayDerivationAreMistakesOfThisModule() {
        assertThatThrownBy(() -> SettingsBinder.bind(Unbound.class, draft(), Map.of()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Unbound.neither is neither @FilledFrom a setting nor derived by the assembler");
        assertThatThrownBy(() -> SettingsBinder.bind(Filled.class, draft(), Map.of("derived", "x", "typo", 1)))
                .isInstanceOf(IllegalStateException.class).hasMessage("Filled has no derived components named [typo]");
    }

    @Test
    void everySettingsRecordOfAScenarioIsBound() {
        Scenario s = draft().build();
        assertThat(List.of(s.publishing(), s.consuming(), s.topology(), s.run(), s.tls(), s.coordination(),
                s.connections(), s.stream())).doesNotContainNull();
    }
}
