package io.amqpharness.cli;

import io.amqpharness.report.RepeatReport;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Sets of runs for {@code harness report}: the directories given, where the directory of a
 * {@code --repeat} run (no {@code result.json} of its own, a {@code run-K} directory per
 * repetition) stands for its runs, in order. Stateless.
 */
final class RunSets {
    /** The directory of repetition K of {@code --repeat}: {@code run-K}, K from 1. */
    static final String RUN_PREFIX = "run-";

    private RunSets() {
    }

    /** True if {@code dir} is a {@code --repeat} directory: no result of its own, results in {@code run-K}. */
    static boolean isRepeat(Path dir) {
        return Files.isDirectory(dir) && !Files.exists(dir.resolve(ResultDocuments.FILE_NAME))
                && !repetitions(dir).isEmpty();
    }

    /** The {@code run-K} directories of a {@code --repeat} directory that hold a result, by K. */
    static List<Path> repetitions(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(RUN_PREFIX)
                            && Files.exists(p.resolve(ResultDocuments.FILE_NAME)))
                    .sorted(Comparator.comparingInt(RunSets::number)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int number(Path p) {
        try {
            return Integer.parseInt(p.getFileName().toString().substring(RUN_PREFIX.length()));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    /** The paths with each {@code --repeat} directory replaced by its runs. */
    static List<Path> expand(List<Path> paths) {
        List<Path> out = new ArrayList<>();
        for (Path p : paths) {
            if (isRepeat(p)) {
                out.addAll(repetitions(p));
            } else {
                out.add(p);
            }
        }
        return out;
    }

    /** Reads every result of the set. */
    static List<ResultDocument> read(List<Path> paths) {
        return expand(paths).stream().map(ResultDocuments::read).toList();
    }

    /** What a set is called in the table: its one directory's name, else {@code fallback}. */
    static String label(List<Path> paths, String fallback) {
        if (paths.size() != 1) {
            return fallback;
        }
        Path dir = paths.get(0).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir) && dir.getParent() != null) {
            dir = dir.getParent();
        }
        return dir.getFileName() == null ? fallback : dir.getFileName().toString();
    }

    /** The comparison of two sets as Markdown (see {@link RepeatReport#compare}). */
    static String compare(List<Path> a, List<Path> b) {
        String la = label(a, "A");
        String lb = label(b, "B");
        if (la.equals(lb)) {
            la = "A";
            lb = "B";
        }
        return RepeatReport.compare(la, read(a), lb, read(b));
    }
}
