package io.amqpharness.report.files;

import io.amqpharness.report.build.SectionValues;
import io.amqpharness.report.build.RunDocument;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.HarnessException;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.measure.Metric;
import io.amqpharness.run.SyntheticRun;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** result.json carries the documented fields, in the documented units, and no password. */
public class ResultJsonTest {
    private static final Path DOC = Path.of("..", "docs", "result-json.md");
    private static final Set<String> METRIC_IDS = Set.of("endToEnd", "endToEndFromSend", "roundTrip", "confirm",
            "publishDelay", "churnOpen");

    @TempDir
    Path tmp;

    private final SyntheticRun run = SyntheticRun.create(10, 1000, 7);

    private JsonNode written() {
        return ResultDocuments.readTree(ResultDocuments.write(RunDocument.of(run.result), tmp));
    }

    @Test
    void hasTheDocumentedTopLevelValuesInTheDocumentedUnits() {
        JsonNode j = written();
        assertThat(j.path("format").asInt()).isEqualTo(1);
        assertThat(j.path("timeUnit").asText()).isEqualTo("nanoseconds");
        assertThat(j.path("generator").asText()).startsWith("amqp-harness ");
        assertThat(j.path("runId").asText()).isEqualTo("abc123");
        assertThat(j.path("startedAt").asText()).isEqualTo("2026-11-21T10:00:00Z");
        assertThat(j.path("publishingTime").asLong()).isEqualTo(10_000_000_000L);
        assertThat(j.path("totalTime").asLong()).isEqualTo(11_000_000_000L);
        assertThat(j.path("paced").asBoolean()).isTrue();
        assertThat(j.path("counts").path("published").asLong()).isEqualTo(run.result.counts().published());
        assertThat(j.path("rates").path("sent").asDouble()).isEqualTo(1000.0);
        assertThat(j.path("leftInQueues").asLong()).isZero();
        assertThat(j.path("failure").isNull()).isTrue();
        assertThat(j.path("failed").asBoolean()).isFalse();
        assertThat(j.path("unaccountedPublished").asLong()).isZero();
        assertThat(j.path("client").path("cpuTime").asLong()).isEqualTo(1_234_000_000L);
        assertThat(j.path("broker").path("version").asText()).isEqualTo("3.10.7");
        assertThat(j.path("environment").path("jvm").asText()).isNotEmpty();
    }

    @Test
    void scenarioHasItsSettingsAndTheEquivalentArguments() {
        JsonNode s = written().path("scenario");
        List<String> args = new ArrayList<>();
        s.path("arguments").forEach(a -> args.add(a.asText()));
        assertThat(args).isEqualTo(run.result.scenario().toArguments());
        assertThat(args).containsSequence("--queue-type", "quorum").containsSequence("--rate", "1000");
        assertThat(s.path("uri").asText()).isEqualTo("amqp://admin:***@broker.example:5672/%2F");
        assertThat(s.path("publishing").path("ratePerProducer").asDouble()).isEqualTo(1000.0);
        assertThat(s.path("publishing").path("confirmWindow").asInt()).as("the first step's window").isEqualTo(50);
        assertThat(args).containsSequence("--step", "confirm=50,100");
        assertThat(s.path("publishing").path("messagesPerProducer").isNull()).isTrue();
        assertThat(s.path("publishing").path("flags").get(0).asText()).isEqualTo("persistent");
        assertThat(s.path("publishing").path("confirmTimeout").asLong()).isEqualTo(30_000_000_000L);
        assertThat(s.path("topology").path("queueType").asText()).isEqualTo("quorum");
        assertThat(s.path("run").path("time").asLong()).isEqualTo(10_000_000_000L);
    }

