package io.amqpharness.amqp10.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.Await;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;
import io.amqpharness.scenario.BrokerUri;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A connection the broker drops is noticed by its shared selector thread, which tells the links
 * once. On RabbitMQ 4.x: 3.10's AMQP 1.0 plugin keeps the socket open when its connection is
 * closed from the management API.
 */
@WithRabbitMQ4
class IoLoopsOnRabbitMQ4IT {
    private final RabbitMQBroker broker;

    IoLoopsOnRabbitMQ4IT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** Closes the broker's side of the connection from this local port, through the management API. */
    private void closeOnBroker(int port) throws Exception {
        var api = broker.management().orElseThrow();
        var conn = Await.until("the broker to list the connection from port " + port, Duration.ofSeconds(20),
                () -> java.util.stream.StreamSupport.stream(api.get("/api/connections").orElseThrow().spliterator(), false)
                        .filter(c -> c.path("peer_port").asInt() == port).findFirst(),
                Optional::isPresent).orElseThrow();
        String path = "/api/connections/" + java.net.URLEncoder.encode(conn.path("name").asText(),
                java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
        URI base = broker.managementUri().orElseThrow();
        var request = java.net.http.HttpRequest.newBuilder(base.resolve(path)).DELETE()
                .header("Authorization", "Basic " + java.util.Base64.getEncoder()
                        .encodeToString("guest:guest".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .build();
        var response = java.net.http.HttpClient.newHttpClient().send(request,
                java.net.http.HttpResponse.BodyHandlers.discarding());
        assertThat(response.statusCode()).isBetween(200, 299);
    }

    @Test
    void aConnectionTheBrokerClosesTellsItsListenerOnce() throws Exception {
        BrokerUri uri = BrokerUri.parse(broker.uri()).orElseThrow();
        String name = "it-loops-closed-" + System.nanoTime();
        EngineConnection c = EngineConnection.open(name, uri, Optional.empty(), 10_000);
        CountDownLatch told = new CountDownLatch(1);
        List<String> sentences = new java.util.concurrent.CopyOnWriteArrayList<>();
        c.addListener(new EngineConnection.Listener() {
            @Override
            public void connectionFailed(String sentence, Throwable cause) {
                sentences.add(sentence);
                told.countDown();
            }
        });
        try {
            c.locked(() -> c.engineConnection().session().open()); // RabbitMQ 3.x lists a connection once it has a session
            closeOnBroker(c.localPort().orElseThrow());
            assertThat(told.await(30, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(200); // not a wait for a fact: a second notification, which must not come, would come by then
            assertThat(sentences).hasSize(1);
            assertThat(c.failure()).isNotNull();
        } finally {
            c.close(1_000);
        }
    }
}
