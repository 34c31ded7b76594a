package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;
import io.amqpharness.report.document.ResultDocuments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Client groups against RabbitMQ 4: the protocol matrix (AMQP 0.9.1, AMQP 1.0 and the stream
 * protocol side by side on one broker, in one report), and groups of different protocols sharing one
 * queue, where the consumers of one group check every message the publishers of the other sent.
 */
@ResourceLock(value = SharedBrokers.RABBITMQ_4, mode = ResourceAccessMode.READ)
@WithRabbitMQ4
class GroupsRabbitMQ4IT {
    @TempDir
    Path tmp;

    @Test
    void theProtocolMatrixRunsSideBySideInOneReport(RabbitMQBroker broker) throws Exception {
        Path dir = tmp.resolve("matrix");
        CliOutcome o = CliOutcome.run("--uri", broker.uri(), "-z", "3s", "--no-broker-metrics", "-r", "50",
                "-c", "20", "--output-dir", dir.toString(), "--fail-if", "lost>0", "--fail-if", "unaccounted>0",
                "--group", "name=amqp091,protocol=amqp091,queue-type=quorum",
                "--group", "name=amqp10,protocol=amqp10,queue-type=quorum",
                "--group", "name=stream,protocol=stream,queue-type=stream,uri=" + streamUri(broker));
        assertThat(o.code()).as(o.out() + o.err()).isZero();
        String summary = o.out().substring(o.out().indexOf("All groups:"));
        assertThat(summary.lines().filter(l -> l.startsWith("Broker    ")).findFirst()).get().asString()
                .startsWith("Broker    amqp091: ").contains(" over amqp091; amqp10: ", " over amqp10; stream: ")
                .endsWith(" over stream");
        JsonNode all = ResultDocuments.readTree(dir);
        long published = 0;
        for (String g : new String[] {"amqp091", "amqp10", "stream"}) {
            JsonNode doc = ResultDocuments.readTree(dir.resolve("group-" + g));
            assertThat(doc.path("scenario").path("protocol").asText()).isEqualTo(g);
            JsonNode c = doc.path("counts");
            long p = c.path("published").asLong();
            assertThat(p).as(g).isBetween(100L, 200L); // 50 msg/s for 3 s
            assertThat(c.path("confirmed").asLong()).as(g).isEqualTo(p);
            assertThat(c.path("consumed").asLong()).as(g).isEqualTo(p);
            assertThat(c.path("lost").asLong() + c.path("duplicated").asLong() + c.path("foreign").asLong()).as(g)
                    .isZero();
            published += p;
        }
        assertThat(all.path("groups").findValuesAsText("instance")).containsExactly("amqp091", "amqp10", "stream");
        // All groups: one protocol and one address cannot describe them; each row says its own.
        assertThat(all.path("scenario").path("protocol").asText()).isEqualTo("per group");
        assertThat(all.path("scenario").path("uri").asText()).isEqualTo("per group");
        assertThat(all.path("groups").findValuesAsText("protocol")).containsExactly("amqp091", "amqp10", "stream");
        assertThat(all.path("groups").findValuesAsText("queueType")).containsExactly("quorum", "quorum", "stream");
        assertThat(Files.readString(dir.resolve("report.html")))
                .contains("<dt>Protocol</dt><dd>amqp091: amqp091; amqp10: amqp10; stream: stream</dd>");
        assertThat(all.path("counts").path("published").asLong()).isEqualTo(published);
        assertThat(all.path("counts").path("consumed").asLong()).isEqualTo(published);
        assertThat(all.path("latency").path("endToEnd").path("count").asLong()).isEqualTo(published);
        // The stream group's address is given with its password: no file and no line shows it.
        assertThat(all.path("scenario").path("arguments").toString()).contains("name=stream,protocol=stream")
                .doesNotContain(":guest@");
        assertThat(o.out()).doesNotContain(":guest@");
        assertThat(o.out()).containsPattern("amqp091 +[0-9,]+ +[0-9,]+ +[0-9,]+")
                .containsPattern("stream +[0-9,]+ +[0-9,]+ +[0-9,]+");
    }

    @Test
    void amqp091PublishersAndAmqp10ConsumersShareAQuorumQueueAndEveryMessageIsAccounted(RabbitMQBroker broker)
            throws Exception {
        String queue = "it-groups-shared-" + UUID.randomUUID().toString().substring(0, 8);
        Path dir = tmp.resolve("shared");
        CliOutcome o = CliOutcome.run("--uri", broker.uri(), "-z", "3s", "--no-broker-metrics",
                "--queue", queue, "--queue-type", "quorum", "--output-dir", dir.toString(), "--fail-if", "lost>0",
                "--group", "name=pub,protocol=amqp091,producers=2,consumers=0,rate=100,confirm=20",
                "--group", "name=sub,protocol=amqp10,producers=0,consumers=2,qos=50");
        assertThat(o.code()).as(o.out() + o.err()).isZero();
        JsonNode all = ResultDocuments.readTree(dir);
        JsonNode pub = ResultDocuments.readTree(dir.resolve("group-pub")).path("counts");
        JsonNode sub = ResultDocuments.readTree(dir.resolve("group-sub")).path("counts");
        long published = pub.path("published").asLong();
        assertThat(published).isBetween(300L, 700L); // 2 x 100 msg/s for 3 s
        assertThat(pub.path("confirmed").asLong()).isEqualTo(published);
        assertThat(pub.path("consumed").asLong()).isZero();
        // The AMQP 1.0 consumers read the AMQP 0.9.1 publishers' identities and sequences: every message
        // once, none lost, none taken for another run's.
        assertThat(sub.path("consumed").asLong()).isEqualTo(published);
        assertThat(sub.path("ownUnique").asLong()).isEqualTo(published);
        assertThat(sub.path("foreign").asLong() + sub.path("unidentified").asLong()).isZero();
        assertThat(sub.path("lost").asLong() + sub.path("duplicated").asLong()).isZero();
        assertThat(ResultDocuments.readTree(dir.resolve("group-sub")).path("latency").path("endToEnd").path("count")
                .asLong()).isEqualTo(published);
        JsonNode c = all.path("counts");
        assertThat(c.path("published").asLong()).isEqualTo(published);
        assertThat(c.path("consumed").asLong()).isEqualTo(published);
        assertThat(c.path("lost").asLong()).isZero();
        assertThat(all.path("gates").toString()).contains("Gate lost>0 passed on all 2 groups");
    }

    /** The stream port of the broker of {@code broker.uri()} (5553 beside 5673). */
    private static String streamUri(RabbitMQBroker broker) {
        java.net.URI amqp = java.net.URI.create(broker.uri());
        int port = amqp.getPort() == 5673 ? 5553 : 5552;
        return "rabbitmq-stream://guest:guest@" + amqp.getHost() + ":" + port + "/%2F";
    }
}
