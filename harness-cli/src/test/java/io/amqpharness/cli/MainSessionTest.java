package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.Scenario;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CLI session's Ctrl-C hooks live as long as the session: a JVM that runs the CLI many times keeps none. */
class MainSessionTest {
    @Test
    void aFinishedSessionLeavesNoShutdownHookBehind() {
        Scenario scenario = Main.parseScenario(Map.of(), "--protocol", "in-memory", "-z", "1s");
        Main.Session session = new Main.Session();
        session.running(new LoadRunner(scenario));
        session.running(new LoadRunner(scenario)); // a sweep: one per run
        List<Thread> hooks = session.hooks();
        assertThat(hooks).hasSize(2);
        session.finished();
        assertThat(session.hooks()).isEmpty();
        for (Thread hook : hooks) {
            assertThat(Runtime.getRuntime().removeShutdownHook(hook)).as("the hook was still registered").isFalse();
        }
        assertThat(session.interrupted()).isFalse();
    }
}
