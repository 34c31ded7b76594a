package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.report.document.ResultDocuments;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client groups in one run against RabbitMQ 3.x: a background load beside a latency probe, each with
 * its own queue type, rate and confirms, results per group and for all, gates per group and on all.
 */
@WithRabbitMQ
class GroupsIT {
    @TempDir
    Path tmp;

    @Test
    void aBackgroundLoadAndALatencyProbeRunSideBySideWithResultsPerGroupAndForAll(RabbitMQBroker broker)
            throws Exception {
        Path dir = tmp.resolve("groups");
        CliOutcome o = CliOutcome.run("--uri", broker.uri(), "-z", "3s", "--no-broker-metrics",
                "--output-dir", dir.toString(), "--fail-if", "lost>0",
                "--group", "name=load,queue-type=classic,rate=400,producers=2,consumers=2,confirm=50,qos=100,size=1000",
                "--group", "name=probe,queue-type=quorum,rate=20,size=12,fail-if=e2e.max>10s");
        assertThat(o.code()).as(o.out() + o.err()).isZero();
        assertThat(o.out()).contains("Running 2 groups side by side: load, probe.", "[load] ", "[probe] ",
                "All groups:", "all groups");
        String allSummary = o.out().substring(o.out().indexOf("All groups:"));
        // Each group's queue and queue type, not the top level's (no group ran on a queue of the top level's).
        assertThat(allSummary.lines().filter(l -> l.startsWith("Queue     ")).findFirst()).get().asString()
                .startsWith("Queue     load: ").contains(" (classic); probe: ").endsWith(" (quorum)");
        assertThat(allSummary.lines().filter(l -> l.startsWith("Broker    ")).findFirst()).get().asString()
                .endsWith(" over amqp091, every group");
        JsonNode all = ResultDocuments.readTree(dir);
        JsonNode load = ResultDocuments.readTree(dir.resolve("group-load"));
        JsonNode probe = ResultDocuments.readTree(dir.resolve("group-probe"));
        // Each group ran its own scenario on its own queue.
        assertThat(load.path("scenario").path("topology").path("queueType").asText()).isEqualTo("classic");
        assertThat(probe.path("scenario").path("topology").path("queueType").asText()).isEqualTo("quorum");
        assertThat(load.path("queues").get(0).asText()).isNotEqualTo(probe.path("queues").get(0).asText());
        long loadPublished = load.path("counts").path("published").asLong();
        long probePublished = probe.path("counts").path("published").asLong();
        assertThat(probePublished).isBetween(40L, 80L); // 20 msg/s for 3 s
        assertThat(loadPublished).isGreaterThan(probePublished * 5);
        for (JsonNode g : new JsonNode[] {load, probe}) {
            JsonNode c = g.path("counts");
            assertThat(c.path("consumed").asLong()).isEqualTo(c.path("published").asLong());
            assertThat(c.path("lost").asLong() + c.path("duplicated").asLong() + c.path("foreign").asLong()).isZero();
        }
        assertThat(load.path("counts").path("confirmed").asLong()).isEqualTo(loadPublished);
        // All groups: counts summed, one row per group, no instances.
        assertThat(all.path("instance").asText()).isEqualTo("all");
        assertThat(all.path("counts").path("published").asLong()).isEqualTo(loadPublished + probePublished);
        assertThat(all.path("counts").path("consumed").asLong()).isEqualTo(loadPublished + probePublished);
        assertThat(all.path("latency").path("endToEnd").path("count").asLong()).isEqualTo(loadPublished + probePublished);
        assertThat(all.has("instances")).isFalse();
        assertThat(all.path("groups")).hasSize(2);
        assertThat(all.path("groups").get(0).path("instance").asText()).isEqualTo("load");
        assertThat(all.path("groups").get(1).path("instance").asText()).isEqualTo("probe");
        assertThat(all.path("groups").get(1).path("counts").path("published").asLong()).isEqualTo(probePublished);
        // All groups: the queue type is each group's, the broker and protocol they share said once.
        assertThat(all.path("scenario").path("topology").path("queueType").asText()).isEqualTo("per group");
        assertThat(all.path("groups").findValuesAsText("queueType")).containsExactly("classic", "quorum");
        assertThat(all.path("scenario").path("protocol").asText()).isEqualTo("amqp091");
        assertThat(all.path("broker").path("version").asText()).isEqualTo(load.path("broker").path("version").asText());
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<dt>Protocol</dt><dd>amqp091, every group</dd>",
                " (classic); probe: ");
        // The command line of all groups names the groups, so the run can be told again.
        assertThat(all.path("scenario").path("arguments").toString()).contains("\"--group\"",
                "\"name=probe,queue-type=quorum,rate=20,size=12,fail-if=e2e.max>10s\"");
        // The top level's gate on all groups, the probe's own on the probe.
        assertThat(all.path("gates").toString()).contains("Gate lost>0 passed on all 2 groups",
                "probe: Gate e2e.max>10s");
        assertThat(all.path("gates").findValuesAsText("instance")).containsExactly("probe", "all");
        assertThat(load.path("gates")).isEmpty();
        // Both started publishing together: the same intervals, one clock.
        assertThat(all.path("intervals").size()).isGreaterThanOrEqualTo(3);
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<h2>Groups</h2>", "<th>probe</th>",
                "all groups");
        assertThat(dir.resolve("group-probe").resolve("report.html")).exists();
    }

    @Test
    void aGroupGateThatBreaksFailsTheRunNamingTheGroup(RabbitMQBroker broker) {
        CliOutcome o = CliOutcome.run("--uri", broker.uri(), "-z", "1s", "--no-broker-metrics", "-r", "20",
                "--group", "name=a", "--group", "name=b,fail-if=rate.sent<1000000");
        assertThat(o.code()).as(o.out() + o.err()).isEqualTo(1);
        assertThat(o.err()).contains("b: Gate rate.sent<1000000 failed");
        assertThat(o.err()).doesNotContain("a: Gate");
    }
}
