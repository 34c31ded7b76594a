package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line and the builder describe the same scenarios. */
class CliOptionsTest {

    @Test
    void cliOptionsAndBuilderCallsGiveEqualScenarios() {
        Scenario fromCli = Main.parseScenario(Map.of(), "--uri", "amqp://u:p@h:5673/v", "--queue-type", "stream",
                "-u", "q1", "-x", "3", "-y", "2", "-s", "1kb", "-r", "250.5", "-C", "1000", "-D", "900", "-c", "50",
                "--confirm-timeout", "10s", "-q", "300", "--multi-ack-every", "30", "--ack-timeout", "50ms",
                "-f", "persistent", "-f", "mandatory", "--stream-offset", "first", "-z", "2m", "-i", "5s",
                "--drain-timeout", "3s", "--keep-topology");
        Scenario fromBuilder = Scenario.builder().uri("amqp://u:p@h:5673/v").queueType(QueueType.STREAM).queue("q1")
                .producers(3).consumers(2).size(1024).rate(250.5).producerMessageCount(1000).consumerMessageCount(900)
                .confirm(50).confirmTimeout(Duration.ofSeconds(10)).qos(300).multiAckEvery(30)
                .ackTimeout(Duration.ofMillis(50)).flag(MessageFlag.PERSISTENT).flag(MessageFlag.MANDATORY)
                .streamOffset(new StreamOffset.First()).time(Duration.ofMinutes(2)).interval(Duration.ofSeconds(5))
                .drainTimeout(Duration.ofSeconds(3)).keepTopology(true).build();
        assertThat(fromCli).isEqualTo(fromBuilder);
    }

    @Test
    void defaultsAreTheBuilderDefaults() {
        assertThat(Main.parseScenario(Map.of())).isEqualTo(Scenario.builder().build());
    }

    @Test
    void perfTestStyleDurationsInPlainSeconds() {
        assertThat(Main.parseScenario(Map.of(), "-z", "30").run().time()).hasValue(Duration.ofSeconds(30));
    }

    @Test
    void environmentDefaultsApplyAndTheCommandLineWins() {
        Map<String, String> env = Map.of("HARNESS_QUEUE_TYPE", "quorum", "HARNESS_PRODUCERS", "4");
        Scenario s = Main.parseScenario(env, "-x", "2");
        assertThat(s.topology().queueType()).isEqualTo(QueueType.QUORUM);
        assertThat(s.publishing().producers()).isEqualTo(2);
    }

    @Test
    void printsEveryProblemAndReturnsTwo() {
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"--qos", "0", "--size", "1"}, new PrintWriter(new StringWriter()),
                new PrintWriter(err), Map.of());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(2);
    }
}
