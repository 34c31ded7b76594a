package io.amqpharness.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.run.SyntheticRun;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalsCsvTest {
    @TempDir
    Path tmp;

    @Test
    void oneRowPerIntervalWithAColumnForEveryHeader() throws Exception {
        SyntheticRun run = SyntheticRun.create(10, 1000, 5);
        List<String> lines = Files.readAllLines(IntervalsCsv.write(run.result, tmp));
        assertThat(lines).hasSize(1 + run.intervals.size());
        List<String> header = Arrays.asList(lines.get(0).split(","));
        for (String line : lines) {
            assertThat(line.split(",", -1)).hasSameSizeAs(header.toArray());
        }
        assertThat(header).startsWith("timestamp", "elapsed_s", "length_s", "phase", "sent_per_s",
                "confirmed_per_s", "received_per_s", "in_flight");
        assertThat(header).contains("published", "timed_out", "total_consumed", "end_to_end_count",
                "end_to_end_p99_ms", "confirm_p999_ms", "publish_delay_max_ms");
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            assertThat(header).contains(IntervalsCsv.snake(c.getName()), "total_" + IntervalsCsv.snake(c.getName()));
        }
        assertThat(header).endsWith("broker_sampled_s", "broker_ready", "broker_unacked", "broker_published",
                "broker_delivered", "broker_publish_per_s", "broker_deliver_per_s", "broker_memory_bytes",
                "broker_cpu_cores", "broker_connections", "broker_channels", "broker_alarms", "broker_nodes",
                "broker_leaders");
        String[] third = lines.get(3).split(",", -1);
        assertThat(third[header.indexOf("broker_sampled_s")]).isEqualTo("2.750");
        assertThat(third[header.indexOf("broker_ready")]).isEqualTo("2000");
        assertThat(third[header.indexOf("broker_unacked")]).isEqualTo("50");
        assertThat(third[header.indexOf("broker_memory_bytes")]).isEqualTo(Long.toString(102L << 20));
        assertThat(third[header.indexOf("broker_cpu_cores")]).isEqualTo("0.520");
        String[] first = lines.get(1).split(",");
        IntervalStats stats = run.intervals.get(0);
        assertThat(first[0]).isEqualTo("2026-11-21T10:00:01Z");
        assertThat(first[1]).isEqualTo("1.000");
        assertThat(first[3]).isEqualTo("running");
        assertThat(first[4]).isEqualTo("1000.0");
        assertThat(first[header.indexOf("published")]).isEqualTo("1000");
        assertThat(Double.parseDouble(first[header.indexOf("end_to_end_p99_ms")]))
                .isCloseTo(stats.latency(Metric.END_TO_END).p99() / 1e6, org.assertj.core.data.Offset.offset(0.001));
        assertThat(lines.get(lines.size() - 1).split(",")[3]).isEqualTo("draining");
    }

    @Test
    void theAppenderWritesTheSameAsTheWholeFile() throws Exception {
        SyntheticRun run = SyntheticRun.create(3, 10, 6);
        Path appended = tmp.resolve("appended.csv");
        try (IntervalsCsv.Appender a = new IntervalsCsv.Appender(appended, Instant.parse("2026-11-21T10:00:00Z"))) {
            run.intervals.forEach(a::append);
        }
        assertThat(Files.readString(appended)).isEqualTo(Files.readString(IntervalsCsv.write(run.result, tmp)));
    }
}
