package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.rabbitmq.stream.Address;
import com.rabbitmq.stream.Environment;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.scenario.BrokerUri;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --instances N --protocol stream}: the children meet at a barrier over the stream protocol (3.10's
 * stream port).
 */
@WithRabbitMQ
class StreamInstancesIT {
    @TempDir
    Path tmp;

    /** F13 (and F2 with --instances): two children, each with a stream of its own and one shared, named producers. */
    @Test
    void twoLocalStreamInstancesMeetAtTheBarrierAndMergeWithExactCounts(RabbitMQBroker broker) throws Exception {
        BrokerUri amqp = BrokerUri.parse(broker.uri()).orElseThrow();
        org.junit.jupiter.api.Assumptions.assumeTrue(amqp.port() == 5672, "the 3.10 broker's stream port is 5552");
        String uri = "rabbitmq-stream://" + amqp.username() + ":" + amqp.password() + "@" + amqp.host() + ":5552/%2F";
        Path dir = tmp.resolve("stream-2");
        String stream = "it-stream-instances-" + UUID.randomUUID().toString().substring(0, 8);
        // --keep-topology: the instance that created the stream would delete it when it ends, maybe before the other
        try (Environment env = Environment.builder().host(amqp.host()).port(5552).username(amqp.username())
                .password(amqp.password()).addressResolver(a -> new Address(amqp.host(), 5552)).build()) {
            try {
                JarRunner.Result r = JarRunner.run("--protocol", "stream", "--uri", uri, "--instances", "2",
                        "-x", "1", "-y", "1", "-r", "200", "-c", "50", "-C", "200", "--queue", stream, "--producer-names", "%s-%i-%d",
                        "--keep-topology", "--no-broker-metrics", "--output-dir", dir.toString());
                assertThat(r.exitCode()).as(r.all()).isZero();
                assertThat(r.out()).contains("Started 2 instances (local-0 to local-1)",
                        "Merged 2 of 2 instances into " + dir);
                JsonNode merged = ResultDocuments.readTree(dir);
                for (int k = 0; k < 2; k++) {
                    JsonNode part = ResultDocuments.readTree(dir.resolve("instance-" + k));
                    assertThat(part.path("instance").asText()).isEqualTo("local-" + k);
                    assertThat(part.path("notes").toString()).contains("Instance local-" + k + " waited ");
                    assertThat(part.path("counts").path("confirmed").asLong()).isEqualTo(200);
                }
                JsonNode c = merged.path("counts");
                assertThat(c.path("published").asLong()).isEqualTo(400);
                assertThat(c.path("confirmed").asLong()).isEqualTo(400);
                assertThat(c.path("nacked").asLong()).isZero();
                // Each instance's consumer read the shared stream: every message its instance confirmed was stored
                // (the producers' names differ, so the broker dropped none as another's duplicate).
                assertThat(c.path("ownUnique").asLong()).isEqualTo(400);
                assertThat(c.path("lost").asLong() + c.path("duplicated").asLong() + c.path("inDoubt").asLong())
                        .isZero();
                java.util.regex.Matcher barrier = java.util.regex.Pattern.compile("at the barrier '([^']+)'")
                        .matcher(ResultDocuments.readTree(dir.resolve("instance-0")).path("notes").toString());
                assertThat(barrier.find()).isTrue();
                assertThat(env.streamExists("harness.barrier." + barrier.group(1))).as("the barrier's stream, deleted")
                        .isFalse();
            } finally {
                if (env.streamExists(stream)) {
                    env.deleteStream(stream);
                }
            }
        }
    }
}
