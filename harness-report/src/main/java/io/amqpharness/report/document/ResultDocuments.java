package io.amqpharness.report.document;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.amqpharness.HarnessException;
import io.amqpharness.report.io.AtomicFiles;
import io.amqpharness.report.io.OutputFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads and writes {@link ResultDocument}s: the one place that turns {@code result.json} text
 * into values and back. Reading ignores fields this harness does not know (files of a newer
 * schema version within the same format), and takes a missing list, map or ladder as empty.
 *
 * <p>Thread-safe: the methods are static and share an immutable mapper.
 */
public final class ResultDocuments {
    /** The file name inside an output directory. */
    public static final String FILE_NAME = "result.json";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new Jdk8Module())
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private ResultDocuments() {
    }

    /** The document as indented JSON text, the content of {@code result.json}. */
    public static String toJson(ResultDocument document) {
        try {
            return MAPPER.writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A result document could not be turned into JSON", e);
        }
    }

    /**
     * Writes {@code result.json} into {@code directory}, replacing the file whole.
     *
     * @return the file written
     * @throws HarnessException if the file cannot be written, with one sentence saying why
     */
    public static Path write(ResultDocument document, Path directory) {
        Path file = directory.resolve(FILE_NAME);
        try {
            return AtomicFiles.writeString(file, toJson(document));
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(file, e);
        }
    }

    /**
     * Reads a result file, from the file or the directory holding it.
     *
     * @throws HarnessException if it is missing, not JSON, not a result, or of a newer format
     */
    public static ResultDocument read(Path fileOrDirectory) {
        Path file = Files.isDirectory(fileOrDirectory) ? fileOrDirectory.resolve(FILE_NAME) : fileOrDirectory;
        try {
            return fromTree(readTree(fileOrDirectory));
        } catch (IllegalArgumentException e) {
            throw new HarnessException(file + " is not a result file this harness can read: "
                    + e.getMessage().lines().findFirst().orElse("") + ".");
        }
    }

    /**
     * A result file's JSON as it is, checked as {@link #read} checks it, for tests and tools that
     * query the file's text form (as {@code jq} would); report code reads {@link #read}.
     *
     * @throws HarnessException if it is missing, not JSON, not a result, or of a newer format
     */
    public static JsonNode readTree(Path fileOrDirectory) {
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
        if (node.path("format").asInt() > ResultDocument.FORMAT) {
            throw new HarnessException(file + " has format " + node.path("format").asInt()
                    + ", newer than this harness reads (" + ResultDocument.FORMAT + "); use a newer harness.");
        }
        return node;
    }

    /** The document of a JSON tree with the layout of {@code result.json}. */
    static ResultDocument fromTree(JsonNode tree) {
        return MAPPER.convertValue(tree, ResultDocument.class);
    }

    /** The document as the JSON tree its file holds, for tests that query it as JSON. */
    public static JsonNode toTree(ResultDocument document) {
        return MAPPER.valueToTree(document);
    }
}
