package io.amqpharness.report.merge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import io.amqpharness.run.SyntheticRun;
import io.amqpharness.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The document of all groups describes each group's broker, protocol and queues: where the groups
 * differ, the top level says so instead of naming the first group's, and each group's row carries
 * its own.
 */
class GroupDescriptionTest {
    private static final SyntheticRun RUN = SyntheticRun.create(3, 1000, 7);
    private static final Scenario SCENARIO = RUN.result.scenario();
    private static final ResultDocument BASE = RunDocument.of(RUN.result);

    /** {@code GroupMerge.PER_GROUP}, spelled out so that the test compiles against the code before it. */
    private static final String PER_GROUP = "per group";

    @TempDir
    Path dir;

    private static ResultDocument group(String runId, String uri, String protocol, String queueType, String queue,
            String version) {
        ResultDocument.ScenarioSection s = BASE.scenario();
        Map<String, Object> topology = new LinkedHashMap<>(s.topology());
        topology.put("queueType", queueType);
        return GroupMerge.with(BASE, Map.of("runId", runId, "queues", List.of(queue),
                "broker", new ResultDocument.Broker("RabbitMQ", version, "Erlang/OTP 26", Map.of("version", version)),
                "scenario", new ResultDocument.ScenarioSection(s.arguments(), uri, protocol, s.publishing(),
                        s.consuming(), topology, s.run(), s.coordination())));
    }

    private GroupMerge.Group save(String name, ResultDocument d) throws Exception {
        Path g = Files.createDirectories(dir.resolve("group-" + name));
        ResultDocuments.write(d, g);
        return new GroupMerge.Group(name, "name=" + name, SCENARIO, g);
    }

    @Test
    void groupsOfDifferentProtocolsQueueTypesAndBrokersAreEachDescribed() throws Exception {
        List<GroupMerge.Group> groups = List.of(
                save("a", group("abc123-a", "amqp://localhost:5672", "amqp091", "classic", "harness-abc123-a", "3.10.7")),
                save("b", group("abc123-b", "amqp://localhost:5673", "amqp10", "quorum", "harness-abc123-b", "4.0.5")));
        ResultDocument all = GroupMerge.write(groups, SCENARIO, dir.resolve("all"));

        assertThat(all.scenario().protocol()).isEqualTo(PER_GROUP);
        assertThat(all.scenario().uri()).isEqualTo(PER_GROUP);
        assertThat(all.scenario().queueType()).isEqualTo(PER_GROUP);
        assertThat(all.broker().product()).isEqualTo("RabbitMQ");
        assertThat(all.broker().version()).isEqualTo(PER_GROUP);
        assertThat(all.broker().properties()).isEmpty();
        assertThat(all.queues()).containsExactly("harness-abc123-a", "harness-abc123-b");

        JsonNode json = new ObjectMapper().readTree(Files.readString(dir.resolve("all/result.json")));
        JsonNode a = json.path("groups").get(0);
        JsonNode b = json.path("groups").get(1);
        assertThat(a.path("protocol").asText()).isEqualTo("amqp091");
        assertThat(b.path("protocol").asText()).isEqualTo("amqp10");
        assertThat(a.path("queueType").asText()).isEqualTo("classic");
        assertThat(b.path("queueType").asText()).isEqualTo("quorum");
        assertThat(a.path("uri").asText()).isEqualTo("amqp://localhost:5672");
        assertThat(b.path("broker").path("version").asText()).isEqualTo("4.0.5");
        assertThat(b.path("queues").get(0).asText()).isEqualTo("harness-abc123-b");
        assertThat(json.path("broker").path("version").asText()).isEqualTo(PER_GROUP);
        assertThat(json.path("scenario").path("protocol").asText()).isEqualTo(PER_GROUP);

        String page = HtmlReport.render(List.of(new ReportRun("all groups", all)));
        assertThat(page).contains("a: RabbitMQ 3.10.7 on Erlang/OTP 26 at amqp://localhost:5672",
                "b: RabbitMQ 4.0.5 on Erlang/OTP 26 at amqp://localhost:5673",
                "a: amqp091; b: amqp10", "a: harness-abc123-a (classic); b: harness-abc123-b (quorum)");
        // The header names each group's, not "per group" (the settings below, the command line's, may).
        String facts = page.substring(page.indexOf("<dt>Run</dt>"), page.indexOf("</dl>", page.indexOf("<dt>Run</dt>")));
        assertThat(facts).doesNotContain(PER_GROUP);
        assertThat(page).contains("a · broker · version", "b · broker · version");
        // Gates and notes speak of groups, not of the instances of a merge.
        assertThat(page).contains("each group's own on that group, named by it, then the top level's on all groups")
                .doesNotContain("instances[].gates");
        assertThat(all.notes()).contains("The top level's gates are checked on all groups' whole run only (steps are "
                + "not merged); each group's own verdicts, per step too, are listed with its name and in its row "
                + "(groups[].gates).");
    }

