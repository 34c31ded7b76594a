package io.amqpharness.report.files;

import io.amqpharness.report.build.RunDocument;
import io.amqpharness.report.build.SectionValues;
import io.amqpharness.broker.BrokerSample;
import io.amqpharness.broker.QueueSample;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.report.io.AtomicFiles;
import io.amqpharness.report.io.OutputFiles;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
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
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * {@code intervals.csv}: one row per reporting interval. Columns, in order: {@code timestamp}
 * (ISO-8601 end of the interval), {@code elapsed_s}, {@code length_s}, {@code phase},
 * {@code sent_per_s}, {@code confirmed_per_s}, {@code received_per_s}, {@code in_flight},
 * {@code blocked_s} (time in the interval the broker blocked at least one publisher),
 * {@code down_s} (time in the interval at least one connection was down); then
 * every count of the interval ({@code published}, {@code confirmed}, ...) and every running total
 * ({@code total_published}, ...); then for every metric ({@code end_to_end},
 * {@code end_to_end_from_send}, {@code confirm}, {@code publish_delay}) its {@code _count} and its percentiles in milliseconds
 * ({@code end_to_end_p99_ms}, ...). Counts and percentiles follow the fields of
 * {@link CountSnapshot} and {@link LatencySummary}, so new ones appear as new columns. Last, the
 * broker's sample of the interval ({@link #BROKER_COLUMNS}), empty cells when there is none.
 */
public final class IntervalsCsv {
    /** The file name inside an output directory. */
    public static final String FILE_NAME = "intervals.csv";

    /** The broker's columns: sums over the run's queues, then the node(s). */
    static final List<String> BROKER_COLUMNS = List.of("broker_sampled_s", "broker_ready", "broker_unacked",
            "broker_published", "broker_delivered", "broker_publish_per_s", "broker_deliver_per_s", "broker_memory_bytes",
            "broker_cpu_cores", "broker_connections", "broker_channels", "broker_alarms", "broker_nodes", "broker_leaders");

    private IntervalsCsv() {
    }

    /** Writes every interval of a finished run into {@code directory}; returns the file. */
    public static Path write(RunResult result, Path directory) {
        Path file = directory.resolve(FILE_NAME);
        StringBuilder text = new StringBuilder(header());
        for (IntervalStats s : result.intervals()) {
            text.append(row(result.startedAt(), s));
        }
        try {
            return AtomicFiles.writeString(file, text.toString());
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(file, e);
        }
    }

    /** The header line, with its line break. */
    static String header() {
        List<String> h = new ArrayList<>(List.of("timestamp", "elapsed_s", "length_s", "phase", "sent_per_s",
                "confirmed_per_s", "received_per_s", "in_flight", "blocked_s", "down_s"));
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            h.add(snake(c.getName()));
        }
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            h.add("total_" + snake(c.getName()));
        }
        for (Metric m : Metric.values()) {
            String prefix = snake(m.jsonKey()) + "_";
            for (RecordComponent c : LatencySummary.class.getRecordComponents()) {
                h.add(prefix + snake(c.getName()) + (c.getName().equals("count") ? "" : "_ms"));
            }
        }
        h.addAll(BROKER_COLUMNS);
        return String.join(",", h) + "\n";
    }

    /** One interval as a line, with its line break; {@code startedAt} dates the row. */
    static String row(Instant startedAt, IntervalStats s) {
        List<String> r = new ArrayList<>();
        r.add(startedAt.plus(s.elapsed()).toString());
        r.add(decimal(s.elapsed().toNanos() / 1e9, 3));
        r.add(decimal(s.length().toNanos() / 1e9, 3));
        r.add(SectionValues.id(s.phase()));
        r.add(decimal(s.sentPerSecond(), 1));
        r.add(decimal(s.confirmedPerSecond(), 1));
        r.add(decimal(s.receivedPerSecond(), 1));
        r.add(Long.toString(s.inFlight()));
        r.add(decimal(s.blocked().toNanos() / 1e9, 3));
        r.add(decimal(s.down().toNanos() / 1e9, 3));
        components(s.delta(), r, false);
        components(s.total(), r, false);
        for (Metric m : Metric.values()) {
            components(s.latency(m), r, true);
        }
        broker(s.broker(), r);
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

    private static void broker(Optional<BrokerSample> sample, List<String> r) {
        if (sample.isEmpty()) {
            BROKER_COLUMNS.forEach(c -> r.add(""));
            return;
        }
        BrokerSample b = sample.get();
        r.add(decimal(b.elapsed().toNanos() / 1e9, 3));
        r.add(text(b.ready()));
        r.add(text(b.unacked()));
        r.add(text(b.published()));
        r.add(text(b.delivered()));
        r.add(rate(b, QueueSample::publishRate));
        r.add(rate(b, QueueSample::deliverRate));
        r.add(text(b.memoryBytes()));
        r.add(b.cpuCores().isPresent() ? decimal(b.cpuCores().getAsDouble(), 3) : "");
        r.add(text(b.connections()));
        r.add(text(b.channels()));
        r.add(String.join(" ", b.alarms()));
        r.add(String.join(" ", b.nodes().stream().map(io.amqpharness.broker.NodeSample::name).toList()));
        r.add(String.join(" ", b.queues().stream().filter(q -> q.leader().isPresent())
                .map(q -> q.name() + "=" + q.leader().get()).toList()));
    }

    private static String text(OptionalLong v) {
        return v.isPresent() ? Long.toString(v.getAsLong()) : "";
    }

    /** The sum of a rate over the queues, empty unless every queue has it. */
    private static String rate(BrokerSample b, java.util.function.Function<QueueSample, OptionalDouble> f) {
        if (b.queues().isEmpty() || b.queues().stream().anyMatch(q -> f.apply(q).isEmpty())) {
            return "";
        }
        return decimal(b.queues().stream().mapToDouble(q -> f.apply(q).getAsDouble()).sum(), 1);
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
