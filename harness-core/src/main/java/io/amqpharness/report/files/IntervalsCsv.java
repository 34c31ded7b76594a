package io.amqpharness.report.files;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.run.IntervalStats;
import io.amqpharness.run.RunResult;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code intervals.csv}: one row per reporting interval. Columns, in order: {@code timestamp}
 * (ISO-8601 end of the interval), {@code elapsed_s}, {@code length_s}, {@code phase},
 * {@code sent_per_s}, {@code confirmed_per_s}, {@code received_per_s}, {@code in_flight}; then
 * every count of the interval ({@code published}, {@code confirmed}, ...) and every running total
 * ({@code total_published}, ...); then for every metric ({@code end_to_end},
 * {@code end_to_end_from_send}, {@code confirm}, {@code publish_delay}) its {@code _count} and its percentiles in milliseconds
 * ({@code end_to_end_p99_ms}, ...). Counts and percentiles follow the fields of
 * {@link CountSnapshot} and {@link LatencySummary}, so new ones appear as new columns.
 */
public final class IntervalsCsv {
    /** The file name inside an output directory. */
    public static final String FILE_NAME = "intervals.csv";

    private IntervalsCsv() {
    }

    /** Writes every interval of a finished run into {@code directory}; returns the file. */
    public static Path write(RunResult result, Path directory) {
        Path file = directory.resolve(FILE_NAME);
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write(header());
            for (IntervalStats s : result.intervals()) {
                w.write(row(result.startedAt(), s));
            }
            return file;
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(file, e);
        }
    }

    /** The header line, with its line break. */
    static String header() {
        List<String> h = new ArrayList<>(List.of("timestamp", "elapsed_s", "length_s", "phase", "sent_per_s",
                "confirmed_per_s", "received_per_s", "in_flight"));
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            h.add(snake(c.getName()));
        }
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            h.add("total_" + snake(c.getName()));
        }
        for (Metric m : Metric.values()) {
            String prefix = snake(ResultJsonModule.id(m)) + "_";
            for (RecordComponent c : LatencySummary.class.getRecordComponents()) {
                h.add(prefix + snake(c.getName()) + (c.getName().equals("count") ? "" : "_ms"));
            }
        }
        return String.join(",", h) + "\n";
    }

    /** One interval as a line, with its line break; {@code startedAt} dates the row. */
    static String row(Instant startedAt, IntervalStats s) {
        List<String> r = new ArrayList<>();
        r.add(startedAt.plus(s.elapsed()).toString());
        r.add(decimal(s.elapsed().toNanos() / 1e9, 3));
        r.add(decimal(s.length().toNanos() / 1e9, 3));
        r.add(ResultJsonModule.id(s.phase()));
        r.add(decimal(s.sentPerSecond(), 1));
        r.add(decimal(s.confirmedPerSecond(), 1));
        r.add(decimal(s.receivedPerSecond(), 1));
        r.add(Long.toString(s.inFlight()));
        components(s.delta(), r, false);
        components(s.total(), r, false);
        for (Metric m : Metric.values()) {
            components(s.latency(m), r, true);
        }
        return String.join(",", r) + "\n";
    }

    /** Appends a record's numeric fields; with {@code nanosAsMillis}, all but {@code count} become ms. */
    private static void components(Record record, List<String> out, boolean nanosAsMillis) {
        for (RecordComponent c : record.getClass().getRecordComponents()) {
            Object v = value(record, c);
            if (nanosAsMillis && !c.getName().equals("count")) {
                out.add(decimal(((Number) v).doubleValue() / 1e6, 3));
            } else if (v instanceof Double || v instanceof Float) {
                out.add(decimal(((Number) v).doubleValue(), 3));
            } else {
                out.add(String.valueOf(v));
            }
        }
    }

    private static Object value(Record record, RecordComponent c) {
        try {
            return c.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("Cannot read " + c.getName() + " of " + record.getClass().getSimpleName(), e);
        }
    }

    private static String decimal(double v, int places) {
        return String.format(Locale.ROOT, "%." + places + "f", v);
    }

    /** {@code endToEnd} as {@code end_to_end}, {@code p999} stays {@code p999}. */
    static String snake(String camel) {
        StringBuilder b = new StringBuilder();
        for (char ch : camel.toCharArray()) {
            if (Character.isUpperCase(ch)) {
                b.append('_').append(Character.toLowerCase(ch));
            } else {
                b.append(ch);
            }
        }
        return b.toString();
    }

    /** Appends rows as the run goes; the reporting thread only. */
    static final class Appender implements AutoCloseable {
        private final Path file;
        private final Instant startedAt;
        private Writer writer;

        Appender(Path file, Instant startedAt) throws IOException {
            this.file = file;
            this.startedAt = startedAt;
            this.writer = Files.newBufferedWriter(file);
            writer.write(header());
            writer.flush();
        }

        /** Appends a row; on failure closes the file and throws the one-sentence error. */
        void append(IntervalStats stats) {
            if (writer == null) {
                return;
            }
            try {
                writer.write(row(startedAt, stats));
                writer.flush();
            } catch (IOException e) {
                close();
                throw OutputFiles.cannotWrite(file, e);
            }
        }

        @Override
        public void close() {
            if (writer != null) {
                try {
                    writer.close();
                } catch (IOException e) {
                    // flushed after every row: nothing is lost
                }
                writer = null;
            }
        }
    }
}