    @Test
    void latencyLaddersAndHistogramsMatchTheRun() throws Exception {
        JsonNode j = written();
        for (Metric m : Metric.values()) {
            String id = SectionValues.id(m);
            JsonNode ladder = j.path("latency").path(id);
            assertThat(ladder.path("count").asLong()).isEqualTo(run.result.latency(m).count());
            assertThat(ladder.path("p99").asLong()).isEqualTo(run.result.latency(m).p99());
            assertThat(ladder.path("p9999").asLong()).isEqualTo(run.result.latency(m).p9999());
            assertThat(ladder.has("empty")).as("no isEmpty() property").isFalse();
            JsonNode h = j.path("histograms").path(id);
            Histogram decoded = Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(h.path("encoded").asText())), 0);
            assertThat(decoded).isEqualTo(run.result.histograms().histogram(m));
            JsonNode points = h.path("percentiles");
            assertThat(points.size()).isGreaterThan(20);
            assertThat(points.get(0).path("percentile").asDouble()).isZero();
            assertThat(points.get(points.size() - 1).path("percentile").asDouble()).isEqualTo(100.0);
            assertThat(points.get(points.size() - 1).path("value").asLong()).isEqualTo(decoded.getMaxValue());
        }
        assertThat(j.path("latency").fieldNames()).toIterable().containsExactly("endToEnd", "endToEndFromSend", "roundTrip", "confirm",
                "publishDelay", "churnOpen");
    }

    @Test
    void intervalsCarryCountsPhasesRatesAndLadders() {
        JsonNode intervals = written().path("intervals");
        assertThat(intervals.size()).isEqualTo(run.intervals.size());
        JsonNode first = intervals.get(0);
        assertThat(first.path("elapsed").asLong()).isEqualTo(1_000_000_000L);
        assertThat(first.path("phase").asText()).isEqualTo("running");
        assertThat(first.path("sentPerSecond").asDouble()).isEqualTo(1000.0);
        assertThat(first.path("delta").path("published").asLong()).isEqualTo(1000);
        assertThat(first.path("latency").path("endToEnd").path("count").asLong()).isEqualTo(1000);
        assertThat(intervals.get(intervals.size() - 1).path("phase").asText()).isEqualTo("draining");
    }

    @Test
    void everyCountIsWrittenIncludingOnesAddedLater() {
        JsonNode counts = written().path("counts");
        for (RecordComponent c : CountSnapshot.class.getRecordComponents()) {
            assertThat(counts.has(c.getName())).as(c.getName()).isTrue();
        }
    }

    @Test
    void thePasswordNeverAppears() throws Exception {
        String text = Files.readString(ResultDocuments.write(RunDocument.of(run.result), tmp));
        assertThat(text).doesNotContain(SyntheticRun.PASSWORD).contains("admin:***@");
        assertThat(text).contains("A note mentioning *** by accident.");
    }

    @Test
    void everyDocumentedFieldIsPresent() throws Exception {
        JsonNode j = written();
        List<String> documented = documentedPaths();
        assertThat(documented).hasSizeGreaterThan(60);
        for (String path : documented) {
            if (path.equals("merged") || path.startsWith("instances") || path.startsWith("groups")) {
                continue; // only in merged results: ResultMergeTest checks those
            }
            if (path.startsWith("latencyBySize")) {
                continue; // only with a --size mix: SizeLatencyDocumentTest checks those
            }
            if (path.startsWith("faults")) {
                continue; // only with --fault: FaultDocumentTest checks those
            }
            if (path.startsWith("backlog")) {
                continue; // only with --backlog: RunSummaryTest's backlog run checks those
            }
            for (String expanded : expand(path)) {
                assertThat(present(j, expanded)).as("documented field %s", expanded).isTrue();
            }
        }
    }

    @Test
    void everyWrittenFieldIsDocumented() throws Exception {
        Set<String> documented = new TreeSet<>(documentedPaths());
        Set<String> written = new TreeSet<>();
        collect(written(), "", written);
        assertThat(documented).as("fields missing from docs/result-json.md").containsAll(written);
    }

    /**
     * The other way round: every field the doc lists is a component of the document records (the
     * scenario's settings groups and the other free-form objects excepted), so a field removed from
     * the records cannot stay documented.
     */
    @Test
    void everyDocumentedFieldIsAComponentOfTheDocumentRecords() throws Exception {
        for (String path : documentedPaths()) {
            java.lang.reflect.Type type = io.amqpharness.report.document.ResultDocument.class;
            for (String part : path.split("\\.")) {
                Class<?> record = recordOf(type);
                if (record == null) {
                    break; // a free-form object (settings, properties, driver facts): its fields are the run's
                }
                String name = part.endsWith("[]") ? part.substring(0, part.length() - 2) : part;
                if (name.equals("<metric>")) {
                    name = "endToEnd";
                }
                String field = name;
                RecordComponent c = java.util.Arrays.stream(record.getRecordComponents())
                        .filter(x -> x.getName().equals(field)).findFirst().orElse(null);
                assertThat(c).as("documented field %s is a component of %s", path, record.getSimpleName()).isNotNull();
                type = c.getGenericType();
            }
        }
    }

    /** The record a component holds, through Optional and List; null for anything else. */
    private static Class<?> recordOf(java.lang.reflect.Type type) {
        if (type instanceof java.lang.reflect.ParameterizedType p
                && (p.getRawType() == java.util.Optional.class || p.getRawType() == List.class)) {
            return recordOf(p.getActualTypeArguments()[0]);
        }
        return type instanceof Class<?> c && c.isRecord() ? c : null;
    }

    @Test
    void readingExplainsWhatIsWrongInOneSentence() throws Exception {
        assertThatThrownBy(() -> ResultDocuments.readTree(tmp.resolve("nothing-here")))
                .isInstanceOf(HarnessException.class)
                .hasMessage("There is no result.json in " + tmp.resolve("nothing-here")
                        + ": give a directory written by --output-dir.");
        Path newer = Files.writeString(tmp.resolve("result.json"), "{\"format\": 2, \"runId\": \"x\"}");
        assertThatThrownBy(() -> ResultDocuments.readTree(tmp)).hasMessage(newer
                + " has format 2, newer than this harness reads (1); use a newer harness.");
        Files.writeString(newer, "{not json");
        assertThatThrownBy(() -> ResultDocuments.readTree(newer)).hasMessageStartingWith(newer + " is not a result file: ");
    }

    /** The first-column paths of the tables in docs/result-json.md. */
    public static List<String> documentedPaths() throws Exception {
        List<String> paths = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^\\| `([^`]+)` \\|").matcher(Files.readString(DOC));
        while (m.find()) {
            paths.add(m.group(1));
        }
        return paths;
    }

    private static List<String> expand(String path) {
        if (!path.contains("<metric>")) {
            return List.of(path);
        }
        return METRIC_IDS.stream().map(id -> path.replace("<metric>", id)).toList();
    }

    public static boolean present(JsonNode root, String path) {
        JsonNode node = root;
        for (String part : path.split("\\.")) {
            if (node.isNull()) {
                return true; // the fields of an object documented as "object or null", absent here
            }
            boolean array = part.endsWith("[]");
            String name = array ? part.substring(0, part.length() - 2) : part;
            if (!node.has(name)) {
                return false;
            }
            node = node.get(name);
            if (array) {
                if (node.isArray() && node.isEmpty() && path.startsWith("scenario.")) {
                    return true; // a setting's list left empty in this run: its elements' fields cannot show
                }
                if (!node.isArray() || node.isEmpty()) {
                    return false;
                }
                node = node.get(0);
            }
        }
        return true;
    }

    /** Field paths as the doc writes them; stops where the doc refers to another table. */
    private static void collect(JsonNode node, String prefix, Set<String> out) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            String key = METRIC_IDS.contains(f.getKey()) && (prefix.endsWith("latency.") || prefix.endsWith("histograms."))
                    ? "<metric>" : f.getKey();
            String path = prefix + key;
            if (key.equals("<metric>") && out.contains(path)) {
                continue;
            }
            if (!key.equals("<metric>")) {
                out.add(path);
            }
            JsonNode v = f.getValue();
            if (path.equals("broker.properties") || path.equals("driverFacts")
                    || path.matches("intervals\\[]\\.(delta|total|latency)")
                    || path.matches("steps\\[]\\.(values|counts|rates|latency|maxOverIntervals)")
                    || path.equals("scenario.run.steps") || path.matches("brokerMetrics\\.(first|last)")) {
                continue;
            }
            if (v.isObject()) {
                collect(v, path + ".", out);
            } else if (v.isArray() && !v.isEmpty() && v.get(0).isObject()) {
                out.remove(path);
                out.add(path);
                collect(v.get(0), path + "[].", out);
            }
        }
    }
}
