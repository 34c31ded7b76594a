package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code --help} is short (what it is, the commands, the options most runs use), {@code --help-all}
 * has every option; both print cleanly at 80 columns.
 */
class HelpTest {

    private static String help(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(new StringWriter()), Map.of());
        assertThat(code).as("exit code of %s", List.of(args)).isZero();
        return out.toString();
    }

    @Test
    void theShortHelpHasTheCommandsAndTheOptionsMostRunsUse() {
        String h = help("--help");
        assertThat(h.lines().count()).as("lines of --help").isLessThan(100);
        assertThat(h).contains("Commands").contains("run").contains("sweep").contains("find-max").contains("report");
        assertThat(h.indexOf("Commands")).as("commands come before the options").isLessThan(h.indexOf("--uri"));
        for (String o : List.of("--uri", "--protocol", "--queue-type", "-x, --producers", "-y, --consumers", "-r, --rate",
                "-s, --size", "-c, --confirm", "-q, --qos", "-z, --time", "--output-dir", "--fail-if")) {
            assertThat(h).as("--help shows %s", o).contains(o);
        }
        long optionRows = h.lines().filter(l -> l.matches(" {2}(-[a-zA-Z], )?--[a-z].*|      --[a-z].*")).count();
        assertThat(optionRows).as("option rows in --help").isBetween(15L, 30L);
        assertThat(h).contains("--help-all");
    }

    @Test
    void theFullHelpHasEveryOption() {
        CommandLine cl = HarnessCommand.commandLine(new Main.Session());
        String all = help("--help-all");
        for (OptionSpec o : cl.getCommandSpec().options()) {
            assertThat(all).as("--help-all shows %s", o.longestName()).contains(o.longestName());
        }
        assertThat(all.lines().count()).isGreaterThan(help("--help").lines().count() * 2);
    }

    @Test
    void theDescriptionNamesEveryProtocol() {
        String h = help("--help").replaceAll("\\s+", " ");
        assertThat(h).contains("AMQP 0.9.1").contains("AMQP 1.0").contains("stream protocol");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "--help-all", "run --help", "run --help-all", "sweep --help",
            "sweep --help-all", "find-max --help", "find-max --help-all", "report --help"})
    void helpPrintsCleanlyAt80Columns(String args) {
        String h = help(args.split(" "));
        assertThat(h).as(args).doesNotContain("%%").doesNotContain("%n");
        assertThat(h.lines().filter(l -> l.length() > 80).toList()).as("lines over 80 columns in %s", args).isEmpty();
        // An example command is never broken before an option's value.
        assertThat(h.lines().filter(l -> l.strip().startsWith("results/") || l.strip().equals("DIR")
                || l.strip().startsWith("(with --merge)")).toList()).as("example lines broken in %s", args).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"sweep", "find-max"})
    void aCommandsSynopsisIsShort(String command) {
        String h = help(command, "--help");
        int usage = h.indexOf("Usage:");
        String synopsis = h.substring(usage, h.indexOf("\n\n", usage));
        assertThat(synopsis.lines().count()).as("synopsis of %s", command).isLessThanOrEqualTo(4);
    }

    @Test
    void commandDescriptionsAreWholeSentences() {
        String h = help("--help");
        String commands = h.substring(h.indexOf("Commands"));
        for (String c : List.of("run", "sweep", "find-max", "report")) {
            String line = commands.lines().filter(l -> l.strip().startsWith(c + " ")).findFirst().orElseThrow();
            assertThat(line.strip()).as("the %s line", c).endsWith(".");
        }
    }
}
