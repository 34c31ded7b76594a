package io.amqpharness.smoke.truth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.amqpharness.junit.oracle.JudgedRun;
import io.amqpharness.junit.oracle.Oracle;
import io.amqpharness.result.RunStart;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.run.RunListener;
import io.amqpharness.scenario.ScenarioException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one cell through the oracle: one run, or two instances at once on a shared stream, ended
 * by its time, its message count or the library's stop (as Ctrl-C does), with the cell's fault
 * made while it publishes. Returns one judged run per instance.
 */
final class CellRunner {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Map<String, Oracle> oracles = new ConcurrentHashMap<>();

    /** What a cell gave: the judged runs, or the sentence the harness refused the scenario with. */
    record Outcome(List<JudgedRun> runs, String refused) {
    }

    Outcome run(Cell cell) {
        // 5 s of silence before a stream reader concludes: the campaign shares a loaded machine.
        Oracle oracle = oracles.computeIfAbsent(cell.amqpUri(), u -> Oracle.reading(u, Duration.ofSeconds(5)));
        try {
            if (cell.instances() > 1) {
                return new Outcome(instances(cell, oracle), null);
            }
            if (cell.ending().equals("ctrl-c")) {
                return new Outcome(List.of(CtrlCCell.run(cell, oracle)), null);
            }
            return new Outcome(List.of(one(cell, oracle, cell.scenario())), null);
        } catch (ScenarioException e) {
            return new Outcome(List.of(), e.getMessage());
        }
    }

