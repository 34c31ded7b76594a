package io.amqpharness.report.files;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.amqpharness.run.RunResult;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

/**
 * {@code result.json}: everything a run measured, with its resolved scenario, as documented in
 * {@code docs/result-json.md}. Every duration and latency is an integer number of nanoseconds,
 * rates are messages per second, times of day are ISO-8601 instants. The broker password never
 * appears: the address is written redacted and every text value is scrubbed of it.
 *
 * <p>Thread-safe: the methods are static and share an immutable mapper.
 */
public final class ResultJson {
    /** Version of the file layout; a reader refuses files with a higher one. */
    public static final int FORMAT = 1;
    /** The file name inside an output directory. */
    public static final String FILE_NAME = "result.json";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new Jdk8Module())
            .addModule(new JavaTimeModule())
            .addModule(new ResultJsonModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private ResultJson() {
    }

    /** The mapper that reads and writes result files (shared; do not reconfigure it). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The JSON tree of a result: {@code format}, {@code generator}, {@code timeUnit}, then the result's fields. */
    public static ObjectNode toTree(RunResult result) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("generator", "amqp-harness " + version());
        root.put("timeUnit", "nanoseconds");
        root.put("instance", result.scenario().coordination().instanceId());
        root.setAll((ObjectNode) MAPPER.valueToTree(result));
        root.set("environment", environment());
        scrub(root, result.scenario().uri());
        return root;
    }

    /** The result as indented JSON text. */
    public static String toJson(RunResult result) {
        try {
            return MAPPER.writeValueAsString(toTree(result));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A run result could not be turned into JSON", e);
        }
    }

    /**
     * Writes {@code result.json} into {@code directory}.
     *
     * @return the file written
     * @throws HarnessException if the file cannot be written, with one sentence saying why
     */
    public static Path write(RunResult result, Path directory) {
        Path file = directory.resolve(FILE_NAME);
        try {
            return AtomicFiles.writeString(file, toJson(result));
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(file, e);
        }
    }

    /**
     * Reads a result file written by {@link #write}, from a file or the directory holding it.
     *
     * @throws HarnessException if it is missing, not JSON, or written by a newer harness
     */
    public static JsonNode read(Path fileOrDirectory) {
        Path file = Files.isDirectory(fileOrDirectory) ? fileOrDirectory.resolve(FILE_NAME) : fileOrDirectory;
        JsonNode node;
        try {
            node = MAPPER.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new HarnessException(file + " is not a result file: it is not valid JSON ("
                    + e.getOriginalMessage() + ").");
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new HarnessException("There is no " + FILE_NAME + " in " + fileOrDirectory
                    + ": give a directory written by --output-dir.");
        } catch (IOException e) {
            throw new HarnessException("Cannot read " + file + ": " + OutputFiles.reason(e) + ".");
        }
        if (node == null || !node.path("format").canConvertToInt() || !node.has("runId")) {
            throw new HarnessException(file + " is not a result file written by amqp-harness (no format or runId field).");
        }
        if (node.path("format").asInt() > FORMAT) {
            throw new HarnessException(file + " has format " + node.path("format").asInt()
                    + ", newer than this harness reads (" + FORMAT + "); use a newer harness.");
        }
        return node;
    }

    /** The harness version from the jar manifest, or {@code development build}. */
    static String version() {
        String v = ResultJson.class.getPackage().getImplementationVersion();
        return v == null ? "development build" : v;
    }

    /** Facts about the client host that the result records do not carry. */
    private static ObjectNode environment() {
        ObjectNode e = MAPPER.createObjectNode();
        e.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        e.put("arch", System.getProperty("os.arch"));
        e.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
                + " (" + System.getProperty("java.vm.vendor") + ")");
        e.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        return e;
    }

    /** Replaces the broker password in every text value (failure messages, notes, driver facts). */
    private static void scrub(JsonNode node, BrokerUri uri) {
        if (node instanceof ObjectNode o) {
            Iterator<Map.Entry<String, JsonNode>> fields = o.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                if (f.getValue().isTextual()) {
                    f.setValue(scrubbed(f.getValue(), uri));
                } else {
                    scrub(f.getValue(), uri);
                }
            }
        } else if (node instanceof com.fasterxml.jackson.databind.node.ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                if (a.get(i).isTextual()) {
                    a.set(i, scrubbed(a.get(i), uri));
                } else {
                    scrub(a.get(i), uri);
                }
            }
        }
    }

    private static JsonNode scrubbed(JsonNode text, BrokerUri uri) {
        String redacted = uri.redacted();
        String s = text.asText();
        if (s.equals(redacted) || s.startsWith(redacted)) {
            return text; // already redacted; scrubbing would also hide a user name equal to the password
        }
        String out = uri.scrub(s);
        return out.equals(s) ? text : TextNode.valueOf(out);
    }
}
