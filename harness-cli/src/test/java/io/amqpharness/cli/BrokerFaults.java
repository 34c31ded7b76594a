package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.WithRabbitMQ4;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Faults on the RabbitMQ 4.0 of {@code scripts/rabbitmq4.sh} in the middle of a harness run, and
 * reading the run's summary, for {@link RecoveryIT} (restarts) and {@link ConnectionLossIT}
 * (connections closed from the broker's side). A fault comes a fixed time after the run declared
 * its queue, just before it starts publishing: a fixed delay from the JVM's start came before the
 * run's connections when a loaded machine was slow to start it.
 */
final class BrokerFaults {
    static final Path SCRIPT = Path.of("..", "scripts", "rabbitmq4.sh");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private BrokerFaults() {
    }

    /**
     * Runs on a queue of its own ({@code --queue}), with {@code fault} {@code millis} after the run declared it;
     * deletes the queue afterwards for a run that failed.
     */
    static JarRunner.Result runWithFaultInto(long millis, Runnable fault, String... args) throws Exception {
        String queue = newQueue();
        try {
            return runWhile(() -> {
                awaitQueue(queue);
                sleep(millis);
                fault.run();
            }, plus(args, "--queue", queue));
        } finally {
            deleteQuietly(queue); // the run deletes the queue it made; this is for a run that failed
        }
    }

    /**
     * As {@link #runWithFaultInto}, as the jar in a process of its own, which gets Ctrl-C (SIGINT)
     * {@code endMillis} after the fault is over: the run lasts as long as the fault takes to make (rabbitmqctl
     * once took over 6 s on a loaded machine, past the end of a fixed 8 s run), plus that much. Give the run a
     * time limit well beyond both; it ends with exit code 130.
     */
    static JarRunner.Result runJarEndingAfterFault(long millis, Runnable fault, long endMillis, String... args)
            throws Exception {
        return runJarsEndingAfterFault(millis, fault, endMillis, List.<String[]>of(args)).get(0);
    }

    /**
     * As {@link #runJarEndingAfterFault}, for several runs at once, each on a queue of its own, with one fault
     * {@code millis} after every run declared its queue: one broker restart serves them all.
     */
    static List<JarRunner.Result> runJarsEndingAfterFault(long millis, Runnable fault, long endMillis,
                                                          List<String[]> runs) throws Exception {
        List<String> queues = new ArrayList<>();
        List<String[]> all = new ArrayList<>();
        for (String[] args : runs) {
            String queue = newQueue();
            queues.add(queue);
            all.add(plus(args, "--queue", queue, "--no-broker-metrics"));
        }
        // Threads of their own: the common pool may have a single thread on a 2-core machine.
        ExecutorService threads = Executors.newFixedThreadPool(runs.size() + 1);
        try {
            Future<?> faulted = threads.submit(() -> {
                queues.forEach(BrokerFaults::awaitQueue);
                sleep(millis);
                fault.run();
            });
            List<Future<JarRunner.Result>> started = new ArrayList<>();
            for (String[] a : all) {
                started.add(threads.submit(() -> JarRunner.runJarInterrupted(faulted, endMillis, a)));
            }
            List<JarRunner.Result> results = new ArrayList<>();
            for (Future<JarRunner.Result> f : started) {
                try {
                    results.add(f.get());
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Error err ? err : new AssertionError(e.getCause());
                }
            }
            return results;
        } finally {
            threads.shutdownNow();
            for (String queue : queues) {
                deleteQuietly(queue); // the runs delete the queues they made; this is for runs that failed
            }
        }
    }

    /** A queue name of a fault run's own. */
    private static String newQueue() {
        return "recovery-it-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static String[] plus(String[] args, String... more) {
        String[] all = Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    /** Deletes a queue if the broker answers; while it is still starting, the assertions say what went wrong. */
    private static void deleteQuietly(String queue) throws InterruptedException {
        try {
            deleteQueue(queue);
        } catch (java.io.IOException e) {
            // the broker is still starting
        }
    }

    /** Runs the command line (without broker metrics) while {@code fault} runs on a thread of its own. */
    static JarRunner.Result runWhile(Runnable fault, String... args) throws Exception {
        Thread t = new Thread(fault);
        t.start();
        // The broker's counters restart with it: a broker-metrics cross-check would only wait for them.
        String[] all = plus(args, "--no-broker-metrics");
        try {
            return JarRunner.run(all);
        } finally {
            t.join(60_000);
        }
    }

    static void deleteQueue(String queue) throws java.io.IOException, InterruptedException {
        HTTP.send(management(queue).DELETE().build(), HttpResponse.BodyHandlers.discarding());
    }

    /**
     * Waits (up to 30 s) until the 4.0 broker's management API knows the queue; throws if it never does (a fault
     * made after the run would make its test fail for a reason it could not tell).
     */
    static void awaitQueue(String queue) {
        HttpRequest get = management(queue).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                if (HTTP.send(get, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException e) {
                // not answering yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            sleep(100);
        }
        throw new IllegalStateException("the 4.0 broker's management API did not show queue " + queue + " within 30 s");
    }

    private static HttpRequest.Builder management(String queue) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + WithRabbitMQ4.LOCAL_MANAGEMENT_PORT
                        + "/api/queues/%2F/" + queue))
                .header("Authorization", "Basic " + Base64.getEncoder()
                        .encodeToString("guest:guest".getBytes(StandardCharsets.UTF_8)));
    }

    /** {@code rabbitmqctl ARGS} against the 4.0 broker; its output. */
    static String ctl(String... args) {
        try {
            List<String> command = new ArrayList<>(List.of(SCRIPT.toString(), "ctl"));
            command.addAll(List.of(args));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(60, TimeUnit.SECONDS);
            return out;
        } catch (Exception e) {
            throw new IllegalStateException("rabbitmqctl " + String.join(" ", args) + " failed", e);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The largest end-to-end latency of the summary's ladder, in milliseconds. */
    static double endToEndMaxMillis(String out) {
        String line = out.lines().filter(l -> l.startsWith("  end-to-end ")).findFirst().orElseThrow();
        String[] columns = line.trim().split(" +"); // end-to-end, min, p50 ... p99.99, max, count
        return Double.parseDouble(columns[9].replace(",", ""));
    }

    /** The count after {@code label} in the summary, which prints the label only when the count is not 0. */
    static long countOrZero(String text, String label) {
        return text.contains(label) ? number(text, Pattern.quote(label) + "([0-9,]+)") : 0;
    }

    static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("'%s' in:%n%s", regex, text).isTrue();
        return Long.parseLong(m.group(1).replace(",", ""));
    }
}
