package io.amqpharness.report.files;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.run.LatencyHistograms;
import io.amqpharness.scenario.ScenarioException;
import io.amqpharness.spi.HarnessException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.DataFormatException;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Merges the results of several harness instances that ran one workload together (each written
 * with {@code --output-dir}) into one result, as {@code harness report --merge} does: counts and
 * rates are summed, and latency histograms are added, so every percentile of the merged result is
 * exactly the percentile of one histogram holding every instance's values (never an average of
 * percentiles). The whole run's histograms come from each {@code result.json}
 * ({@code histograms.<metric>.encoded}); each interval's from the {@code *.hlog} files, the k-th
 * histogram of every instance's log making the merged k-th interval (instances that started together,
 * with {@code --barrier} or {@code --start-at}, have their intervals at the same times).
 *
 * <p>The merged tree has the layout of {@code result.json} (so {@code report.html} renders from it),
 * plus {@code merged: true} and an {@code instances} array with each instance's own key numbers.
 * Stateless; thread-safe.
 */
public final class ResultMerge {
    private static final ObjectMapper MAPPER = ResultJson.mapper();

    private ResultMerge() {
    }

    /** One instance's saved result: its {@code result.json} tree and its interval histograms per metric. */
    record Instance(Path directory, JsonNode result, Map<Metric, List<Histogram>> intervals) {
    }

    /**
     * Reads each directory and merges them.
     *
     * @param directories directories written by {@code --output-dir}, one per instance
     * @throws HarnessException with one sentence if a directory cannot be read
     */
    public static ObjectNode merge(List<Path> directories) {
        List<Instance> instances = new ArrayList<>();
        for (Path d : directories) {
            instances.add(read(d));
        }
        return mergeRead(instances);
    }

    /**
     * Merges, and writes the merged {@code result.json} and one {@code .hlog} per metric (the
     * merged interval histograms) into {@code output}.
     *
     * @return the merged tree
     * @throws HarnessException if a directory cannot be read or a file not written
     */
    public static ObjectNode write(List<Path> directories, Path output) {
        List<Instance> instances = new ArrayList<>();
        for (Path d : directories) {
            instances.add(read(d));
        }
        ObjectNode merged = mergeRead(instances);
        try {
            Files.createDirectories(output);
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(output, e);
        }
        // The logs first, result.json last: a merge that stops half-way leaves no result.json over other logs.
        MergedLogs.write(instances, output, Instant.parse(merged.path("startedAt").asText()));
        try {
            AtomicFiles.writeString(output.resolve(ResultJson.FILE_NAME), MAPPER.writeValueAsString(merged));
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(output.resolve(ResultJson.FILE_NAME), e);
        }
        return merged;
    }

    static Instance read(Path directory) {
        JsonNode result = ResultJson.read(directory);
        Path dir = Files.isDirectory(directory) ? directory : directory.toAbsolutePath().getParent();
        Map<Metric, List<Histogram>> intervals = new EnumMap<>(Metric.class);
        for (Metric m : Metric.values()) {
            Path log = dir.resolve(HistogramLogs.fileName(m));
            List<Histogram> list = new ArrayList<>();
            if (Files.exists(log)) {
                try {
                    HistogramLogReader reader = new HistogramLogReader(log.toFile());
                    EncodableHistogram h;
                    while ((h = reader.nextIntervalHistogram()) != null) {
                        list.add((Histogram) h);
                    }
                } catch (FileNotFoundException e) {
                    throw new HarnessException("Cannot read " + log + ": " + OutputFiles.reason(e) + ".");
                } catch (RuntimeException e) {
                    throw new HarnessException(log + " is not an HdrHistogram log the harness wrote (" + e + ").");
                }
            }
            intervals.put(m, list);
        }
        return new Instance(dir, result, intervals);
    }

