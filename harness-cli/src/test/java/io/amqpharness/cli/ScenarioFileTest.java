package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --scenario FILE}: the command line's options kept in YAML or JSON. */
class ScenarioFileTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    private String errors(String... args) {
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(new StringWriter()), new PrintWriter(err), Map.of());
        assertThat(code).as(err.toString()).isEqualTo(2);
        return err.toString().strip();
    }

    @Test
    void aFileGivesTheSameScenarioAsTheCommandLine() throws Exception {
        Path f = file("s.yml", """
                # a comment
                queue-type: quorum
                queueArgs: {x-max-length: 1000, x-overflow: reject-publish}
                flag: [persistent, mandatory]
                producers: 2
                rate: 250.5
                confirm: 100
                qos: 300
                autoack: false
                step:
                  multi-ack-every: [1, 10, 50]
                step-duration: 30s
                message-headers: {region: eu}
                """);
        Scenario fromFile = Main.parseScenario(Map.of(), "--scenario", f.toString());
        Scenario fromCli = Main.parseScenario(Map.of(), "--queue-type", "quorum", "--queue-args",
                "x-max-length=1000,x-overflow=reject-publish", "-f", "persistent", "-f", "mandatory", "-x", "2",
                "-r", "250.5", "-c", "100", "-q", "300", "--step", "multi-ack-every=1,10,50", "--step-duration", "30s",
                "--message-headers", "region=eu");
        assertThat(fromFile).isEqualTo(fromCli);
        assertThat(Main.parseScenario(Map.of(), "run", "--scenario", f.toString())).isEqualTo(fromCli);
    }

    @Test
    void gatesAreAListInAFile() throws Exception {
        Path f = file("gates.yml", """
                rate: 100
                fail-if: ['e2e.p99>20ms', 'lost>0', 'rate.received < 90']
                """);
        Scenario fromFile = Main.parseScenario(Map.of(), "--scenario", f.toString());
        assertThat(fromFile).isEqualTo(Main.parseScenario(Map.of(), "-r", "100", "--fail-if", "e2e.p99>20ms",
                "--fail-if", "lost>0", "--fail-if", "rate.received<90"));
        assertThat(fromFile.run().gates()).hasSize(3);
        assertThat(errors("--scenario", file("bad.yml", "fail-if: 'e2e.p99>20'\n").toString()))
                .contains("'e2e.p99>20' is not a gate: '20' is not a latency");
    }

    @Test
    void theCommandLineWinsOverTheFile() throws Exception {
        Path f = file("s.yml", "queue-type: quorum\nrate: 100\n");
        Scenario s = Main.parseScenario(Map.of(), "--scenario", f.toString(), "-r", "5", "--queue-type", "stream");
        assertThat(s.publishing().ratePerProducer()).hasValue(5.0);
        assertThat(s.topology().queueType()).isEqualTo(QueueType.STREAM);
    }

    @Test
    void jsonWorksToo() throws Exception {
        Path f = file("s.json", "{\"queue-type\": \"quorum\", \"time\": \"10s\", \"flag\": [\"persistent\"]}");
        Scenario s = Main.parseScenario(Map.of(), "--scenario", f.toString());
        assertThat(s.topology().queueType()).isEqualTo(QueueType.QUORUM);
        assertThat(s.publishing().persistent()).isTrue();
    }

    @Test
    void anUnknownKeyNamesTheFileTheLineAndAGuess() throws Exception {
        Path f = file("bad.yml", "queue-type: quorum\n\nrat: 100\n");
        assertThat(errors("--scenario", f.toString()))
                .isEqualTo("bad.yml line 3: 'rat' is not an option; did you mean rate?; keys are long option names "
                        + "without their dashes, for example queue-type: quorum.");
    }

    @Test
    void aBadValueNamesTheFileAndTheLine() throws Exception {
        Path f = file("bad.yml", "queue-type: quorum\ntime: soon\n");
        assertThat(errors("--scenario", f.toString())).startsWith("bad.yml line 2: Invalid value for option '--time': "
                + "'soon' is not a duration");
    }

    @Test
    void anInvalidSettingNamesTheFileAndTheLine() throws Exception {
        Path f = file("bad.yml", "rate: 10\nqos: 0\n");
        assertThat(errors("--scenario", f.toString()))
                .isEqualTo("bad.yml line 2: --qos must be between 1 and 65535, got 0; for example --qos 200.");
    }

    @Test
    void brokenYamlNamesTheLine() throws Exception {
        Path f = file("broken.yml", "rate: 10\nqos: [1, 2\n");
        assertThat(errors("--scenario", f.toString())).startsWith("broken.yml line ").contains("not valid YAML or JSON");
    }

    @Test
    void aMissingFileIsOneSentence() {
        assertThat(errors("--scenario", dir.resolve("nope.yml").toString()))
                .isEqualTo("--scenario: there is no file " + dir.resolve("nope.yml") + ".");
    }

    @Test
    void aSwitchWantsTrueOrFalse() throws Exception {
        Path f = file("bad.yml", "autoack: often\n");
        assertThat(errors("--scenario", f.toString())).isEqualTo("bad.yml line 1: autoack is a switch: write autoack: "
                + "true or false.");
    }
}
