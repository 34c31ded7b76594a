package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.ExitWhen;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.RateStep;
import io.amqpharness.scenario.SizeStep;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
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
    void workloadOptionsAndBuilderCallsGiveEqualScenarios() {
        Scenario fromCli = Main.parseScenario(Map.of(), "--queue-pattern", "perf-test-%d", "--queue-pattern-from", "1",
                "--queue-pattern-to", "10", "-x", "10", "-X", "5", "-y", "10", "-Y", "2", "-e", "bench", "-t", "topic",
                "--binding-key", "perf.#", "-K", "--queue-args", "x-max-length=1000,x-overflow=reject-publish",
                "--max-length-bytes", "1mb", "--lazy", "--transient-queue", "--auto-delete",
                "--total-rate", "5000", "--variable-size", "100:10s,1kb:10s", "--tx-size", "10",
                "--message-properties", "contentType=text/plain,priority=3,expiration=60s,type=t",
                "--message-headers", "region=eu,tier=2,hot=true", "--producer-random-start-delay", "2s",
                "--nack-rate", "5", "--reject-rate", "5", "--requeue", "--consumer-rate", "100",
                "--consumer-latency", "1ms-5ms", "--consumer-args", "x-priority=10", "--consumer-start-delay", "5s",
                "--exit-when", "idle", "--warmup", "10s", "-z", "1m", "--clock", "wall");
        Scenario fromBuilder = Scenario.builder().queuePattern("perf-test-%d", 1, 10).producers(10)
                .producerChannelCount(5).consumers(10).consumerChannelCount(2).exchange("bench")
                .exchangeType(ExchangeType.TOPIC).bindingKey("perf.#").randomRoutingKey(true)
                .queueArgument("x-max-length", 1000L).queueArgument("x-overflow", "reject-publish")
                .maxLengthBytes(1024 * 1024).lazy(true).transientQueue(true).autoDelete(true).totalRate(5000)
                .variableSize(List.of(new SizeStep(100, Duration.ofSeconds(10)), new SizeStep(1024, Duration.ofSeconds(10))))
                .txSize(10).contentType("text/plain").priority(3).expiration(Duration.ofSeconds(60)).messageType("t")
                .messageHeader("region", "eu").messageHeader("tier", 2L).messageHeader("hot", true)
                .producerRandomStartDelay(Duration.ofSeconds(2)).nackRate(5).rejectRate(5).requeueRate(100)
                .consumerRate(100).consumerLatency(new DurationRange(Duration.ofMillis(1), Duration.ofMillis(5)))
                .consumerArgument("x-priority", 10L).consumerStartDelay(Duration.ofSeconds(5)).exitWhen(ExitWhen.IDLE)
                .warmup(Duration.ofSeconds(10)).time(Duration.ofMinutes(1)).clock(ClockMode.WALL).build();
        assertThat(fromCli).isEqualTo(fromBuilder);
        assertThat(fromCli.toBuilder().build()).isEqualTo(fromCli);
        assertThat(Main.parseScenario(Map.of(), fromCli.toArguments().toArray(String[]::new))).isEqualTo(fromCli);
    }

    @Test
    void variableRateAcceptsPerfTestSecondsAndRepeatedOptions() {
        Scenario s = Main.parseScenario(Map.of(), "--variable-rate", "100:60", "--variable-rate", "1000:10s,0:5s");
        assertThat(s.publishing().variableRate()).containsExactly(new RateStep(100, Duration.ofSeconds(60)),
                new RateStep(1000, Duration.ofSeconds(10)), new RateStep(0, Duration.ofSeconds(5)));
    }

    @Test
    void everyOptionIsDocumented() throws Exception {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "options.md"));
        picocli.CommandLine cl = HarnessCommand.commandLine(new Main.Session());
        java.util.List<picocli.CommandLine> commands = new java.util.ArrayList<>(cl.getSubcommands().values());
        commands.add(cl);
        for (picocli.CommandLine c : commands) {
            for (picocli.CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
                assertThat(doc).as("docs/options.md documents %s of %s", o.longestName(), c.getCommandName())
                        .contains("`" + o.longestName());
            }
        }
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

    @Test
    void aBadChurnRateIsNotCalledAMessageRate() {
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"--churn-rate", "lots"}, new PrintWriter(new StringWriter()),
                new PrintWriter(err), Map.of());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--churn-rate").contains("'lots' is not a rate")
                .doesNotContain("messages");
    }
}
