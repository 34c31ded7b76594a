package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.report.document.ResultDocuments;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --request-reply} over both protocols against a real broker: every request answered, the round trip measured. */
@WithRabbitMQ
class RequestReplyIT {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void everyRequestIsAnsweredAndTheRoundTripMeasured(String protocol, RabbitMQBroker broker) throws Exception {
        Path dir = tmp.resolve(protocol);
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "--protocol", protocol, "--request-reply", "-r", "200",
                "-c", "20", "-z", "2s", "--fail-if", "round-trip.p99>10s", "--output-dir", dir.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        JsonNode json = ResultDocuments.readTree(dir);
        JsonNode latency = json.path("latency");
        assertThat(latency.path("roundTrip").path("count").asLong()).isEqualTo(400);
        // A reply comes back after its request arrived: the round trip is longer than the one-way trip.
        assertThat(latency.path("roundTrip").path("p50").asLong()).isGreaterThan(latency.path("endToEnd").path("p50").asLong());
        assertThat(latency.path("roundTrip").path("min").asLong()).isGreaterThan(latency.path("endToEnd").path("min").asLong());
        assertThat(json.path("counts").path("consumed").asLong()).isEqualTo(400);
        assertThat(json.path("leftInQueues").asLong()).isZero();
        assertThat(json.path("scenario").path("consuming").path("requestReply").asText()).isEqualTo("queue");
        String runId = json.path("runId").asText();
        assertThat(json.path("notes").toString()).contains("Request/reply: consumers answered 400 requests through "
                + "harness-" + runId + "-replies; 400 replies came back.");
        assertThat(r.out()).contains("\n  round trip  ", "ok   Gate round-trip.p99>10s passed: round trip p99 was");
        assertThat(replyQueueExists(broker, "harness-" + runId + "-replies")).as("the reply queue is deleted").isFalse();
    }

    @Test
    void directReplyToAnswersEveryRequestWithoutAQueue(RabbitMQBroker broker) throws Exception {
        Path dir = tmp.resolve("direct");
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "--request-reply", "direct", "-r", "200", "-z", "2s",
                "--output-dir", dir.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        JsonNode json = ResultDocuments.readTree(dir);
        assertThat(json.path("latency").path("roundTrip").path("count").asLong()).isEqualTo(400);
        assertThat(json.path("notes").toString()).contains("Request/reply: consumers answered 400 requests through "
                + "direct reply-to; 400 replies came back.");
        assertThat(json.path("scenario").path("consuming").path("requestReply").asText()).isEqualTo("direct");
        assertThat(replyQueueExists(broker, "harness-" + json.path("runId").asText() + "-replies")).isFalse();
        JarRunner.Result amqp10 = JarRunner.run("--protocol", "amqp10", "--request-reply", "direct");
        assertThat(amqp10.exitCode()).isEqualTo(2);
        assertThat(amqp10.err().strip()).isEqualTo("--request-reply direct uses AMQP 0.9.1 direct reply-to, which "
                + "--protocol amqp10 does not have; use --request-reply queue.");
    }

    @Test
    void requestReplyNeedsConsumersAndARoundTripGateNeedsRequestReply() throws Exception {
        JarRunner.Result r = JarRunner.run("--request-reply", "-y", "0");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("--request-reply needs publishers to send requests and consumers to "
                + "answer them, but -y is 0.");
        JarRunner.Result gate = JarRunner.run("--fail-if", "round-trip.p99>5ms");
        assertThat(gate.exitCode()).isEqualTo(2);
        assertThat(gate.err().strip()).isEqualTo("--fail-if 'round-trip.p99>5ms' measures something this run does not "
                + "record: it needs --request-reply (consumers answering each message).");
    }

    private static boolean replyQueueExists(RabbitMQBroker broker, String queue) throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDeclarePassive(queue);
            return true;
        } catch (IOException e) {
            return false; // 404: the passive declare closed the channel
        }
    }
}
