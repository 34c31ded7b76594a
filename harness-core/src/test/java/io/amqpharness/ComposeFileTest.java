package io.amqpharness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docker/compose.yml, read offline: its published ports do not clash with a RabbitMQ already
 * running on the machine, and the one-liner of docker/README.md builds the jar first and sets only
 * variables the compose file reads.
 */
class ComposeFileTest {
    private static final Path DOCKER = Path.of("..", "docker");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Z0-9_]+)(?::-([^}]*))?}");

    /** Each variable of the compose file with its default (empty when it has none). */
    private static Map<String, String> variables() throws Exception {
        Map<String, String> vars = new LinkedHashMap<>();
        for (String line : Files.readAllLines(DOCKER.resolve("compose.yml"))) {
            if (line.strip().startsWith("#")) {
                continue;
            }
            Matcher m = VARIABLE.matcher(line);
            while (m.find()) {
                vars.put(m.group(1), m.group(2) == null ? "" : m.group(2));
            }
        }
        return vars;
    }

    @Test
    void theBrokersPortsDoNotClashWithALocalRabbitMq() throws Exception {
        Map<String, String> vars = variables();
        assertThat(vars).containsKeys("RABBITMQ_AMQP_PORT", "RABBITMQ_HTTP_PORT", "RABBITMQ_PROMETHEUS_PORT",
                "HARNESS_METRICS_PORT", "PROMETHEUS_PORT", "GRAFANA_PORT");
        for (String port : new String[] {"RABBITMQ_AMQP_PORT", "RABBITMQ_HTTP_PORT", "RABBITMQ_PROMETHEUS_PORT"}) {
            assertThat(vars.get(port)).as(port).isNotIn("5672", "15672", "15692", "5552").matches("[0-9]{4,5}");
        }
        assertThat(vars.values().stream().filter(v -> v.matches("[0-9]+")).toList()).as("no two services on one port")
                .doesNotHaveDuplicates();
    }

    @Test
    void theReadmeOneLinerBuildsFirstAndSetsOnlyVariablesTheFileReads() throws Exception {
        String readme = Files.readString(DOCKER.resolve("README.md"));
        Matcher first = Pattern.compile("```bash\\s+mvn -B -ntp package -DskipTests\\s+RABBITMQ_AMQP_PORT=").matcher(readme);
        assertThat(first.find()).as("a block that runs mvn package, then compose with the ports given").isTrue();
        int start = first.start();
        String block = readme.substring(start, readme.indexOf("```", start + 3));
        assertThat(block).contains("docker compose -p harness -f docker/compose.yml up --build")
                .contains("docker-compose -p harness -f docker/compose.yml up --build");
        Matcher m = Pattern.compile("\\b([A-Z][A-Z0-9_]+)=").matcher(block);
        Map<String, String> vars = variables();
        int set = 0;
        while (m.find()) {
            assertThat(vars).as("the one-liner's %s", m.group(1)).containsKey(m.group(1));
            set++;
        }
        assertThat(set).isGreaterThanOrEqualTo(4);
    }
}
