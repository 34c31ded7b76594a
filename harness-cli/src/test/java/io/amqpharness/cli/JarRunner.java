package io.amqpharness.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the built {@code harness.jar} as a user would and captures what it prints. */
final class JarRunner {
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

    static Result run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        return run(env, 0, args);
    }

    /**
     * Runs the jar and, when {@code interruptAfterMillis} is positive, sends it SIGINT (what Ctrl-C
     * sends) that long after it started.
     */
    static Result run(Map<String, String> env, long interruptAfterMillis, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1", "-jar",
                jar().toString())); // short runs: the JIT's quick compiler costs CI less CPU
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.startsWith("HARNESS_"));
        pb.environment().putAll(env);
        Path out = Files.createTempFile("harness-out", ".txt");
        Path err = Files.createTempFile("harness-err", ".txt");
        pb.redirectOutput(out.toFile());
        pb.redirectError(err.toFile());
        long start = System.nanoTime();
        Process p = pb.start();
        if (interruptAfterMillis > 0 && !p.waitFor(interruptAfterMillis, TimeUnit.MILLISECONDS)) {
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
            if (kill.waitFor() != 0) {
                throw new AssertionError("kill -INT " + p.pid() + " failed");
            }
        }
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("harness.jar did not finish within 180 s: " + command);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), millis);
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
        return r;
    }

    static Result run(String... args) throws IOException, InterruptedException {
        return run(Map.of(), args);
    }

    private JarRunner() {
    }
}
