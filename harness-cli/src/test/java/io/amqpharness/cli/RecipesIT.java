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

    /** Keeps the first value of every loop. */
    static String firstRowsOnly(String script) {
        Matcher m = LOOP.matcher(script);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String first = m.group(2).trim().split("\\s+")[0];
            m.appendReplacement(out, Matcher.quoteReplacement("for " + m.group(1) + " in " + first + "; do"));
        }
        m.appendTail(out);
        return out.toString();
    }

    @TestFactory
    Stream<DynamicTest> everyRecipeRuns(RabbitMQBroker broker) throws Exception {
        List<Recipe> recipes = recipes();
        assertThat(recipes).as("recipes found in docs/recipes.md").hasSizeGreaterThan(15);
        Path dir = Files.createTempDirectory("recipes");
        Path harness = dir.resolve("harness");
        Files.writeString(harness, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -jar '" + JarRunner.jar().toAbsolutePath() + "' \"$@\"\n");
        Files.setPosixFilePermissions(harness, PosixFilePermissions.fromString("rwxr-xr-x"));
        return recipes.stream().map(r -> DynamicTest.dynamicTest(r.heading(), () -> run(r, dir, broker)));
    }

    private static void run(Recipe recipe, Path dir, RabbitMQBroker broker) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-e", "-c", firstRowsOnly(recipe.script()))
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
    }
}
