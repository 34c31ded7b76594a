package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A plain run builds the root command alone ({@link HarnessCommand#commandLine(Main.Session, List)}):
 * whatever it prints and returns is what the whole tree of commands would.
 */
class RootCommandAloneTest {

    private static CliOutcome run(boolean everyCommand, Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Main.Session session = new Main.Session();
        try {
            int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err), env, session, everyCommand);
            return new CliOutcome(code, out.toString(), err.toString());
        } finally {
            session.finished();
        }
    }

    private static void sameEitherWay(Map<String, String> env, String... args) {
        CliOutcome alone = run(false, env, args);
        CliOutcome every = run(true, env, args);
        assertThat(alone).as("%s", List.of(args)).isEqualTo(every);
        assertThat(alone.code()).as("exit code of %s", List.of(args)).isEqualTo(HarnessCommand.ExitCode.USAGE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--rate fast", "--qeue-type quorum", "--help-al", "foo", "-r 10 foo bar", "--size -5",
            "--queue-type bogus", "-x", "--uri", "--no-such-option=1", "--fail-if nonsense",
            "--consumer-latency 5", "--instances 0 -z 1s", "--repeat 1", "--broker nope", "-d",
            "--step confirm=1,x"})
    void printsAndReturnsWhatTheWholeTreeWould(String line) {
        sameEitherWay(Map.of(), line.split(" "));
    }

    @Test
    void aBadVariableIsReportedTheSame() {
        sameEitherWay(Map.of("HARNESS_RATE", "fast"), "-z", "1s");
        sameEitherWay(Map.of("HARNESS_METRICS_PORT", "tcp://10.0.0.1:8080"), "-z", "1s");
    }

    @Test
    void aScenarioFileIsReadTheSame(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.yml"), "rate: 10\nqeue-type: quorum\n");
        sameEitherWay(Map.of(), "--scenario", bad.toString());
        Path wrong = Files.writeString(dir.resolve("wrong.yml"), "rate: fast\n");
        sameEitherWay(Map.of(), "--scenario", wrong.toString(), "-z", "1s");
    }

    @Test
    void aScenarioFileThatAsksForHelpGetsTheWholeHelp(@TempDir Path dir) throws Exception {
        Path help = Files.writeString(dir.resolve("help.yml"), "help: true\n");
        CliOutcome alone = run(false, Map.of(), "--scenario", help.toString());
        assertThat(alone).isEqualTo(run(true, Map.of(), "--scenario", help.toString()));
    }

    @Test
    void onlyAPlainRunBuildsTheRootAlone() {
        assertThat(HarnessCommand.rootAlone(List.of("-C", "1", "--queue-type", "quorum", "-z", "10s"))).isTrue();
        assertThat(HarnessCommand.rootAlone(List.of())).isTrue();
        for (String line : List.of("run -C 1", "sweep --vary rate=1,2", "find-max --p99 5ms", "report dir",
                "generate-completion", "--help", "--help-all", "-h", "-V", "--version", "-C 1 -hV",
                "--queue run", "-C 1 -- x", "--help=true")) {
            assertThat(HarnessCommand.rootAlone(List.of(line.split(" ")))).as(line).isFalse();
        }
    }

    @Test
    void aPlainRunsCommandLineHasTheRootsOptionsAndNoCommands() {
        var alone = HarnessCommand.commandLine(new Main.Session(), List.of("-C", "1"));
        var every = HarnessCommand.commandLine(new Main.Session());
        assertThat(alone.getSubcommands()).isEmpty();
        assertThat(alone.getCommandSpec().options().stream().map(o -> List.of(o.names())).toList())
                .isEqualTo(every.getCommandSpec().options().stream().map(o -> List.of(o.names())).toList());
    }
}