    @Test
    void aFileOfGroupsWrittenBeforeRowsDescribedTheirGroupReadsAndShowsItsTopLevel() throws Exception {
        List<GroupMerge.Group> groups = List.of(
                save("a", group("abc123-a", "amqp://localhost:5672", "amqp091", "classic", "harness-abc123-a", "3.10.7")),
                save("b", group("abc123-b", "amqp://localhost:5673", "amqp10", "quorum", "harness-abc123-b", "4.0.5")));
        GroupMerge.write(groups, SCENARIO, dir.resolve("all"));
        ResultDocument again = ResultDocuments.read(dir.resolve("all"));
        assertThat(again.groupRows().get(1).protocol()).isEqualTo("amqp10");
        assertThat(again.groupRows().get(1).broker().orElseThrow().version()).isEqualTo("4.0.5");

        ObjectMapper mapper = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode old =
                (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(Files.readString(dir.resolve("all/result.json")));
        old.path("groups").forEach(row -> ((com.fasterxml.jackson.databind.node.ObjectNode) row)
                .remove(List.of("uri", "protocol", "queues", "queueType", "broker")));
        old.set("broker", mapper.valueToTree(BASE.broker()));
        Path before = Files.createDirectories(dir.resolve("before"));
        Files.writeString(before.resolve("result.json"), mapper.writeValueAsString(old));
        ResultDocument read = ResultDocuments.read(before);
        assertThat(read.groupRows()).hasSize(2).noneMatch(ResultDocument.InstanceRow::described);
        String page = HtmlReport.render(List.of(new ReportRun("all groups", read)));
        assertThat(page).contains("<dt>Protocol</dt><dd>" + PER_GROUP + "</dd>");
    }

    @Test
    void theBrokerMetricsNoteNamesTheGroupAndTheGroupsOnOtherBrokers() throws Exception {
        io.amqpharness.report.document.BrokerMetrics m = BASE.brokerMetrics().orElseThrow();
        io.amqpharness.report.document.BrokerMetrics other = new io.amqpharness.report.document.BrokerMetrics(
                m.source(), java.util.Optional.of("http://other.example:15672/api"), m.cpuUrl(), m.unavailable(),
                m.samples(), m.failed(), m.first(), m.last(), m.peakDepth(), m.peakMemoryBytes(), m.memoryLimitBytes(),
                m.peakCpuCores(), m.peakConnections(), m.peakChannels(), m.alarms(), m.crossCheck(), m.growth());
        ResultDocument a = group("abc123-a", "amqp://localhost:5672", "amqp091", "classic", "harness-abc123-a", "3.10.7");
        ResultDocument b = group("abc123-b", "amqp://localhost:5673", "amqp091", "classic", "harness-abc123-b", "4.0.5");
        ResultDocument all = GroupMerge.write(List.of(save("a", a),
                save("b", GroupMerge.with(b, Map.of("brokerMetrics", java.util.Optional.of(other))))),
                SCENARIO, dir.resolve("all"));
        assertThat(all.notes()).noneMatch(n -> n.contains("every instance"))
                .contains("Broker metrics are group a's broker's (" + m.url().orElseThrow() + "): group b watched "
                        + "another broker, whose metrics are in its own directory.");

        ResultDocument same = GroupMerge.write(List.of(save("c", a), save("d", b)), SCENARIO, dir.resolve("same"));
        assertThat(same.notes()).contains(
                "Broker metrics are those group c sampled: every group watched the same broker over the same run.");
    }

    @Test
    void whatEveryGroupSharesStaysAtTheTopLevel() throws Exception {
        ResultDocument same = group("abc123-a", "amqp://localhost:5672", "amqp091", "classic", "harness-abc123", "3.10.7");
        List<GroupMerge.Group> groups = List.of(save("a", same),
                save("b", GroupMerge.with(same, Map.of("runId", "abc123-b"))));
        ResultDocument all = GroupMerge.write(groups, SCENARIO, dir.resolve("all"));
        assertThat(all.scenario().protocol()).isEqualTo("amqp091");
        assertThat(all.scenario().uri()).isEqualTo("amqp://localhost:5672");
        assertThat(all.scenario().queueType()).isEqualTo("classic");
        assertThat(all.broker()).isEqualTo(same.broker());
        String page = HtmlReport.render(List.of(new ReportRun("all groups", all)));
        assertThat(page).contains("RabbitMQ 3.10.7 on Erlang/OTP 26 at amqp://localhost:5672, every group");
    }
}
