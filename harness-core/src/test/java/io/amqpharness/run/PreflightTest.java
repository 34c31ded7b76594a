package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.result.RunStart;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.ScenarioException;
import io.amqpharness.scenario.Setting;
import io.amqpharness.testing.InMemoryDriver;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreflightTest {
    @TempDir
    Path dir;

    @Test
    void aScenarioItsDriverAcceptsGetsThatDriver() {
        assertThat(Preflight.check(InMemoryDriver.scenario().build()).id()).isEqualTo("in-memory");
    }

    @Test
    void aProtocolNoDriverHasIsOneSentenceListingTheKnownOnes() {
        Scenario mqtt = InMemoryDriver.scenario().protocol("mqtt").build(); // a value like any other
        assertThatThrownBy(() -> Preflight.check(mqtt)).isInstanceOfSatisfying(ScenarioException.class,
                e -> assertThat(e.problems()).containsExactly(
                        "--protocol 'mqtt' is not a protocol this harness knows; use one of in-memory."));
    }

    @Test
    void sentencesNameTheOptionAsTheUserTypedIt() {
        Scenario mqtt = InMemoryDriver.scenario().protocol("mqtt").build();
        assertThatThrownBy(() -> Preflight.check(mqtt, Map.of(Setting.PROTOCOL, "--protocol=")))
                .hasMessageStartingWith("--protocol= 'mqtt' is not a protocol");
    }

    @Test
    void aTrustStoreThatCannotBeReadIsRefusedByThePreflightNotByTheBuilder() {
        Path missing = dir.resolve("none.pem");
        Scenario s = InMemoryDriver.scenario().uri("amqps://localhost:5671").tlsTrustStore(missing.toString()).build();
        assertThatThrownBy(() -> Preflight.check(s)).isInstanceOfSatisfying(ScenarioException.class,
                e -> assertThat(e.problems()).singleElement().asString()
                        .startsWith("--tls-trust-store " + missing + " cannot be read").endsWith("."));
    }

    @Test
    void aTlsProblemComesAloneBeforeTheDriversChecks() {
        Scenario s = InMemoryDriver.scenario().protocol("mqtt").uri("amqps://localhost:5671")
                .tlsKeyStore(dir.resolve("none.p12").toString()).build();
        assertThatThrownBy(() -> Preflight.check(s)).isInstanceOfSatisfying(ScenarioException.class,
                e -> assertThat(e.problems()).singleElement().asString().startsWith("--tls-key-store "));
    }

    @Test
    void theRunnerRefusesWhatThePreflightRefusesBeforeItStartsAnything() {
        RunListener listener = new RunListener() {
            @Override
            public void started(RunStart start) {
                throw new AssertionError("the run started");
            }
        };
        LoadRunner runner = new LoadRunner(InMemoryDriver.scenario().protocol("mqtt").build()).listener(listener);
        assertThatThrownBy(runner::run).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("'mqtt' is not a protocol this harness knows");
    }
}
