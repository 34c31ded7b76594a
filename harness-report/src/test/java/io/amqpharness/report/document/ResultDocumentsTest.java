package io.amqpharness.report.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.amqpharness.HarnessException;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.run.SyntheticRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** result.json written from the document records, and read back into them. */
class ResultDocumentsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private final SyntheticRun run = SyntheticRun.create(10, 1000, 7);

    @Test
    void aWrittenDocumentReadsBackEqualAndWritesTheSameText() {
        ResultDocument written = RunDocument.of(run.result);
        ResultDocument read = ResultDocuments.read(ResultDocuments.write(written, tmp));
        assertThat(read).isEqualTo(written);
        assertThat(ResultDocuments.toJson(read)).isEqualTo(ResultDocuments.toJson(written));
    }

    @Test
    void aFileWithoutSchemaVersionReadsAsVersionOne() throws Exception {
        ObjectNode tree = (ObjectNode) ResultDocuments.toTree(RunDocument.of(run.result));
        tree.remove("schemaVersion");
        Files.writeString(tmp.resolve("result.json"), JSON.writeValueAsString(tree));
        ResultDocument read = ResultDocuments.read(tmp);
        assertThat(read.schemaVersion()).isEqualTo(1);
        assertThat(read.runId()).isEqualTo("abc123");
    }

    @Test
    void fieldsOfANewerSchemaAreIgnoredAndMissingOnesReadAsEmpty() throws Exception {
        ObjectNode tree = (ObjectNode) ResultDocuments.toTree(RunDocument.of(run.result));
        tree.put("schemaVersion", 7).put("somethingNew", 1);
        tree.remove(List.of("steps", "notes", "histograms", "search"));
        ((ObjectNode) tree.path("latency")).remove("churnOpen");
        Files.writeString(tmp.resolve("result.json"), JSON.writeValueAsString(tree));
        ResultDocument read = ResultDocuments.read(tmp);
        assertThat(read.schemaVersion()).isEqualTo(7);
        assertThat(read.steps()).isEmpty();
        assertThat(read.notes()).isEmpty();
        assertThat(read.search()).isEmpty();
        assertThat(read.histograms().get(io.amqpharness.measure.Metric.END_TO_END).percentiles()).isEmpty();
        assertThat(read.latency().get(io.amqpharness.measure.Metric.CHURN_OPEN)).isEqualTo(Ladder.EMPTY);
        assertThat(read.latency().get(io.amqpharness.measure.Metric.END_TO_END).count()).isEqualTo(run.result.latency().get(io.amqpharness.measure.Metric.END_TO_END).count());
    }

    @Test
    void aMergedResultKeepsItsInstancesAndTheInstanceOfEachGate() throws Exception {
        ObjectNode tree = (ObjectNode) ResultDocuments.toTree(RunDocument.of(run.result));
        tree.put("merged", true);
        ((ObjectNode) tree.path("gates").get(0)).put("instance", "merged");
        ObjectNode row = tree.putArray("instances").addObject();
        row.put("instance", "pod-1").put("runId", "abc123").put("directory", "results/pod-1")
                .put("startedAt", "2026-11-21T10:00:00Z").put("publishingTime", 5).putNull("failure");
        row.set("counts", tree.path("counts"));
        row.set("rates", tree.path("rates"));
        row.set("latency", tree.path("latency"));
        row.put("unaccountedPublished", 0).putArray("gates");
        ResultDocument d = TestDocuments.of(tree);
        assertThat(d.mergedResult()).isTrue();
        assertThat(d.instanceRows()).extracting(ResultDocument.InstanceRow::instance).containsExactly("pod-1");
        assertThat(d.gates().get(0).instance()).contains("merged");
        JsonNode back = JSON.readTree(ResultDocuments.toJson(d));
        assertThat(back.path("merged").asBoolean()).isTrue();
        assertThat(back.path("instances").get(0).path("directory").asText()).isEqualTo("results/pod-1");
        assertThat(back.path("gates").get(0).path("instance").asText()).isEqualTo("merged");
        assertThat(back.path("gates").get(1).has("instance")).as("absent where it was absent").isFalse();
        assertThat(JSON.readTree(ResultDocuments.toJson(RunDocument.of(run.result))).has("merged")).isFalse();
    }

    @Test
    void aFileOfANewerFormatIsRefused() throws Exception {
        ObjectNode tree = (ObjectNode) ResultDocuments.toTree(RunDocument.of(run.result));
        tree.put("format", 2);
        Files.writeString(tmp.resolve("result.json"), JSON.writeValueAsString(tree));
        assertThatThrownBy(() -> ResultDocuments.read(tmp)).isInstanceOf(HarnessException.class)
                .hasMessageContaining("has format 2, newer than this harness reads (1)");
    }

    @Test
    void aFileOfTheWrongShapeIsRefusedWithOneSentence() throws Exception {
        ObjectNode tree = (ObjectNode) ResultDocuments.toTree(RunDocument.of(run.result));
        tree.put("counts", "many");
        Files.writeString(tmp.resolve("result.json"), JSON.writeValueAsString(tree));
        assertThatThrownBy(() -> ResultDocuments.read(tmp)).isInstanceOf(HarnessException.class)
                .hasMessageContaining("is not a result file this harness can read");
    }
}
