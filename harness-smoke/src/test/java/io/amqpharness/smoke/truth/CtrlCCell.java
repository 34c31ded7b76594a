package io.amqpharness.smoke.truth;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.cli.InterruptedCommandLine;
import io.amqpharness.junit.oracle.JudgedRun;
import io.amqpharness.junit.oracle.Oracle;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.RunListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * A cell ended by Ctrl-C: the {@code harness} command line of the cell's scenario, with
 * {@code --output-dir}, run in the test JVM as its own process runs it, and interrupted by a real
 * SIGINT after the cell's seconds. The oracle records the command line's run and judges its result;
 * the {@code result.json} the command line wrote must hold that result (its run id and every count),
 * else the cell fails.
 */
final class CtrlCCell {
    private CtrlCCell() {
    }

    static JudgedRun run(Cell cell, Oracle oracle) {
        Path dir;
        try {
            dir = Files.createTempDirectory("truth-ctrl-c-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Path out = dir.resolve("out");
            List<String> args = new ArrayList<>(cell.scenario().toArguments());
            args.addAll(List.of("--output-dir", out.toString()));
            AtomicReference<Oracle.Recorder> recorder = new AtomicReference<>();
            AtomicReference<RunResult> result = new AtomicReference<>();
            InterruptedCommandLine.Outcome o = InterruptedCommandLine.run(args, r -> {
                recorder.set(oracle.record(r));
                r.listener(new RunListener() {
                    @Override
                    public void finished(RunResult finished) {
                        result.set(finished);
                    }
                });
            }, Duration.ofSeconds(cell.seconds()));
            if (recorder.get() == null || result.get() == null) {
                throw new IllegalStateException("the command line ran no run (exit " + o.exitCode() + "): "
                        + o.output().strip());
            }
            if (!o.interrupted()) {
                throw new IllegalStateException("Ctrl-C did not reach the command line's run: " + o.output().strip());
            }
            JudgedRun judged = recorder.get().judge(result.get());
            String differs = fileDiffers(out, result.get());
            if (differs != null) {
                throw new IllegalStateException("result.json is not the run's result: " + differs);
            }
            return judged;
        } finally {
            delete(dir);
        }
    }

    /** The first difference between the run's result and the result.json in {@code dir}; null if none. */
    static String fileDiffers(Path dir, RunResult result) {
        JsonNode file = ResultDocuments.readTree(dir);
        if (!file.path("runId").asText().equals(result.runId())) {
            return "run id " + file.path("runId").asText() + ", the run's " + result.runId();
        }
        CountSnapshot counts = result.counts();
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            long expected;
            try {
                expected = (long) c.getAccessor().invoke(counts);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            long written = file.path("counts").path(c.getName()).asLong(0);
            if (written != expected) {
                return "counts." + c.getName() + " " + written + ", the run's " + expected;
            }
        }
        return null;
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.out.println("  (could not delete " + dir + ": " + e + ")");
        }
    }
}
