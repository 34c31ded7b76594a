package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every command block of {@code docs/recipes.md} against the broker, short: the variables
 * the recipes read are set small and each loop runs its first value only. A recipe that stops
 * working fails the build, so the documentation stays true.
 */
@WithRabbitMQ
class RecipesIT {
    private static final Pattern BLOCK = Pattern.compile("(?s)\\n(#{2,3} [^\\n]+)\\n.*?```bash\\n(.*?)```");
    private static final Pattern LOOP = Pattern.compile("for (\\w+) in ([^;]+); do");

    record Recipe(String heading, String script) {
    }

    static List<Recipe> recipes() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "recipes.md"));
        List<Recipe> recipes = new ArrayList<>();
        Matcher m = BLOCK.matcher(doc);
        while (m.find()) {
            recipes.add(new Recipe(m.group(1).replaceFirst("^#+ ", ""), m.group(2)));
        }
        return recipes;
    }

    /** Keeps the first value of every loop, and cuts durations given on the command line short. */
    static String shortened(String script) {
        Matcher m = LOOP.matcher(script);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String first = m.group(2).trim().split("\\s+")[0];
            m.appendReplacement(out, Matcher.quoteReplacement("for " + m.group(1) + " in " + first + "; do"));
        }
        m.appendTail(out);
        return out.toString().replaceAll("--step-duration \\S+", "--step-duration 1s")
                .replaceAll("(-z|--time) (\\d+[a-z]*)(?=\\s|$)", "$1 2s");
    }

    /**
     * A copy of a scenario file cut short for CI: 2-second runs, 1-second steps and intervals, the
     * first value of each varied option, the first two variants and steps, 2,000 messages, at most
     * 100 publisher, 100 consumer and 100 idle connections.
     */
    static String shortenedScenario(String yaml) throws Exception {
        YAMLMapper mapper = new YAMLMapper();
        ObjectNode s = (ObjectNode) mapper.readTree(yaml);
        if (s.has("time")) {
            s.put("time", "2s");
        }
        if (s.has("interval")) {
            s.put("interval", "1s");
        }
        if (s.has("step-duration")) {
            s.put("step-duration", "1s");
        }
        if (s.has("pmessages")) {
            s.put("pmessages", 2000);
        }
        for (String count : new String[] {"producers", "consumers", "idle-connections"}) {
            if (s.path(count).asInt() > 100) {
                s.put(count, 100);
            }
        }
        if (s.has("vary")) {
            ObjectNode cut = mapper.createObjectNode();
            s.path("vary").fields().forEachRemaining(f -> {
                JsonNode first = f.getValue().isArray() ? f.getValue().get(0) : f.getValue();
                cut.putArray(f.getKey()).add(first);
            });
            s.set("vary", cut);
        }
        for (String keep2 : new String[] {"variant"}) {
            if (s.has(keep2)) {
                ObjectNode cut = mapper.createObjectNode();
                s.get(keep2).fields().forEachRemaining(f -> {
                    if (cut.size() < 2) {
                        cut.set(f.getKey(), f.getValue());
                    }
                });
                s.set(keep2, cut);
            }
        }
        if (s.has("step")) {
            ObjectNode cut = mapper.createObjectNode();
            s.path("step").fields().forEachRemaining(f -> {
                ArrayNode two = cut.putArray(f.getKey());
                for (int i = 0; i < Math.min(2, f.getValue().size()); i++) {
                    two.add(f.getValue().get(i));
                }
            });
            s.set("step", cut);
        }
        return mapper.writeValueAsString(s);
    }

    @TestFactory
    Stream<DynamicTest> everyRecipeRuns(RabbitMQBroker broker) throws Exception {
        List<Recipe> recipes = recipes();
        assertThat(recipes).as("recipes found in docs/recipes.md").hasSizeGreaterThan(15);
        try (Stream<Path> files = Files.list(Path.of("..", "docs", "scenarios"))) {
            String doc = Files.readString(Path.of("..", "docs", "recipes.md"));
            assertThat(files.map(f -> f.getFileName().toString()))
                    .as("every scenario file is a recipe").allSatisfy(f -> assertThat(doc).contains("docs/scenarios/" + f));
        }
        Path dir = Files.createTempDirectory("recipes");
        Path harness = dir.resolve("harness");
        Files.writeString(harness, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -XX:TieredStopAtLevel=1 -jar '" + JarRunner.jar().toAbsolutePath() + "' \"$@\"\n");
        Files.setPosixFilePermissions(harness, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path scenarios = Files.createDirectories(dir.resolve("docs").resolve("scenarios"));
        try (Stream<Path> files = Files.list(Path.of("..", "docs", "scenarios"))) {
            for (Path f : files.toList()) {
                Files.writeString(scenarios.resolve(f.getFileName()), shortenedScenario(Files.readString(f)));
            }
        }
        return recipes.stream().map(r -> DynamicTest.dynamicTest(r.heading(), () -> run(r, dir, broker)));
    }

    private static void run(Recipe recipe, Path dir, RabbitMQBroker broker) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-e", "-c", shortened(recipe.script()))
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("HARNESS_"));
        pb.environment().put("HARNESS_URI", broker.uri());
        pb.environment().put("HARNESS_DRAIN_TIMEOUT", "5s");
        pb.environment().put("DURATION", "2s");
        pb.environment().put("MESSAGES", "2000");
        pb.environment().put("CONNECTIONS", "10");
        Path log = Files.createTempFile(dir, "recipe", ".log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(recipe.heading() + ": did not finish within 180 s");
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("%s exited with %d:%n%s", recipe.heading(), p.exitValue(), output).isZero();
        assertThat(output).as(recipe.heading()).contains("Latency (ms)").doesNotContain("MISMATCH", "FAILED");
        if (recipe.script().contains("sweep") || recipe.script().contains("--scenario docs/scenarios/seed-003-in")) {
            assertThat(output).as("%s prints a seed-style table", recipe.heading()).contains("Max 99th", "Max 75th");
        }
    }
}
