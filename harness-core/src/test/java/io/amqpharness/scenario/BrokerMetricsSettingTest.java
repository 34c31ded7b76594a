package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** {@code --broker-metrics} and {@code --no-broker-metrics}: derivation from the AMQP URI and bad values. */
class BrokerMetricsSettingTest {

    @Test
    void theDefaultIsDerivedFromTheAmqpUriPortPlusTenThousand() {
        assertThat(Scenario.builder().protocol("in-memory").build().run().brokerMetrics()).isEqualTo(BrokerMetrics.DERIVED);
        BrokerUri local = BrokerUri.parse("amqp://guest:secret@localhost:5673/%2F").orElseThrow();
        assertThat(BrokerMetrics.derivedManagement(local)).isEqualTo(URI.create("http://localhost:15673/api"));
        assertThat(BrokerMetrics.derivedPrometheus(local)).isEqualTo(URI.create("http://localhost:15693/metrics"));
        BrokerUri tls = BrokerUri.parse("amqps://u:p@[::1]").orElseThrow();
        assertThat(BrokerMetrics.derivedManagement(tls)).isEqualTo(URI.create("https://[::1]:15671/api"));
        assertThat(BrokerMetrics.prometheusBeside(URI.create("http://node-1:15673/api")))
                .isEqualTo(URI.create("http://node-1:15693/metrics"));
    }

    @Test
    void aGivenUrlIsKeptAndItsKindFollowsItsPath() {
        Scenario s = Scenario.builder().protocol("in-memory").brokerMetrics("http://node-1:15692/metrics").build();
        URI url = s.run().brokerMetrics().url().orElseThrow();
        assertThat(BrokerMetrics.isPrometheus(url)).isTrue();
        assertThat(BrokerMetrics.isPrometheus(URI.create("http://node-1:15672"))).isFalse();
        assertThat(s.toArguments()).containsSequence("--broker-metrics", "http://node-1:15692/metrics");
        assertThat(Scenario.builder().protocol("in-memory").noBrokerMetrics(true).build().toArguments()).contains("--no-broker-metrics");
    }

    @Test
    void theFinalWaitIsKeptAndGoesBackToArguments() {
        Scenario s = Scenario.builder().protocol("in-memory").brokerMetricsWait(java.time.Duration.ofSeconds(30)).build();
        assertThat(s.run().brokerMetrics().finalWait()).hasValue(java.time.Duration.ofSeconds(30));
        assertThat(s.toArguments()).containsSequence("--broker-metrics-wait", "30s");
        assertThat(Scenario.builder().protocol("in-memory").build().run().brokerMetrics().finalWait()).isEmpty();
        assertThatThrownBy(() -> Scenario.builder().brokerMetricsWait(java.time.Duration.ofSeconds(-1)).build())
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("--broker-metrics-wait must be between 0 and 10m; for example --broker-metrics-wait 30s");
    }

    @Test
    void badValuesAreOneSentenceNamingTheOptionWithAnExample() {
        assertThatThrownBy(() -> Scenario.builder().brokerMetrics("localhost:15672").build())
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("--broker-metrics must be an http:// or https:// URL of the management API or of "
                        + "a Prometheus endpoint, got 'localhost:15672'; for example --broker-metrics http://localhost:15672");
        assertThatThrownBy(() -> Scenario.builder().brokerMetrics("http://admin:s3cret@localhost:15672").build())
                .hasMessageContaining("--broker-metrics must not carry credentials (the user and password of --uri "
                        + "are used)")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("s3cret"));
        assertThatThrownBy(() -> Scenario.builder().brokerMetrics("http://localhost:15672").noBrokerMetrics(true).build())
                .hasMessageContaining("--broker-metrics and --no-broker-metrics contradict each other");
    }
}
