package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Runs every command block of {@code docs/recipes.md} against the broker, short: the variables
 * the recipes read are set small and each loop runs its first value only. A recipe that stops
 * working fails the build, so the documentation stays true. The {@code ./harness} commands run in
 * this JVM (no JVM start per command); a block that needs the shell runs in bash with the jar.
 */
@org.junit.jupiter.api.Order(3) // among the longest: started first
@WithRabbitMQ
class RecipesIT {
    private static final Pattern BLOCK = Pattern.compile("(?s)\\n(#{2,3} [^\\n]+)\\n.*?```bash\\n(.*?)```");
    private static final Pattern LOOP = Pattern.compile("for (\\w+) in ([^;]+); do");

    private static final List<String> RATES = List.of("rate", "total-rate");
    private static final int MAX_RATE = 2_000;

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
                .replaceAll("(-z|--time) (\\d+[a-z]*)(?=\\s|$)", "$1 1s");
    }

    /**
     * A copy of a scenario file cut short for CI: 1-second runs, 1-second steps and intervals, the
     * first value of each varied option, the first two variants and steps, 2,000 messages, at most
     * 100 publisher, 100 consumer and 100 idle connections, and at most 2,000 msg/s (the seeds' 50,000
     * msg/s cost a CI machine's CPU and a long drain, and test nothing a lower rate does not).
     */
    static String shortenedScenario(String yaml) throws Exception {
        return shortenedScenario(yaml, Optional.empty());
    }

    /**
     * {@link #shortenedScenario(String)}, and a {@code queue-pattern} prefixed with the file's name (without
     * {@code .yml}), so that recipes run side by side: two of them name their queues {@code perf-test-%d}.
     */
    static String shortenedScenario(String yaml, Optional<String> file) throws Exception {
        YAMLMapper mapper = new YAMLMapper();
        ObjectNode s = (ObjectNode) mapper.readTree(yaml);
        if (file.isPresent() && s.has("queue-pattern")) {
            s.put("queue-pattern", file.get().replaceFirst("\\.ya?ml$", "") + "-" + s.get("queue-pattern").asText());
        }
        if (s.has("time")) {
            s.put("time", "1s");
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
        for (String rate : RATES) {
            if (s.path(rate).asDouble() > MAX_RATE) {
                s.put(rate, MAX_RATE);
            }
        }
        if (s.has("vary")) {
            ObjectNode cut = mapper.createObjectNode();
            s.path("vary").fields().forEachRemaining(f -> {
                JsonNode first = f.getValue().isArray() ? f.getValue().get(0) : f.getValue();
                if (RATES.contains(f.getKey()) && first.asDouble() > MAX_RATE) {
                    first = mapper.getNodeFactory().numberNode(MAX_RATE);
                }
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

    /**
     * Every recipe but those on the 3-node cluster ({@link ClusterRecipesIT} runs them), side by side (up to the
     * suite's parallelism, with the other classes): each run has queues of its own (the default ones, or a
     * scenario file's pattern prefixed with the file's name), and its own output directory.
     */
    @TestFactory
    @Execution(ExecutionMode.CONCURRENT)
    Stream<DynamicTest> everyRecipeRuns(RabbitMQBroker broker) throws Exception {
        List<Recipe> recipes = recipes();
        assertThat(recipes).as("recipes found in docs/recipes.md").hasSizeGreaterThan(15);
        try (Stream<Path> files = Files.list(Path.of("..", "docs", "scenarios"))) {
            String doc = Files.readString(Path.of("..", "docs", "recipes.md"));
            assertThat(files.map(f -> f.getFileName().toString()))
                    .as("every scenario file is a recipe").allSatisfy(f -> assertThat(doc).contains("docs/scenarios/" + f));
        }
        return recipeTests(broker, false);
    }

    /** True for a recipe that runs on the 3-node cluster of {@code scripts/rabbitmq-cluster.sh}. */
    static boolean onTheCluster(Recipe recipe) {
        return recipe.script().contains("localhost:5681");
    }

    /** The recipes on the cluster, or all the others, as tests that run them (scenario files cut short). */
    static Stream<DynamicTest> recipeTests(RabbitMQBroker broker, boolean cluster) throws Exception {
        List<Recipe> recipes = recipes().stream().filter(r -> onTheCluster(r) == cluster).toList();
        assertThat(recipes).as("recipes %s the cluster", cluster ? "on" : "off").isNotEmpty();
        Path dir = Files.createTempDirectory("recipes");
        Path scenarios = Files.createDirectories(dir.resolve("docs").resolve("scenarios"));
        try (Stream<Path> files = Files.list(Path.of("..", "docs", "scenarios"))) {
            for (Path f : files.toList()) {
                Files.writeString(scenarios.resolve(f.getFileName()),
                        shortenedScenario(Files.readString(f), Optional.of(f.getFileName().toString())));
            }
        }
        return recipes.stream().map(r -> DynamicTest.dynamicTest(r.heading(), () -> run(r, dir, broker)));
    }

    /** The variables a recipe reads, and the broker it runs against. */
    private static Map<String, String> environment(RabbitMQBroker broker) {
        return Map.of("HARNESS_URI", broker.uri(), "HARNESS_DRAIN_TIMEOUT", "5s", "DURATION", "1s", "MESSAGES", "2000",
                "CONNECTIONS", "10");
    }

    /**
     * Runs a recipe's {@code ./harness} commands in this JVM, one after the other as {@code bash -e} would, in
     * {@code dir} (relative file options are resolved against it). A block with anything else in it (a loop, a
     * pipe, a variable set) runs in bash with the built jar instead; no recipe needs that today.
     */
    private static void run(Recipe recipe, Path dir, RabbitMQBroker broker) throws Exception {
        if (onTheCluster(recipe)) {
            org.junit.jupiter.api.Assumptions.assumeTrue(io.amqpharness.containers.Brokers.listening("localhost", 5681)
                            && io.amqpharness.containers.Brokers.listening("localhost", 5682)
                            && io.amqpharness.containers.Brokers.listening("localhost", 5683),
                    recipe.heading() + " needs the 3-node cluster of scripts/rabbitmq-cluster.sh (ports 5681-5683)");
        }
        Optional<List<List<String>>> commands = commands(recipe.script(), environment(broker));
        if (commands.isEmpty()) {
            runInBash(recipe, dir, broker);
            return;
        }
        assertThat(commands.get()).as("%s has a ./harness command", recipe.heading()).isNotEmpty();
        StringBuilder output = new StringBuilder();
        for (List<String> command : commands.get()) {
            String[] args = inDirectory(shortened(command), dir).toArray(String[]::new);
            JarRunner.Result r = JarRunner.run(environment(broker), args);
            output.append("$ ./harness ").append(String.join(" ", args)).append('\n').append(r.all());
            assertThat(r.exitCode()).as("%s: ./harness %s exited with %d:%n%s", recipe.heading(),
                    String.join(" ", args), r.exitCode(), output).isZero();
        }
        check(recipe, output.toString());
    }

    private static void check(Recipe recipe, String output) {
        assertThat(output).as(recipe.heading()).contains("Latency (ms)").doesNotContain("MISMATCH", "FAILED");
        if (recipe.script().contains("sweep") || recipe.script().contains("--scenario docs/scenarios/seed-003-in")) {
            assertThat(output).as("%s prints a seed-style table", recipe.heading()).contains("Max 99th", "Max 75th");
        }
    }

    /**
     * The argument lists of a block's {@code ./harness} lines, as bash would pass them: words split on blanks,
     * quotes removed, {@code $NAME}, {@code ${NAME}} and {@code ${NAME:-default}} expanded, {@code #} comments
     * dropped. Empty when a line is anything else, or uses a shell feature this does not mimic.
     */
    static Optional<List<List<String>>> commands(String script, Map<String, String> env) {
        List<List<String>> commands = new ArrayList<>();
        for (String line : script.split("\n")) {
            Optional<List<String>> words = words(line, env);
            if (words.isEmpty()) {
                return Optional.empty();
            }
            if (words.get().isEmpty()) {
                continue;
            }
            if (!words.get().get(0).equals("./harness")) {
                return Optional.empty();
            }
            commands.add(words.get().subList(1, words.get().size()));
        }
        return Optional.of(commands);
    }

    private static final Pattern VARIABLE = Pattern.compile("\\$(?:\\{(\\w+)(?::-([^}]*))?}|(\\w+))");

    /** One line's words; empty for a shell feature not mimicked (operators, escapes, command substitution). */
    static Optional<List<String>> words(String line, Map<String, String> env) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
                continue;
            }
            if (c == '$') {
                Matcher m = VARIABLE.matcher(line).region(i, line.length());
                if (!m.lookingAt()) {
                    return Optional.empty();
                }
                String name = m.group(1) != null ? m.group(1) : m.group(3);
                String value = env.getOrDefault(name, m.group(2) == null ? "" : m.group(2));
                if (quote == 0 && value.matches(".*\\s.*")) {
                    return Optional.empty(); // unquoted, bash would split it
                }
                word = word == null ? new StringBuilder() : word;
                word.append(value);
                i = m.end() - 1;
                continue;
            }
            if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' || c == '`') {
                    return Optional.empty();
                } else {
                    word.append(c);
                }
                continue;
            }
            if (c == '#' && word == null) {
                break;
            }
            if (c == ' ' || c == '\t') {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            if ("|&;<>()`\\*?[]{}~!".indexOf(c) >= 0) {
                return Optional.empty();
            }
            word = word == null ? new StringBuilder() : word;
            if (c == '\'' || c == '"') {
                quote = c;
            } else {
                word.append(c);
            }
        }
        if (quote != 0) {
            return Optional.empty();
        }
        if (word != null) {
            words.add(word.toString());
        }
        return Optional.of(words);
    }

    /** The command with its durations cut short as {@link #shortened(String)} cuts a script's. */
    static List<String> shortened(List<String> args) {
        List<String> out = new ArrayList<>(args);
        for (int i = 0; i + 1 < out.size(); i++) {
            String a = out.get(i);
            if (a.equals("--step-duration")) {
                out.set(i + 1, "1s");
            } else if ((a.equals("-z") || a.equals("--time")) && out.get(i + 1).matches("\\d+[a-z]*")) {
                out.set(i + 1, "1s");
            }
        }
        // A 1-second run has no time for a recipe's faults, which stop cluster nodes: ClusterFaultsIT makes them.
        for (int i = 0; i + 1 < out.size(); i++) {
            if (out.get(i).equals("--fault") || out.get(i).equals("--fault-ctl")) {
                out.remove(i + 1);
                out.remove(i);
                i--;
            }
        }
        // Stepped runs, sweeps and searches warm up for 5 s by default; a recipe test checks the recipe, not that.
        boolean warms = !out.isEmpty() && List.of("run", "sweep", "find-max").contains(out.get(0)) || out.contains("--step");
        if (warms && !out.contains("--warmup")) {
            out.add("--warmup");
            out.add("0s");
        }
        return out;
    }

    /** Relative files and directories named by the command, resolved against {@code dir} (the recipe's working directory). */
    static List<String> inDirectory(List<String> args, Path dir) {
        List<String> out = new ArrayList<>(args);
        for (int i = 0; i + 1 < out.size(); i++) {
            if (PATH_OPTIONS.contains(out.get(i)) && !Path.of(out.get(i + 1)).isAbsolute()) {
                out.set(i + 1, dir.resolve(out.get(i + 1)).toString());
            }
        }
        if (!out.isEmpty() && out.get(0).equals("report")) { // its directories are arguments, not option values
            for (int i = 1; i < out.size(); i++) {
                if (!out.get(i).startsWith("-") && !Path.of(out.get(i)).isAbsolute()
                        && !PATH_OPTIONS.contains(out.get(i - 1)) && !out.get(i - 1).equals("--format")) {
                    out.set(i, dir.resolve(out.get(i)).toString());
                }
            }
        }
        return out;
    }

    private static final Set<String> PATH_OPTIONS = Set.of("--scenario", "--output-dir", "-o");

    /** The recipe as a bash script calling the built jar, in {@code dir}. */
    private static void runInBash(Recipe recipe, Path dir, RabbitMQBroker broker) throws Exception {
        Path harness = dir.resolve("harness");
        synchronized (RecipesIT.class) { // recipes run side by side
            if (!Files.exists(harness)) {
                Files.writeString(harness, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                        + "' -XX:TieredStopAtLevel=1 -jar '" + JarRunner.jar().toAbsolutePath() + "' \"$@\"\n");
                Files.setPosixFilePermissions(harness, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        ProcessBuilder pb = new ProcessBuilder("bash", "-e", "-c", shortened(recipe.script()))
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("HARNESS_"));
        pb.environment().putAll(environment(broker));
        Path log = Files.createTempFile(dir, "recipe", ".log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(recipe.heading() + ": did not finish within 180 s");
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("%s exited with %d:%n%s", recipe.heading(), p.exitValue(), output).isZero();
        check(recipe, output);
    }
}