    static ObjectNode mergeRead(List<Instance> instances) {
        if (instances.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        java.util.Map<String, Path> seen = new java.util.HashMap<>();
        for (Instance i : instances) {
            Path before = seen.putIfAbsent(i.result().path("runId").asText(), i.directory());
            if (before != null) {
                throw new HarnessException(before + " and " + i.directory() + " hold the same run (run id "
                        + i.result().path("runId").asText() + "); give each instance's directory once.");
            }
        }
        sameTiming(instances);
        JsonNode first = instances.get(0).result();
        ObjectNode m = MAPPER.createObjectNode();
        m.put("format", ResultJson.FORMAT);
        m.put("generator", "amqp-harness " + ResultJson.version());
        m.put("timeUnit", "nanoseconds");
        m.put("merged", true);
        m.put("instance", "merged");
        m.put("runId", String.join("+", instances.stream().map(i -> i.result().path("runId").asText()).toList()));
        m.set("scenario", first.path("scenario").deepCopy());
        m.set("broker", first.path("broker").deepCopy());
        Set<String> queues = new LinkedHashSet<>();
        instances.forEach(i -> i.result().path("queues").forEach(q -> queues.add(q.asText())));
        ArrayNode q = m.putArray("queues");
        queues.forEach(q::add);
        m.put("startedAt", instances.stream().map(i -> Instant.parse(i.result().path("startedAt").asText()))
                .min(Instant::compareTo).orElseThrow().toString());
        m.put("publishingTime", max(instances, "publishingTime"));
        m.put("totalTime", max(instances, "totalTime"));
        m.put("paced", instances.stream().allMatch(i -> i.result().path("paced").asBoolean()));
        m.set("counts", sumFields(instances.stream().map(i -> i.result().path("counts")).toList()));
        m.put("unconfirmedAtStop", sum(instances, "unconfirmedAtStop"));
        m.put("unsentAtStop", sum(instances, "unsentAtStop"));
        m.set("leftInQueues", leftInQueues(instances));
        m.set("expectedDeliveries", sumOrNull(instances, "expectedDeliveries"));
        m.set("rates", sumFields(instances.stream().map(i -> i.result().path("rates")).toList()));
        Map<Metric, Histogram> whole = wholeRun(instances);
        m.set("latency", ladders(whole));
        m.set("histograms", MAPPER.valueToTree(LatencyHistograms.of(whole)));
        m.set("intervals", intervals(instances));
        m.putArray("steps");
        ObjectNode client = sumFields(instances.stream().map(i -> i.result().path("client")).toList());
        // Processors are the machine's, not a cost: several instances on one host share them.
        if (client.has("processors")) {
            client.put("processors", largest(instances.stream().map(i -> i.result().path("client")).toList(),
                    "processors"));
        }
        m.set("client", client);
        m.set("driverFacts", first.path("driverFacts").deepCopy());
        ArrayNode notes = m.putArray("notes");
        notes.add("Merged from " + instances.size() + " instances: counts and rates are summed, latency "
                + "histograms added (exact percentiles); intervals are matched by their number.");
        for (Instance i : instances) {
            i.result().path("notes").forEach(n -> notes.add(i.result().path("instance").asText("?") + ": " + n.asText()));
        }
        List<String> failures = new ArrayList<>();
        instances.forEach(i -> {
            if (!i.result().path("failure").isNull() && i.result().has("failure")) {
                failures.add(i.result().path("instance").asText("?") + ": " + i.result().path("failure").asText());
            }
        });
        m.put("failure", failures.isEmpty() ? null : String.join("; ", failures));
        m.put("interrupted", instances.stream().anyMatch(i -> i.result().path("interrupted").asBoolean()));
        m.putNull("interruptedAfter");
        m.set("outages", outages(instances, m.path("intervals")));
        m.set("blocking", blocking(instances));
        m.set("brokerMetrics", MergedConnections.brokerMetrics(instances, notes));
        m.putNull("search");
        m.set("connections", MergedConnections.connections(instances));
        m.put("unaccountedPublished", sum(instances, "unaccountedPublished"));
        m.put("failed", !failures.isEmpty());
        m.set("gates", MergedGates.evaluate(instances, m, whole));
        if (m.path("gates").size() > 0 && instances.stream().anyMatch(i -> i.result().path("steps").size() > 0)) {
            notes.add("The gates are checked on the merged whole run only (steps are not merged); each "
                    + "instance's own verdicts, per step too, are in its row (instances[].gates).");
        }
        m.set("environment", first.path("environment").deepCopy());
        m.set("instances", rows(instances));
        return m;
    }

    /** The merged histogram of each metric over the whole run. */
    static Map<Metric, Histogram> wholeRun(List<Instance> instances) {
        Map<Metric, Histogram> whole = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            Histogram sum = LatencyRecorder.newHistogram();
            for (Instance i : instances) {
                JsonNode encoded = i.result().path("histograms").path(ResultJsonModule.id(metric)).path("encoded");
                if (encoded.isTextual()) {
                    sum.add(decode(encoded.asText(), i.directory()));
                }
            }
            whole.put(metric, sum);
        }
        return whole;
    }

