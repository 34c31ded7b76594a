package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.junit.Await;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.report.document.ResultDocuments;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Result files, the report subcommand and the Prometheus endpoint against a real broker. */
@WithRabbitMQ
class OutputsIT {
    @TempDir
    Path tmp;

    @Test
    void theJarWritesFilesThatAgreeWithTheConsoleAndRendersThemAgain(RabbitMQBroker broker) throws Exception {
        Path first = tmp.resolve("quorum");
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "--queue-type", "quorum", "-r", "400", "-c", "50",
                "-q", "100", "--multi-ack-every", "10", "-z", "3s", "--output-dir", first.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        JsonNode json = ResultDocuments.readTree(first);

        assertThat(json.path("counts").path("published").asLong()).isEqualTo(number(r.out(), "\n  published ([0-9,]+)"));
        assertThat(json.path("counts").path("confirmed").asLong()).isEqualTo(number(r.out(), "  confirmed ([0-9,]+)  nacked"));
        assertThat(json.path("counts").path("consumed").asLong()).isEqualTo(number(r.out(), "\n  consumed ([0-9,]+)"));
        assertThat(json.path("counts").path("published").asLong()).isBetween(1_100L, 1_300L);
        assertThat(r.out()).contains("Run " + json.path("runId").asText() + " finished");
        assertThat(json.path("broker").path("product").asText()).isEqualTo("RabbitMQ");
        assertThat(json.path("scenario").path("topology").path("queueType").asText()).isEqualTo("quorum");
        assertThat(Files.readString(first.resolve("result.json"))).doesNotContain("guest:guest");

        Map<String, String> logs = Map.of("end-to-end.hlog", "endToEnd", "confirm.hlog", "confirm",
                "publish-delay.hlog", "publishDelay");
        for (Map.Entry<String, String> log : logs.entrySet()) {
            assertThat(totalCount(first.resolve(log.getKey()))).as(log.getKey())
                    .isEqualTo(json.path("latency").path(log.getValue()).path("count").asLong())
                    .isPositive();
        }
        List<String> csv = Files.readAllLines(first.resolve("intervals.csv"));
        assertThat(csv).hasSize(1 + json.path("intervals").size());
        assertThat(first.resolve("report.html")).isNotEmptyFile();

        Files.delete(first.resolve("report.html"));
        JarRunner.Result again = JarRunner.run("report", first.toString());
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(Files.readString(first.resolve("report.html"))).contains("amqp-harness run " + json.path("runId").asText())
                .doesNotContainPattern("(?i)<script[^>]*\\ssrc\\s*=");

        Path second = tmp.resolve("classic");
        assertThat(JarRunner.run("--uri", broker.uri(), "-r", "400", "-z", "2s", "--output-dir", second.toString())
                .exitCode()).isZero();
        Path page = tmp.resolve("compare.html");
        JarRunner.Result compare = JarRunner.run("report", first.toString(), second.toString(), "-o", page.toString());
        assertThat(compare.exitCode()).as(compare.all()).isZero();
        assertThat(Files.readString(page)).contains("2 runs compared", "<th>quorum</th>", "<th>classic</th>");
    }

    @Test
    void prometheusCanBeScrapedWhileTheRunGoes(RabbitMQBroker broker) throws Exception {
        Latch out = new Latch();
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Main.execute(new String[] {
            "--uri", broker.uri(), "-r", "300", "-c", "50", "-z", "4s", "--metrics-prometheus", "--metrics-port", "0",
            "--metrics-tags", "env=it", "--instance", "it-1"}, new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true), Map.of()));
        String url = out.await("Prometheus metrics at (http://\\S+)", 20);
        HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
        String scrape = Await.until("a scrape with end-to-end latencies", Duration.ofSeconds(10),
                () -> http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString()).body(),
                s -> s.matches("(?s).*harness_end_to_end_latency_seconds_count\\{env=\"it\",harness_instance=\"it-1\"} [1-9].*"));
        // --instance labels every series harness_instance (Prometheus keeps instance for the target).
        assertThat(scrape).containsPattern("harness_published_total\\{env=\"it\",harness_instance=\"it-1\"} [1-9]");
        assertThat(scrape).containsPattern("harness_end_to_end_latency_seconds_bucket\\{env=\"it\",harness_instance=\"it-1\","
                + "le=\"\\+Inf\"} [1-9]");
        assertThat(scrape).containsPattern("harness_run_info\\{broker_version=\"" + Pattern.quote(broker.version()) + "\"");
        assertThat(run.get(60, TimeUnit.SECONDS)).isZero();
    }

    private static long totalCount(Path hlog) throws Exception {
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        Histogram total = new Histogram(3);
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
            total.add((Histogram) h);
        }
        reader.close();
        return total.getTotalCount();
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("'%s' in:%n%s", regex, text).isTrue();
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    /** Collects what the CLI prints and lets the test wait for a line. */
    private static final class Latch extends Writer {
        private final StringBuilder text = new StringBuilder();

        @Override
        public synchronized void write(char[] c, int off, int len) {
            text.append(c, off, len);
            notifyAll();
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }

        synchronized String await(String regex, int seconds) throws InterruptedException {
            long end = System.currentTimeMillis() + seconds * 1000L;
            Pattern p = Pattern.compile(regex);
            while (true) {
                Matcher m = p.matcher(text);
                if (m.find()) {
                    return m.group(1);
                }
                long left = end - System.currentTimeMillis();
                assertThat(left).as("waiting for %s in:%n%s", regex, text).isPositive();
                wait(left);
            }
        }
    }
}
