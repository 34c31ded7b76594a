package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every manifest under deploy/kubernetes is valid against {@code kubernetes/manifests.schema.json}, a
 * strict schema of the Kubernetes (and Prometheus operator) fields it uses, checked by a JSON Schema
 * validator, offline; and the schema catches the typos a lenient parse lets through.
 */
class KubernetesSchemaTest {
    private static final Path DIR = Path.of("..", "deploy", "kubernetes");
    private static final YAMLMapper YAML = new YAMLMapper();

    private static List<String> problems(JsonNode manifest) throws Exception {
        ObjectNode schema;
        try (InputStream in = KubernetesSchemaTest.class.getResourceAsStream("/kubernetes/manifests.schema.json")) {
            schema = (ObjectNode) new ObjectMapper().readTree(in);
        }
        String kind = manifest.path("kind").asText();
        assertThat(schema.path("$defs").has(kind)).as("the schema knows kind %s", kind).isTrue();
        schema.put("$ref", "#/$defs/" + kind);
        Schema validator = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(schema.toString());
        return validator.validate(manifest).stream().map(Error::toString).toList();
    }

    @Test
    void everyManifestIsValid() throws Exception {
        List<Path> files;
        try (Stream<Path> list = Files.list(DIR)) {
            files = list.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(5);
        for (Path f : files) {
            assertThat(problems(YAML.readTree(f.toFile()))).as("%s", f.getFileName()).isEmpty();
        }
    }

    @Test
    void typosFail() throws Exception {
        String job = Files.readString(DIR.resolve("job.yaml"));
        assertThat(problems(YAML.readTree(job.replace("completionMode:", "completionMod:")))).singleElement()
                .asString().contains("completionMod");
        assertThat(problems(YAML.readTree(job.replace("restartPolicy: Never", "restartPolicy: Nevr")))).isNotEmpty();
        assertThat(problems(YAML.readTree(job.replace("enableServiceLinks:", "enableServiceLink:")))).isNotEmpty();
        assertThat(problems(YAML.readTree(job.replace("fsGroup: 10001", "fsGroup: \"10001\"")))).isNotEmpty();
        assertThat(problems(YAML.readTree(job.replace("key: password", "keys: password")))).isNotEmpty();
        String monitor = Files.readString(DIR.resolve("podmonitor.yaml"));
        assertThat(problems(YAML.readTree(monitor.replace("podMetricsEndpoints:", "podMetricEndpoints:")))).isNotEmpty();
    }
}
