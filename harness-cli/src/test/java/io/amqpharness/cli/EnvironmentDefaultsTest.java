package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.amqpharness.scenario.Scenario;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** {@code HARNESS_<NAME>}: every long name of every option reads its variable; the command line wins. */
class EnvironmentDefaultsTest {

    @Test
    void harnessUriIsTheBrokerAddress() {
        Scenario s = Main.parseScenario(Map.of("HARNESS_URI", "amqp://user:secret@rabbitmq:5672/"));
        assertThat(s.uri().host()).isEqualTo("rabbitmq");
    }

    @Test
    void aValueIsTakenAsWrittenAsOnTheCommandLine() {
        // picocli resolves its ${...} variables, and turns $$ into $, in what a default provider returns
        String uri = "amqp://user:pa$$word@rabbitmq:5672/";
        String queue = "orders-${sys:user.name}-$$";
        Scenario fromEnvironment = Main.parseScenario(Map.of("HARNESS_URI", uri, "HARNESS_QUEUE", queue));
        Scenario fromArgs = Main.parseScenario(Map.of(), "--uri", uri, "--queue", queue);
        assertThat(fromEnvironment.uri().password()).isEqualTo("pa$$word");
        assertThat(fromEnvironment).isEqualTo(fromArgs);
    }

    @Test
    void harnessUrisIsReadToo() {
        Scenario s = Main.parseScenario(Map.of("HARNESS_URIS", "amqp://h1:5672,amqp://h2:5672"));
        assertThat(s.uri().host()).isEqualTo("h1");
    }

    @Test
    void harnessUriWinsOverHarnessUris() {
        Scenario s = Main.parseScenario(Map.of("HARNESS_URI", "amqp://first:5672", "HARNESS_URIS", "amqp://second:5672"));
        assertThat(s.uri().host()).isEqualTo("first");
    }

    @Test
    void everyLongNameOfEveryOptionReadsItsVariable() {
        CommandLine root = HarnessCommand.commandLine(new Main.Session());
        List<CommandLine> commands = new ArrayList<>(root.getSubcommands().values());
        commands.add(root);
        List<String> unread = new ArrayList<>();
        int checked = 0;
        for (CommandLine c : commands) {
            for (OptionSpec o : c.getCommandSpec().options()) {
                if (o.usageHelp() || o.versionHelp()) {
                    continue;
                }
                for (String name : o.names()) {
                    if (!name.startsWith("--")) {
                        continue;
                    }
                    String variable = EnvironmentDefaults.variable(name);
                    String read = new EnvironmentDefaults(Map.of(variable, "value-of-" + variable)).defaultValue(o);
                    checked++;
                    if (!("value-of-" + variable).equals(read)) {
                        unread.add(c.getCommandName() + " " + name + " (" + variable + ")");
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(100);
        assertThat(unread).as("long names whose HARNESS_<NAME> is ignored").isEmpty();
    }

    @Test
    void anEnvironmentDefaultTheCommandLineOverridesIsNotValidated() {
        // A Kubernetes Service named harness-metrics injects HARNESS_METRICS_PORT=tcp://10.96.0.1:8080.
        Map<String, String> env = Map.of("HARNESS_METRICS_PORT", "tcp://10.96.0.1:8080", "HARNESS_QOS", "many");
        assertThatCode(() -> Main.parseScenario(env, "--metrics-port", "0", "-q", "10")).doesNotThrowAnyException();
        assertThatCode(() -> Main.parseScenario(env, "--metrics-port=0", "--qos=10")).doesNotThrowAnyException();
    }

    @Test
    void aBadEnvironmentDefaultNamesItsVariable() {
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"-z", "1s"}, new PrintWriter(new StringWriter()), new PrintWriter(err),
                Map.of("HARNESS_METRICS_PORT", "tcp://10.96.0.1:8080"));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("HARNESS_METRICS_PORT").contains("enableServiceLinks");
    }
}
