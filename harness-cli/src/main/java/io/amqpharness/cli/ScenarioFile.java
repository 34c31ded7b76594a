package io.amqpharness.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.amqpharness.scenario.ScenarioException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code --scenario FILE}: the same options as the command line, kept in a YAML (or JSON) file.
 * Each top-level key is a long option name without its dashes ({@code queue-type: quorum}, or
 * {@code queueType}); lists repeat an option or join values with commas, maps give
 * {@code key=value} lists, {@code step} and {@code vary} maps give one option per setting; {@code groups} is a
 * map of {@code --group}s and {@code faults} a list of {@code --fault}s (each a string or a map). Options
 * on the command line win over the file. Problems name the file and the line.
 */
final class ScenarioFile {
    /** The key of the client groups ({@code --group}), a map from each group's name to its options. */
    static final String GROUPS_KEY = "groups";
    /** The key of the faults ({@code --fault}): a list of faults, each as {@code --fault} takes it or as a map. */
    static final String FAULTS_KEY = "faults";

    /** The file's options turned into arguments, and where each option came from. */
    record Expanded(List<String> args, Map<String, String> locations) {
    }

    private ScenarioFile() {
    }

    /** Arguments with {@code --scenario FILE} replaced by the file's options; unchanged without one. */
    static Expanded expand(String[] args, CommandLine root) {
        int at = -1;
        String file = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--scenario") && i + 1 < args.length) {
                at = i;
                file = args[i + 1];
                break;
            }
            if (args[i].startsWith("--scenario=")) {
                at = i;
                file = args[i].substring("--scenario=".length());
                break;
            }
        }
        if (at < 0) {
            return new Expanded(List.of(args), Map.of());
        }
        List<String> rest = new ArrayList<>(List.of(args));
        rest.remove(at);
        if (!args[at].contains("=")) {
            rest.remove(at);
        }
        boolean sub = !rest.isEmpty() && root.getSubcommands().containsKey(rest.get(0));
        CommandSpec spec = sub ? root.getSubcommands().get(rest.get(0)).getCommandSpec() : root.getCommandSpec();
        Set<String> given = new HashSet<>();
        for (String a : rest) {
            OptionSpec o = a.startsWith("-") ? spec.findOption(a.contains("=") ? a.substring(0, a.indexOf('=')) : a) : null;
            if (o != null) {
                given.add(RunOptions.canonicalName(o));
            }
        }
        Path path = Path.of(file);
        Map<String, String> locations = new HashMap<>();
        List<String> fromFile = new ArrayList<>();
        for (Entry e : Reader.read(path)) {
            String where = path.getFileName() + " line " + e.line;
            if (e.key.equals(GROUPS_KEY) && spec.findOption("--group") != null) {
                if (!given.contains("--group")) { // groups on the command line replace the file's
                    locations.put("--group", where);
                    fromFile.addAll(GroupEntries.tokens(e.value, where));
                }
                continue;
            }
            OptionSpec o = spec.findOption("--" + (e.key.equals(FAULTS_KEY) ? "fault" : e.key));
            if (o == null || RunOptions.canonicalName(o).equals("--scenario")) {
                throw problem(where, "'" + e.key + "' is not an option" + suggestion(e.key, spec)
                        + "; keys are long option names without their dashes, for example queue-type: quorum");
            }
            if (given.contains(RunOptions.canonicalName(o))) {
                continue; // the command line wins
            }
            locations.put(RunOptions.canonicalName(o), where);
            fromFile.addAll(tokens(o, e.value, where));
        }
        List<String> out = new ArrayList<>();
        if (sub) {
            out.add(rest.remove(0));
        }
        out.addAll(fromFile);
        out.addAll(rest);
        return new Expanded(out, locations);
    }

    private record Entry(String key, JsonNode value, int line) {
    }

    /**
     * Reads the file. A class of its own so that Jackson is loaded (its exceptions, for the verifier)
     * only when there is a {@code --scenario}: every other start skips it.
     */
    private static final class Reader {
        private Reader() {
        }

        static List<Entry> read(Path path) {
            String text;
            try {
                text = Files.readString(path);
            } catch (NoSuchFileException e) {
                throw new ScenarioException(List.of("--scenario: there is no file " + path + "."));
            } catch (IOException e) {
                throw new ScenarioException(List.of("--scenario: cannot read " + path + " (" + e.getMessage() + ")."));
            }
            YAMLMapper mapper = new YAMLMapper();
            JsonNode tree;
            Map<String, Integer> lines = new HashMap<>();
            try {
                tree = mapper.readTree(text);
                try (JsonParser p = new YAMLFactory().createParser(text)) {
                    int depth = 0;
                    for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                            depth++;
                        } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                            depth--;
                        } else if (t == JsonToken.FIELD_NAME && depth == 1) {
                            lines.putIfAbsent(p.currentName(), p.currentTokenLocation().getLineNr());
                        }
                    }
                }
            } catch (JsonProcessingException e) {
                int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
                throw problem(path.getFileName() + " line " + line, "this is not valid YAML or JSON ("
                        + e.getOriginalMessage().lines().findFirst().orElse("syntax error") + ")");
            } catch (IOException e) {
                throw new ScenarioException(List.of("--scenario: cannot read " + path + " (" + e.getMessage() + ")."));
            }
            if (tree == null || tree.isNull() || tree.isMissingNode()) {
                return List.of();
            }
            if (!tree.isObject()) {
                throw problem(path.getFileName() + " line 1", "a scenario file holds options as key: value pairs");
            }
            List<Entry> entries = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                entries.add(new Entry(kebab(f.getKey()), f.getValue(), lines.getOrDefault(f.getKey(), 0)));
            }
            return entries;
        }
    }

    /** The arguments one file entry stands for. */
    private static List<String> tokens(OptionSpec o, JsonNode value, String where) {
        String name = RunOptions.canonicalName(o);
        List<String> t = new ArrayList<>();
        boolean flag = o.arity().max() == 0;
        if (value.isBoolean() && (flag || o.arity().min() == 0)) {
            if (value.asBoolean()) {
                t.add(name);
            }
            return t;
        }
        if (flag) {
            throw problem(where, name.substring(2) + " is a switch: write " + name.substring(2) + ": true or false");
        }
        if (value.isObject()) {
            boolean perSetting = name.equals("--step") || name.equals("--vary") || name.equals("--variant");
            StringBuilder pairs = new StringBuilder();
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                String v = f.getValue().isArray() ? join(f.getValue()) : scalar(f.getValue(), where, name);
                if (perSetting) {
                    t.add(name);
                    // A variant's label is the user's, as written; option names are kebab-case.
                    t.add((name.equals("--variant") ? f.getKey() : kebab(f.getKey())) + "=" + v);
                } else {
                    pairs.append(pairs.length() == 0 ? "" : ",").append(f.getKey()).append('=').append(v);
                }
            }
            if (!perSetting) {
                t.add(name);
                t.add(pairs.toString());
            }
            return t;
        }
        if (value.isArray()) {
            if (o.isMultiValue()) {
                for (JsonNode item : value) {
                    t.add(name);
                    t.add(item.isArray() ? join(item)
                            : item.isObject() && name.equals("--fault") ? faultPairs(item, where) : scalar(item, where, name));
                }
            } else {
                t.add(name);
                t.add(join(value));
            }
            return t;
        }
        t.add(name);
        t.add(scalar(value, where, name));
        return t;
    }

    /**
     * A fault written as a map ({@code {at: 20s, kind: stop-node, node: 2, for: 10s}}) as {@code --fault} takes it:
     * {@code at=20s,kind=stop-node,node=2,for=10s}, a value with a comma, a blank or a quote in quotes.
     */
    private static String faultPairs(JsonNode fault, String where) {
        StringBuilder b = new StringBuilder();
        for (Iterator<Map.Entry<String, JsonNode>> it = fault.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            String v = scalar(f.getValue(), where, "--fault");
            if (v.matches(".*[,\\s'\"].*")) {
                v = v.contains("\"") ? "'" + v + "'" : '"' + v + '"';
            }
            b.append(b.length() == 0 ? "" : ",").append(f.getKey().trim()).append('=').append(v);
        }
        return b.toString();
    }

    private static String scalar(JsonNode v, String where, String option) {
        if (v.isContainerNode() || v.isNull()) {
            throw problem(where, option.substring(2) + " needs a value such as the command line takes");
        }
        return v.asText();
    }

    private static String join(JsonNode list) {
        StringBuilder b = new StringBuilder();
        for (JsonNode item : list) {
            b.append(b.length() == 0 ? "" : ",").append(item.asText());
        }
        return b.toString();
    }

    /** {@code queueType} and {@code --queue-type} both as {@code queue-type}. */
    static String kebab(String key) {
        String k = key.trim().replaceFirst("^-+", "");
        return k.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    private static String suggestion(String key, CommandSpec spec) {
        return closest("--" + key, spec).map(n -> "; did you mean " + n.substring(2) + "?").orElse("");
    }

    /**
     * The long option name of {@code spec} closest to {@code typed} ({@code --queu-type} gives
     * {@code --queue-type}), if one is close enough to be what the user meant.
     */
    static java.util.Optional<String> closest(String typed, CommandSpec spec) {
        String key = typed.replaceFirst("^-+", "");
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (OptionSpec o : spec.options()) {
            for (String name : o.names()) {
                if (!name.startsWith("--")) {
                    continue;
                }
                int d = distance(key, name.substring(2));
                if (d < bestDistance) {
                    bestDistance = d;
                    best = name;
                }
            }
        }
        return best != null && bestDistance > 0 && bestDistance <= Math.max(2, key.length() / 3)
                ? java.util.Optional.of(best) : java.util.Optional.empty();
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] swap = prev;
            prev = cur;
            cur = swap;
        }
        return prev[b.length()];
    }

    static ScenarioException problem(String where, String text) {
        return new ScenarioException(List.of(where + ": " + text + "."));
    }

    /** Prefixes a problem sentence with the file location of the first file option it names. */
    static String locate(String sentence, Map<String, String> locations) {
        int first = Integer.MAX_VALUE;
        String where = null;
        for (Map.Entry<String, String> e : locations.entrySet()) {
            int i = sentence.indexOf(e.getKey());
            if (i >= 0 && i < first) {
                first = i;
                where = e.getValue();
            }
        }
        return where == null ? sentence : where + ": " + sentence;
    }
}