    private static Histogram decode(String base64, Path where) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new HarnessException("The histograms in " + where.resolve(ResultJson.FILE_NAME)
                    + " cannot be decoded (" + e.getMessage() + ").");
        }
    }

    private static ObjectNode ladders(Map<Metric, Histogram> histograms) {
        ObjectNode o = MAPPER.createObjectNode();
        histograms.forEach((metric, h) -> o.set(ResultJsonModule.id(metric), MAPPER.valueToTree(LatencySummary.of(h))));
        return o;
    }

    private static ArrayNode intervals(List<Instance> instances) {
        ArrayNode out = MAPPER.createArrayNode();
        int n = instances.stream().mapToInt(i -> i.result().path("intervals").size()).max().orElse(0);
        for (int k = 0; k < n; k++) {
            List<JsonNode> at = new ArrayList<>();
            List<JsonNode> totals = new ArrayList<>();
            for (Instance i : instances) {
                JsonNode list = i.result().path("intervals");
                if (k < list.size()) {
                    at.add(list.get(k));
                }
                if (list.size() > 0) {
                    totals.add(list.get(Math.min(k, list.size() - 1)).path("total"));
                }
            }
            ObjectNode iv = out.addObject();
            iv.put("index", k);
            iv.put("elapsed", at.stream().mapToLong(j -> j.path("elapsed").asLong()).max().orElse(0));
            iv.put("length", at.stream().mapToLong(j -> j.path("length").asLong()).max().orElse(0));
            iv.put("phase", phase(at));
            iv.set("delta", sumFields(at.stream().map(j -> j.path("delta")).toList()));
            iv.set("total", sumFields(totals));
            iv.put("inFlight", at.stream().mapToLong(j -> j.path("inFlight").asLong()).sum());
            Map<Metric, Histogram> hs = new EnumMap<>(Metric.class);
            for (Metric metric : Metric.values()) {
                Histogram sum = LatencyRecorder.newHistogram();
                for (Instance i : instances) {
                    List<Histogram> logged = i.intervals().get(metric);
                    if (k < logged.size()) {
                        sum.add(logged.get(k));
                    }
                }
                hs.put(metric, sum);
            }
            iv.set("latency", ladders(hs));
            iv.put("blocked", at.stream().mapToLong(j -> j.path("blocked").asLong()).max().orElse(0));
            iv.put("down", at.stream().mapToLong(j -> j.path("down").asLong()).max().orElse(0));
            iv.putNull("broker");
            for (String rate : List.of("sentPerSecond", "confirmedPerSecond", "receivedPerSecond")) {
                iv.put(rate, at.stream().mapToDouble(j -> j.path(rate).asDouble()).sum());
            }
        }
        return out;
    }

    /** {@code warmup} while any instance warms up, else {@code running} while any runs, else {@code draining}. */
    private static String phase(List<JsonNode> at) {
        List<String> phases = at.stream().map(j -> j.path("phase").asText()).toList();
        return phases.contains("warmup") ? "warmup" : phases.contains("running") ? "running" : "draining";
    }

    /** Per instance: where it came from and its own key numbers. */
    private static ArrayNode rows(List<Instance> instances) {
        ArrayNode rows = MAPPER.createArrayNode();
        for (Instance i : instances) {
            JsonNode r = i.result();
            ObjectNode row = rows.addObject();
            row.put("instance", r.path("instance").asText(null));
            row.put("runId", r.path("runId").asText());
            row.put("directory", i.directory().toString());
            row.set("startedAt", r.path("startedAt").deepCopy());
            row.set("publishingTime", r.path("publishingTime").deepCopy());
            row.set("counts", r.path("counts").deepCopy());
            row.set("rates", r.path("rates").deepCopy());
            row.set("latency", r.path("latency").deepCopy());
            row.set("unaccountedPublished", r.path("unaccountedPublished").deepCopy());
            row.set("failure", r.path("failure").deepCopy());
            row.set("gates", MergedGates.ofInstance(i));
        }
        return rows;
    }

    /** Adds the numbers of objects with the same fields; a field that is not a number is copied from the first. */
    static ObjectNode sumFields(List<JsonNode> objects) {
        ObjectNode sum = MAPPER.createObjectNode();
        for (JsonNode o : objects) {
            Iterator<Map.Entry<String, JsonNode>> fields = o.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                JsonNode v = f.getValue();
                JsonNode had = sum.get(f.getKey());
                if (v.isIntegralNumber()) {
                    sum.put(f.getKey(), (had == null ? 0 : had.asLong()) + v.asLong());
                } else if (v.isNumber()) {
                    sum.put(f.getKey(), (had == null ? 0 : had.asDouble()) + v.asDouble());
                } else if (had == null) {
                    sum.set(f.getKey(), v.deepCopy());
                }
            }
        }
        return sum;
    }

    private static long sum(List<Instance> instances, String field) {
        return instances.stream().mapToLong(i -> i.result().path(field).asLong()).sum();
    }

    private static long max(List<Instance> instances, String field) {
        return instances.stream().mapToLong(i -> i.result().path(field).asLong()).max().orElse(0);
    }

    private static long largest(List<JsonNode> objects, String field) {
        return objects.stream().mapToLong(o -> o.path(field).asLong()).max().orElse(0);
    }

    /**
     * Intervals are merged by their number, so every instance must have used the same {@code --interval}
     * and {@code --warmup}.
     *
     * @throws ScenarioException with one sentence naming the two directories and their settings
     */
    private static void sameTiming(List<Instance> instances) {
        Instance first = instances.get(0);
        for (Instance i : instances) {
            for (String option : List.of("interval", "warmup")) {
                JsonNode a = first.result().path("scenario").path("run").path(option);
                JsonNode b = i.result().path("scenario").path("run").path(option);
                if (!a.equals(b)) {
                    throw new ScenarioException(List.of(first.directory() + " ran with --" + option + " " + duration(a)
                            + " and " + i.directory() + " with --" + option + " " + duration(b) + ": intervals are "
                            + "merged by their number, so merge only instances run with the same --interval and --warmup."));
                }
            }
        }
    }

    /** Nanoseconds as {@code 5s} or {@code 500ms}; {@code none} when absent. */
    private static String duration(JsonNode nanos) {
        if (!nanos.isNumber()) {
            return "none";
        }
        long n = nanos.asLong();
        return n % 1_000_000_000L == 0 ? n / 1_000_000_000L + "s" : n % 1_000_000L == 0 ? n / 1_000_000L + "ms"
                : n + "ns";
    }

    private static JsonNode sumOrNull(List<Instance> instances, String field) {
        if (instances.stream().anyMatch(i -> !i.result().path(field).isNumber())) {
            return MAPPER.nullNode();
        }
        return MAPPER.getNodeFactory().numberNode(sum(instances, field));
    }

    /** Summed over instances with queues of their own; when all read the same queues, the largest reading. */
    private static JsonNode leftInQueues(List<Instance> instances) {
        if (instances.stream().anyMatch(i -> !i.result().path("leftInQueues").isNumber())) {
            return MAPPER.nullNode();
        }
        boolean shared = instances.stream().map(i -> i.result().path("queues")).distinct().count() == 1
                && instances.size() > 1;
        return MAPPER.getNodeFactory().numberNode(shared ? max(instances, "leftInQueues") : sum(instances, "leftInQueues"));
    }

    /**
     * Disconnects summed; the downtime at least the longest instance's and at least the merged
     * intervals' down times added up (the instances' outages cannot be lined up exactly, so the time
     * with any connection down is known only from below).
     */
    private static ObjectNode outages(List<Instance> instances, JsonNode mergedIntervals) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("disconnects", instances.stream().mapToLong(i -> i.result().path("outages").path("disconnects").asLong()).sum());
        long longest = instances.stream().mapToLong(i -> i.result().path("outages").path("downtime").asLong()).max().orElse(0);
        long byIntervals = 0;
        for (JsonNode iv : mergedIntervals) {
            byIntervals += iv.path("down").asLong();
        }
        o.put("downtime", Math.max(longest, byIntervals));
        ArrayNode connections = o.putArray("connections");
        ArrayNode reasons = o.putArray("reasons");
        for (Instance i : instances) {
            i.result().path("outages").path("connections").forEach(c -> connections.add(c.deepCopy()));
            i.result().path("outages").path("reasons").forEach(r -> reasons.add(r.deepCopy()));
        }
        return o;
    }

    private static ObjectNode blocking(List<Instance> instances) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("time", instances.stream().mapToLong(i -> i.result().path("blocking").path("time").asLong()).max().orElse(0));
        o.put("episodes", instances.stream().mapToLong(i -> i.result().path("blocking").path("episodes").asLong()).sum());
        ArrayNode reasons = o.putArray("reasons");
        instances.forEach(i -> i.result().path("blocking").path("reasons").forEach(r -> reasons.add(r.deepCopy())));
        o.put("creditWait", instances.stream().mapToLong(i -> i.result().path("blocking").path("creditWait").asLong())
                .max().orElse(0));
        o.put("creditWaits", instances.stream().mapToLong(i -> i.result().path("blocking").path("creditWaits").asLong())
                .sum());
        return o;
    }
}
