package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.report.document.ResultDocuments;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --output-dir, the metrics options and the report subcommand, in process with the in-memory driver. */
class OutputsCliTest {
    @TempDir
    Path tmp;

    record Run(int code, String out, String err) {
    }

    static Run harness(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), Map.of());
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void outputDirGetsEveryFileAndAgreesWithTheConsole() throws Exception {
        Path dir = tmp.resolve("results/run-1");
        Run r = harness("--protocol", "in-memory", "-C", "3000", "-c", "20", "-i", "200ms", "--output-dir", dir.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        // A log for each metric the run recorded (unpaced, confirmed): none for publish delay or round trips.
        assertThat(r.out()).contains("Results in " + dir + ": end-to-end.hlog, confirm.hlog, "
                + "intervals.csv, result.json, report.html");
        JsonNode json = ResultDocuments.readTree(dir);
        assertThat(json.path("counts").path("published").asLong()).isEqualTo(3000);
        assertThat(r.out()).contains("published 3,000  confirmed " + String.format("%,d",
                json.path("counts").path("confirmed").asLong()));
        assertThat(r.out()).contains("Run " + json.path("runId").asText() + " finished");
        assertThat(Files.readAllLines(dir.resolve("intervals.csv"))).hasSize(1 + json.path("intervals").size());
        assertThat(dir.resolve("report.html")).isNotEmptyFile();
    }

    @Test
    void reportRendersOneRunAgainAndComparesSeveral() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        assertThat(harness("--protocol", "in-memory", "-C", "500", "--output-dir", a.toString()).code()).isZero();
        assertThat(harness("--protocol", "in-memory", "-C", "800", "-c", "10", "--output-dir", b.toString()).code())
                .isZero();
        Files.delete(a.resolve("report.html"));
        Run one = harness("report", a.toString());
        assertThat(one.code()).as(one.err()).isZero();
        assertThat(one.out().strip()).isEqualTo("Wrote " + a.resolve("report.html"));
        assertThat(Files.readString(a.resolve("report.html"))).contains("amqp-harness run " + ResultDocuments.readTree(a)
                .path("runId").asText());

        Path page = tmp.resolve("both.html");
        Run two = harness("report", a.toString(), b.resolve("result.json").toString(), "-o", page.toString());
        assertThat(two.code()).as(two.err()).isZero();
        assertThat(Files.readString(page)).contains("2 runs compared", "<th>a</th>", "<th>b</th>",
                "<code>--pmessages 500 --confirm (default)</code>", "<code>--pmessages 800 --confirm 10</code>");
    }

    @Test
    void aFileThatCannotBeWrittenIsOneSentenceAfterTheNumbersAndExitCodeOne() throws Exception {
        Files.createDirectories(tmp.resolve("result.json")); // a directory where the file should go
        Run r = harness("--protocol", "in-memory", "-C", "300", "--output-dir", tmp.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("published 300", "Latency (ms)");
        assertThat(r.out()).contains("Results in " + tmp + ": end-to-end.hlog, intervals.csv, report.html");
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err().strip()).startsWith("Cannot write " + tmp.resolve("result.json") + ": ").endsWith(".");
    }

    @Test
    void reportOfADirectoryWithoutResultsIsOneSentence() {
        Run r = harness("report", tmp.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("There is no result.json in " + tmp
                + ": give a directory written by --output-dir.");
        assertThat(harness("report").code()).isEqualTo(2);
    }

    @Test
    void anOutputDirThatIsAFileFailsBeforeTheRun() throws Exception {
        Path file = Files.writeString(tmp.resolve("taken"), "x");
        Run r = harness("--uri", "amqp://u:secret@127.0.0.1:1", "--output-dir", file.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("--output-dir " + file + " exists and is not a directory; give a directory.");
    }

    @Test
    void aBusyMetricsPortFailsBeforeTheRunWithOneSentence() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(0));
            int port = taken.getLocalPort();
            // An unreachable broker: the port must be checked before connecting.
            Run r = harness("--uri", "amqp://127.0.0.1:1", "--metrics-prometheus", "--metrics-port",
                    Integer.toString(port));
            assertThat(r.code()).isEqualTo(1);
            assertThat(r.err().strip()).matches("Cannot serve Prometheus metrics: port " + port + " is already in use by "
                    + "another process; choose another with --metrics-port, for example --metrics-port [0-9]+\\.");
            assertThat(r.out()).isEmpty();
        }
    }

    @Test
    void badMetricsOptionsAreUsageErrorsNamingTheOption() {
        Run tags = harness("--metrics-tags", "env");
        assertThat(tags.code()).isEqualTo(2);
        assertThat(tags.err().strip()).isEqualTo("Invalid value for option '--metrics-tags': 'env' is not key=value; use "
                + "key=value pairs separated by commas, for example env=test,host=node-1. Run with --help for usage.");
        Run port = harness("--metrics-port", "http");
        assertThat(port.code()).isEqualTo(2);
        assertThat(port.err().strip()).isEqualTo("Invalid value for option '--metrics-port': 'http' is not a port; use a "
                + "number from 1 to 65535 such as 9091, or 0 for any free port. Run with --help for usage.");
    }

    @Test
    void metricsAreServedDuringTheRun() {
        Run r = harness("--protocol", "in-memory", "-C", "200", "--metrics-prometheus", "--metrics-port", "0");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("^Prometheus metrics at http://localhost:[0-9]+/metrics\n");
    }
}
