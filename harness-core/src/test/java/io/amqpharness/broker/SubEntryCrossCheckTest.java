package io.amqpharness.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerInfo;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Stream runs with {@code --sub-entry-size} above 1: the broker counts stream entries (each a batch of
 * 1 to N messages), the harness messages, so the counts agree when the broker's lies between the
 * harness's over N and the harness's, and the line says they are entries.
 */
class SubEntryCrossCheckTest {
    private static final BrokerInfo RABBITMQ = new BrokerInfo("RabbitMQ", "3.10.8", "Erlang/OTP 25", Map.of());
    private HttpServer server;
    private volatile long entries;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** A Prometheus endpoint whose node counters say {@link #entries} entries were received and delivered. */
    private String prometheus() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/metrics", this::answer);
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/metrics";
    }

    private void answer(HttpExchange ex) throws IOException {
        String body = ex.getRequestURI().getPath().endsWith("/detailed") ? ""
                : "rabbitmq_global_messages_received_total{protocol=\"stream\"} " + (100 + entries) + "\n"
                + "rabbitmq_global_messages_delivered_total{protocol=\"stream\"} " + (100 + entries) + "\n";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(200, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private Outcome run(int subEntrySize, long brokerEntries) throws IOException {
        Scenario s = Scenario.builder().protocol("stream").uri("rabbitmq-stream://guest:guest@127.0.0.1:5552/%2F")
                .brokerMetrics(prometheus()).brokerMetricsWait(java.time.Duration.ZERO).subEntrySize(subEntrySize)
                .build();
        BrokerMonitor m = BrokerMonitor.open(s, RABBITMQ, List.of("stream-q"), System::nanoTime).orElseThrow();
        m.start(System.nanoTime());
        entries = brokerEntries;
        BrokerMonitor.Outcome o = m.finish(System.nanoTime(),
                new CrossCheck.HarnessCounts(25_000, OptionalLong.of(25_000), 25_000, true, Optional.empty()), 5_000, s);
        return new Outcome(o.report().crossCheck().orElseThrow(), o.notes());
    }

    private record Outcome(CrossCheck check, List<String> notes) {
    }

    @Test
    void entriesOfUpToTenMessagesAgreeWithTheHarnesssMessages() throws IOException {
        Outcome o = run(10, 10_738);
        assertThat(o.check().verdict()).isEqualTo(CrossCheck.Verdict.AGREE);
        assertThat(o.check().line()).contains("published 10,738 entries (harness 25,000 messages: 2,500 to 25,000 "
                + "entries of up to 10)");
        assertThat(o.notes()).isEmpty();
    }

    @Test
    void fewerEntriesThanTheMessagesCouldFillIsADifference() throws IOException {
        Outcome o = run(10, 2_000);
        assertThat(o.check().verdict()).isEqualTo(CrossCheck.Verdict.DIFFER);
        assertThat(o.notes()).anySatisfy(n -> assertThat(n).contains("2,000 stream entries published")
                .contains("the 25,000 messages the harness published make 2,500 to 25,000 entries of up to 10"));
    }

    @Test
    void withoutSubEntriesMessagesAreComparedOneForOne() throws IOException {
        Outcome o = run(1, 25_000);
        assertThat(o.check().verdict()).isEqualTo(CrossCheck.Verdict.AGREE);
        assertThat(o.check().line()).startsWith("published 25,000 (harness 25,000)");
    }

    @Test
    void aStreamsGrowthIsCalledConsumerLag() {
        Scenario s = Scenario.builder().protocol("stream").uri("rabbitmq-stream://127.0.0.1:5552").build();
        QueueGrowth g = new QueueGrowth("harness", 4_832, java.time.Duration.ofSeconds(5), 966.4, true);
        assertThat(BrokerNotes.growth(g, BrokerMetricsReport.unavailable("-"), 5_000, s))
                .startsWith("The consumers fell 4,832 messages behind the stream while publishing (consumer lag)")
                .doesNotContain("queues grew");
    }
}
