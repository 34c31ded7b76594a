package io.amqpharness.cli;

import io.amqpharness.broker.BrokerMonitor;
import io.amqpharness.junit.Await;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the harness's command line and captures what it prints: {@link #run} in this JVM, through
 * {@link Main#execute(String[], PrintWriter, PrintWriter, Map)} (the code {@code main} runs, without
 * a JVM start per case), and {@link #runJar} as the built {@code harness.jar} in a process of its
 * own, the way users run it (HarnessJarIT: the manifest, the shaded services, Ctrl-C).
 */
final class JarRunner {
    /** Longest a case may take, in either way. */
    private static final long LIMIT_SECONDS = 180;

    record Result(int exitCode, String out, String err, long millis) {
        String all() {
            return out + err;
        }
    }

    static Path jar() {
        Path jar = Path.of("target", "harness.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException("target/harness.jar is missing: run mvn package first");
        }
        return jar;
    }

    /**
     * Runs the command line in this JVM with {@code env} as the whole environment the CLI sees (as the
     * jar saw the test's environment without its {@code HARNESS_} variables, plus {@code env}).
     */
    static Result run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        long start = System.nanoTime();
        FutureTask<Integer> task = new FutureTask<>(() -> Main.execute(args, new PrintWriter(out, true),
                new PrintWriter(err, true), Map.copyOf(env)));
        Thread thread = new Thread(task, "harness-in-process");
        thread.setDaemon(true);
        thread.start();
        int code;
        try {
            code = task.get(LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            thread.interrupt();
            throw new AssertionError("the harness did not finish within " + LIMIT_SECONDS + " s: " + List.of(args)
                    + "\n" + out + err);
        } catch (ExecutionException e) {
            throw new AssertionError("the harness threw instead of returning an exit code: " + List.of(args)
                    + "\n" + out + err, e.getCause());
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Result(code, out.toString(), err.toString(), millis);
    }

    static Result run(String... args) throws IOException, InterruptedException {
        return run(Map.of(), args);
    }

    static Result runJar(String... args) throws IOException, InterruptedException {
        return runJar(Map.of(), 0, args);
    }

    static Result runJar(Map<String, String> env, String... args) throws IOException, InterruptedException {
        return runJar(env, 0, args);
    }

    /**
     * Runs the jar and, when {@code interruptAfterMillis} is positive, sends it SIGINT (what Ctrl-C
     * sends) that long after the run's first interval line (its first {@code sent} rate, printed
     * once publishing has gone on for an interval), not after the JVM's start: a loaded machine can
     * take seconds to start, connect and open its links.
     */
    static Result runJar(Map<String, String> env, long interruptAfterMillis, String... args)
            throws IOException, InterruptedException {
        if (interruptAfterMillis <= 0) {
            return runJar(env, Interrupt.NEVER, args);
        }
        return runJar(env, (p, out, start) -> {
            Await.until("the run's first interval line (its first sent rate), or its end",
                    Duration.ofSeconds(LIMIT_SECONDS).minusNanos(System.nanoTime() - start),
                    () -> !p.isAlive() || Files.readString(out, StandardCharsets.UTF_8).contains(" sent "));
            return !p.waitFor(interruptAfterMillis, TimeUnit.MILLISECONDS);
        }, args);
    }

    /**
     * Runs the jar and sends it SIGINT {@code afterMillis} after {@code cue} completed (a fault the test
     * made, however long a loaded machine took to make it), unless the run ended first.
     */
    static Result runJarInterrupted(java.util.concurrent.Future<?> cue, long afterMillis, String... args)
            throws IOException, InterruptedException {
        return runJar(Map.of(), (p, out, start) -> {
            try {
                cue.get(LIMIT_SECONDS, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
                throw new AssertionError("the cue to interrupt the run failed", e);
            }
            return !p.waitFor(afterMillis, TimeUnit.MILLISECONDS);
        }, args);
    }

    /** When to send SIGINT to a running jar. */
    @FunctionalInterface
    private interface Interrupt {
        Interrupt NEVER = (p, out, start) -> false;

        /** Waits for the moment; true to send SIGINT then (the process still runs). */
        boolean await(Process p, Path out, long startNanos) throws IOException, InterruptedException;
    }

    private static Result runJar(Map<String, String> env, Interrupt interrupt, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1"));
        // short runs: the JIT's quick compiler costs CI less CPU
        String finalWait = System.getProperty(BrokerMonitor.FINAL_WAIT_PROPERTY);
        if (finalWait != null) { // the suite's setting (pom.xml) reaches the jar's JVM too
            command.add("-D" + BrokerMonitor.FINAL_WAIT_PROPERTY + "=" + finalWait);
        }
        command.addAll(List.of("-jar", jar().toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.startsWith("HARNESS_"));
        noDefaultWarmUp(pb.environment(), args);
        pb.environment().putAll(env);
        Path out = Files.createTempFile("harness-out", ".txt");
        Path err = Files.createTempFile("harness-err", ".txt");
        pb.redirectOutput(out.toFile());
        pb.redirectError(err.toFile());
        long start = System.nanoTime();
        Process p = pb.start();
        boolean interruptNow;
        try {
            interruptNow = interrupt.await(p, out, start);
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            p.destroyForcibly();
            throw e;
        }
        if (interruptNow) {
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
            if (kill.waitFor() != 0) {
                throw new AssertionError("kill -INT " + p.pid() + " failed");
            }
        }
        if (!p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("harness.jar did not finish within " + LIMIT_SECONDS + " s: " + command);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), millis);
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
        return r;
    }

    private JarRunner() {
    }

    /**
     * The suite's runs have no default warm-up ({@code HARNESS_WARMUP=0s}, which a test's own
     * {@code --warmup} or environment overrides): a timed run of 10 s or more would otherwise warm up
     * 5 s more, which only costs the suite time. WarmUpDefaultTest and WarmUpSummaryTest cover the
     * default itself; sweeps and find-max keep their own warm-ups.
     */
    static void noDefaultWarmUp(Map<String, String> environment, String... args) {
        boolean ownWarmUps = args.length > 0 && (args[0].equals("sweep") || args[0].equals("find-max"));
        if (!ownWarmUps) {
            environment.put("HARNESS_WARMUP", "0s");
        }
    }
}
