package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StartTime;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The several-instances options: parsed as the builder says, bad values refused in one sentence (exit 2). */
class InstancesCliTest {

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), Map.of());
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void optionsAndBuilderCallsGiveEqualScenarios() {
        Scenario fromCli = Main.parseScenario(Map.of(), "--instance", "pod-3", "--start-at", "2026-11-23T15:00:00Z",
                "--barrier", "4", "--barrier-name", "seed-001", "--barrier-timeout", "5m", "--clock", "wall");
        Scenario fromBuilder = Scenario.builder().instance("pod-3")
                .startAt(StartTime.parse("2026-11-23T15:00:00Z").orElseThrow()).barrier(4).barrierName("seed-001")
                .barrierTimeout(Duration.ofMinutes(5)).clock(io.amqpharness.scenario.ClockMode.WALL).build();
        assertThat(fromCli).isEqualTo(fromBuilder);
        assertThat(fromCli.toArguments()).containsSubsequence("--instance", "pod-3", "--start-at",
                "2026-11-23T15:00:00Z", "--barrier", "4", "--barrier-name", "seed-001", "--barrier-timeout", "5m");
        assertThat(Main.parseScenario(Map.of(), "--start-at", "15:30:00").coordination().startAt())
                .contains(new StartTime("15:30:00"));
    }

    @Test
    void badValuesAreOneSentenceAndExitCode2() {
        Run startAt = run("--start-at", "tomorrow");
        assertThat(startAt.code()).isEqualTo(2);
        assertThat(startAt.err()).contains("'tomorrow' is not a start time; use an ISO-8601 instant such as "
                + "2026-11-23T15:00:00Z or a local time of day such as 15:00:00").doesNotContain("Exception");
        Run barrier = run("--barrier", "0");
        assertThat(barrier.code()).isEqualTo(2);
        assertThat(barrier.err()).contains("--barrier must be at least 1, got 0; for example --barrier 4");
        Run instance = run("--instance", "pod 1");
        assertThat(instance.code()).isEqualTo(2);
        assertThat(instance.err()).contains("--instance must be 1 to 64 letters, digits, dots, dashes or "
                + "underscores, got 'pod 1'; for example --instance loadgen-1");
        Run timeout = run("--barrier", "2", "--barrier-timeout", "0s");
        assertThat(timeout.code()).isEqualTo(2);
        assertThat(timeout.err()).contains("--barrier-timeout must be a positive duration; for example --barrier-timeout 5m");
        Run nameAlone = run("--barrier-name", "x");
        assertThat(nameAlone.code()).isEqualTo(2);
        assertThat(nameAlone.err()).contains("--barrier-name only applies with --barrier N; add it, for example --barrier 4.");
        Run noDir = run("--instances", "3");
        assertThat(noDir.code()).isEqualTo(2);
        assertThat(noDir.err().strip()).isEqualTo("--instances writes each instance's results and the merged one "
                + "into --output-dir, which is missing; for example --instances 3 --output-dir results/local-3.");
        Run tooFew = run("--instances", "0", "--output-dir", "x");
        assertThat(tooFew.code()).isEqualTo(2);
        assertThat(tooFew.err()).contains("--instances must be from 1 to 1000, got 0; for example --instances 3.");
        Run mergeNoOut = run("report", "--merge", "a", "b");
        assertThat(mergeNoOut.code()).isEqualTo(2);
        assertThat(mergeNoOut.err()).contains("--merge needs -o DIR");
    }

    @Test
    void aChildGetsTheRunsOptionsWithoutThoseTheParentSetsPerInstance() {
        assertThat(LocalInstances.childArgs(List.of("run", "-r", "50", "--instances", "3", "--output-dir", "out",
                "--instance=a", "--metrics-port", "9000", "--overwrite", "-z", "2s")))
                .containsExactly("run", "-r", "50", "-z", "2s");
        LocalInstances l = new LocalInstances(3, Path.of("out"), Scenario.builder().build(),
                List.of("--instances", "3", "-r", "50", "--output-dir", "out"), new OutputOptions());
        List<String> cmd = l.command("local-1", Path.of("out", "instance-1"), "local-x", 1);
        assertThat(cmd.subList(cmd.indexOf(Main.class.getName()), cmd.size())).containsExactly(Main.class.getName(), "-r", "50", "--instance",
                "local-1", "--output-dir", Path.of("out", "instance-1").toString(), "--overwrite", "--barrier", "3",
                "--barrier-name", "local-x");
    }

    @Test
    void aChildRunsWithTheParentsHeapAndJitOptionsButNoDebuggerOrRecording() {
        assertThat(LocalInstances.jvmOptions(List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-Dfoo=bar",
                "-agentlib:jdwp=transport=dt_socket", "-Xdebug", "-XX:StartFlightRecording=filename=x.jfr")))
                .containsExactly("-Xmx512m", "-XX:TieredStopAtLevel=1");
    }
}