    private JudgedRun one(Cell cell, Oracle oracle, io.amqpharness.scenario.Scenario scenario) {
        LoadRunner runner = new LoadRunner(scenario);
        AtomicReference<String> runId = new AtomicReference<>();
        CountDownLatch started = new CountDownLatch(1);
        runner.listener(new RunListener() {
            @Override
            public void started(RunStart start) {
                runId.set(start.runId());
                started.countDown();
            }
        });
        Thread side = null;
        if (cell.ending().equals("stop") || !cell.fault().equals("none")) {
            side = new Thread(() -> {
                try {
                    if (!started.await(30, TimeUnit.SECONDS)) {
                        return;
                    }
                    if (!cell.fault().equals("none")) {
                        Thread.sleep(2_000);
                        fault(cell, runId.get());
                    }
                    if (cell.ending().equals("stop")) {
                        Thread.sleep(cell.seconds() * 1_000L);
                        runner.stop();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "truth-side");
            side.setDaemon(true);
            side.start();
        }
        try {
            return oracle.run(runner);
        } finally {
            if (side != null && cell.fault().equals("none")) {
                side.interrupt();
            } else if (side != null) {
                awaitFault(side); // a stopped node must be back before the next cell
            }
        }
    }

    private static void awaitFault(Thread side) {
        try {
            side.join(TimeUnit.MINUTES.toMillis(15));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Two runs at once on one stream, with one start time; the stream is deleted after both were read. */
    private List<JudgedRun> instances(Cell cell, Oracle oracle) {
        String shared = "truth-shared-" + Long.toHexString(System.nanoTime());
        Instant at = Instant.now().plusSeconds(4);
        List<io.amqpharness.scenario.Scenario> scenarios = new ArrayList<>();
        for (int i = 0; i < cell.instances(); i++) {
            scenarios.add(cell.scenario(i, shared, at)); // a refusal shows here, before anything runs
        }
        // Made before the instances start, as a deployment's would be: two runs creating one stream at once on
        // RabbitMQ 4.0 have one fail with "Not leader available" (noted in docs/output.md).
        declareStream(cell.amqpUri(), shared);
        List<Thread> threads = new ArrayList<>();
        JudgedRun[] runs = new JudgedRun[cell.instances()];
        RuntimeException[] failed = new RuntimeException[cell.instances()];
        try {
            for (int i = 0; i < cell.instances(); i++) {
                int k = i;
                Thread t = new Thread(() -> {
                    try {
                        runs[k] = one(cell, oracle, scenarios.get(k));
                    } catch (RuntimeException e) {
                        failed[k] = e;
                    }
                }, "truth-instance-" + i);
                t.start();
                threads.add(t);
            }
            for (Thread t : threads) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the instances ran", e);
        } finally {
            deleteQueue(cell.amqpUri(), shared);
        }
        for (RuntimeException e : failed) {
            if (e != null) {
                throw e;
            }
        }
        return List.of(runs);
    }

    private static void declareStream(String amqpUri, String queue) {
        ConnectionFactory f = new ConnectionFactory();
        try {
            f.setUri(amqpUri);
            try (Connection c = f.newConnection("truth-setup")) {
                c.createChannel().queueDeclare(queue, true, false, false, Map.of("x-queue-type", "stream"));
            }
            Thread.sleep(500); // a new stream's leader takes a moment
        } catch (Exception e) {
            throw new IllegalStateException("could not declare the shared stream " + queue + ": " + e, e);
        }
    }

    private static void deleteQueue(String amqpUri, String queue) {
        ConnectionFactory f = new ConnectionFactory();
        try {
            f.setUri(amqpUri);
            try (Connection c = f.newConnection("truth-cleanup")) {
                c.createChannel().queueDelete(queue);
            }
        } catch (Exception e) {
            System.out.println("  (could not delete " + queue + ": " + e + ")");
        }
    }

    /** The cell's fault. Only the run's own connections are closed; the other faults touch a whole broker. */
    private static void fault(Cell cell, String runId) {
        try {
            switch (cell.fault()) {
                case "close" -> closeConnectionsSoon(cell.managementUri(), runId);
                case "restart" -> {
                    script("rabbitmq4.sh", "ctl", "stop_app");
                    Thread.sleep(2_000);
                    script("rabbitmq4.sh", "ctl", "start_app");
                }
                case "node-stop" -> ClusterNodeStop.stopFor(Path.of("..", "scripts"), 2, 3);
                default -> { }
            }
        } catch (Exception e) {
            System.out.println("  (the fault " + cell.fault() + " failed: " + e + ")");
        }
    }

    /**
     * Closes the run's connections once the management API lists them: it lists a new connection only
     * after its next statistics emission (every 5 s by default), so a close right after the start
     * would find none. Tries for up to 10 s.
     */
    private static void closeConnectionsSoon(String api, String runId) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (closeConnectionsOrNone(api, runId) == 0) {
            if (System.nanoTime() > deadline) {
                System.out.println("  (the management API listed no connection of run " + runId + " in 10 s)");
                return;
            }
            Thread.sleep(500);
        }
    }

    /** As {@link #closeConnectionsOf}, with 0 when the management API did not answer (a loaded node): try again. */
    private static int closeConnectionsOrNone(String api, String runId) throws InterruptedException {
        try {
            return closeConnectionsOf(api, runId);
        } catch (java.io.IOException e) {
            System.out.println("  (the management API did not answer: " + e + ")");
            return 0;
        }
    }

    /**
     * Closes, through the management API, every connection whose name or client properties carry
     * {@code runId}: AMQP connections ({@code /connections}) and stream connections ({@code /stream/connections}).
     */
    static int closeConnectionsOf(String api, String runId) throws java.io.IOException, InterruptedException {
        String auth = "Basic " + Base64.getEncoder().encodeToString("guest:guest".getBytes(StandardCharsets.UTF_8));
        int closed = 0;
        for (String kind : List.of("/connections", "/stream/connections")) {
            HttpResponse<String> list = HTTP.send(HttpRequest.newBuilder(URI.create(api + kind))
                    .header("Authorization", auth).timeout(Duration.ofSeconds(5)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (list.statusCode() != 200) {
                continue;
            }
            for (JsonNode c : JSON.readTree(list.body())) {
                if (!c.toString().contains(runId)) {
                    continue;
                }
                String name = encode(c.path("name").asText());
                String path = kind.equals("/connections") ? kind + "/" + name
                        : kind + "/" + encode(c.path("vhost").asText("/")) + "/" + name;
                HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(api + path))
                        .header("Authorization", auth).header("X-Reason", "truth campaign fault")
                        .timeout(Duration.ofSeconds(5)).DELETE().build(), HttpResponse.BodyHandlers.ofString());
                closed += r.statusCode() / 100 == 2 ? 1 : 0;
            }
        }
        if (closed > 0) {
            System.out.println("  (closed " + closed + " connections of run " + runId + ")");
        }
        return closed;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static void script(String name, String... args) throws Exception {
        Path script = Path.of("..", "scripts", name);
        List<String> command = new ArrayList<>(List.of(script.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(name + " " + String.join(" ", args) + " failed: " + out.strip());
        }
    }
}
