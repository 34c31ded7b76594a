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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The final wait for the broker's counters, shortened by {@link BrokerMonitor#FINAL_WAIT_PROPERTY} (the
 * suite sets it to 0 where a run does not test the broker's counters): a Prometheus endpoint that answers
 * the first sample and then fails makes the monitor retry until the wait ends, so the number of attempts
 * after the first sample tells how long it waited.
 */
class BrokerMonitorFinalWaitTest {
    private static final BrokerInfo RABBITMQ = new BrokerInfo("RabbitMQ", "3.10.8", "Erlang/OTP 25", Map.of());
    private final AtomicBoolean failing = new AtomicBoolean();
    private final AtomicInteger nodeScrapes = new AtomicInteger();
    private HttpServer server;
    private final String saved = System.getProperty(BrokerMonitor.FINAL_WAIT_PROPERTY);

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
        if (saved == null) {
            System.clearProperty(BrokerMonitor.FINAL_WAIT_PROPERTY);
        } else {
            System.setProperty(BrokerMonitor.FINAL_WAIT_PROPERTY, saved);
        }
    }

    /** Attempts at the last sample, after the first one, with the final wait set to {@code millis}. */
    private int finalAttempts(long millis) throws IOException {
        System.setProperty(BrokerMonitor.FINAL_WAIT_PROPERTY, Long.toString(millis));
        return finalAttempts(Optional.empty());
    }

    /** Attempts at the last sample, after the first one, with {@code --broker-metrics-wait} as given. */
    private int finalAttempts(Optional<Duration> option) throws IOException {
        if (server != null) {
            server.stop(0);
        }
        failing.set(false);
        for (int attempt = 0; attempt < 20; attempt++) {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            if (server.getAddress().getPort() > 10_020 + 1024) {
                break;
            }
            server.stop(0);
        }
        server.createContext("/metrics", this::answer);
        server.start();
        // The derived Prometheus endpoint is the AMQP port + 10020; nothing answers the derived management port.
        Scenario s = Scenario.builder().protocol("in-memory")
                .uri("amqp://guest:guest@127.0.0.1:" + (server.getAddress().getPort() - 10_020) + "/%2F")
                .brokerMetricsWait(option.orElse(null)).build();
        BrokerMonitor m = BrokerMonitor.open(s, RABBITMQ, List.of("q"), System::nanoTime).orElseThrow();
        assertThat(m.unavailable()).isEmpty();
        int before = nodeScrapes.get();
        failing.set(true);
        m.finish(System.nanoTime(), new CrossCheck.HarnessCounts(10, OptionalLong.of(10), 10, true, Optional.empty()),
                0, s);
        return nodeScrapes.get() - before;
    }

    private void answer(HttpExchange ex) throws IOException {
        boolean node = !ex.getRequestURI().getPath().endsWith("/detailed");
        if (node) {
            nodeScrapes.incrementAndGet();
        }
        byte[] bytes = failing.get() ? new byte[0] : Fixtures.read(node ? "prometheus-4.0-metrics.txt"
                : "prometheus-3.10-detailed.txt").getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(failing.get() ? 500 : 200, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Test
    void aZeroFinalWaitTakesTheLastSampleOnce() throws Exception {
        assertThat(finalAttempts(0)).isEqualTo(1);
    }

    @Test
    void aFinalWaitRetriesASampleThatFailsUntilItEnds() throws Exception {
        // Retries every 500 ms: a 1.2 s wait makes at least two attempts whatever the machine's load.
        assertThat(finalAttempts(1_200)).isGreaterThanOrEqualTo(2);
    }

    @Test
    void theRunsOwnFinalWaitOverridesTheSuitesDefault() throws Exception {
        System.setProperty(BrokerMonitor.FINAL_WAIT_PROPERTY, "0");
        assertThat(finalAttempts(Optional.of(Duration.ofMillis(1_200)))).isGreaterThanOrEqualTo(2);
        System.setProperty(BrokerMonitor.FINAL_WAIT_PROPERTY, "60000");
        assertThat(finalAttempts(Optional.of(Duration.ZERO))).isEqualTo(1);
    }
}
