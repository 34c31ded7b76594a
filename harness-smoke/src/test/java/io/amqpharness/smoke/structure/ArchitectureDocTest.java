package io.amqpharness.smoke.structure;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.smoke.structure.SourceTree.Source;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every class docs/architecture.md names exists: each backticked name that begins with a capital
 * ({@code LoadRunner}), or with its package's last parts ({@code run/Preflight}, {@code files.RunDocument}),
 * is a class, interface, enum or record declared in some module's sources (main or test), in a folder of
 * those parts; a nested name ({@code GateQuantity.Latency}) is declared in the same file, and a member
 * ({@code LoadRunner.decorateDriver}, {@code Metric.values()}) is a method there. A few names are the
 * JDK's or HdrHistogram's ({@code Optional}, {@code Recorder}). And every module its "Modules" section
 * names is one of the build's. A renamed, moved or deleted class fails this test until the page follows.
 */
class ArchitectureDocTest {
    private static final Path DOC = SourceTree.ROOT.resolve("docs").resolve("architecture.md");
    /** Names the page uses as patterns, not as classes: {@code XIT} is any integration test X. */
    private static final Set<String> PLACEHOLDERS = Set.of("XIT", "XOnRabbitMQ4IT", "X");
    /** Where a class the project does not declare may come from. */
    private static final List<String> ELSEWHERE = List.of("java.lang.", "java.util.", "java.nio.file.",
            "java.util.concurrent.", "org.HdrHistogram.");
    private static final Pattern SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern NAME = Pattern.compile("^[A-Za-z0-9_./]+");
    private static final Pattern DECLARATION = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([A-Z]\\w*)");

    @Test
    void everyClassTheArchitecturePageNamesExists() throws IOException {
        Map<String, List<Source>> declared = declarations();
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        Matcher m = SPAN.matcher(Files.readString(DOC).replaceAll("(?s)```.*?```", "")); // code blocks left out
        while (m.find()) {
            String span = m.group(1).strip();
            String problem = problem(span, declared);
            if (problem != null) {
                wrong.add("`" + span + "`: " + problem);
            }
            checked += problem == null && reference(span) != null ? 1 : 0;
        }
        assertThat(wrong).as("names in docs/architecture.md that the sources do not have").isEmpty();
        assertThat(checked).as("names checked").isGreaterThan(150);
    }

    @Test
    void everyModuleTheArchitecturePageNamesIsBuilt() throws IOException {
        String page = Files.readString(DOC);
        String modules = page.substring(page.indexOf("## Modules"), page.indexOf("\n## ", page.indexOf("## Modules") + 1));
        String pom = Files.readString(SourceTree.ROOT.resolve("pom.xml"));
        Matcher m = Pattern.compile("`(harness-[a-z0-9-]+)`").matcher(modules);
        Set<String> named = new java.util.TreeSet<>();
        while (m.find()) {
            named.add(m.group(1));
        }
        assertThat(named).isNotEmpty();
        assertThat(named).allSatisfy(module -> assertThat(pom).as(module).contains("<module>" + module + "</module>"));
    }

    @Test
    void aNameThatIsNowhereIsFound() {
        Map<String, List<Source>> declared = declarations();
        assertThat(problem("NoSuchRunner", declared)).contains("no class NoSuchRunner");
        assertThat(problem("flow/LoadRunner", declared)).contains("not in a folder flow");
        assertThat(problem("LoadRunner.noSuchMethod", declared)).contains("no member noSuchMethod");
        assertThat(problem("Scenario.Builder.set(Setting.X, value)", declared)).as("a member it inherits").isNull();
        assertThat(problem("run/LoadRunner", declared)).isNull();
        assertThat(problem("harness-core", declared)).isNull();
    }

    /** The parts of a span that name a class: its package's last parts, the class, and after it. */
    private static List<String> reference(String span) {
        String s = span.startsWith("@") ? span.substring(1) : span;
        Matcher name = NAME.matcher(s);
        if (!name.find() || s.startsWith("-", name.end())) {
            return null; // not a name, or a hyphenated one: a module, a thread, a file, an option
        }
        String token = name.group();
        if (token.endsWith(".java")) {
            token = token.substring(0, token.length() - ".java".length());
        }
        List<String> parts = new ArrayList<>();
        for (String p : token.split("[./]")) {
            if (!p.isEmpty()) {
                parts.add(p);
            }
        }
        boolean named = parts.stream().anyMatch(p -> Character.isUpperCase(p.charAt(0)));
        return named ? parts : null;
    }

    /** What is wrong with the span's class, or null if it names none or names one that is there. */
    private static String problem(String span, Map<String, List<Source>> declared) {
        List<String> parts = reference(span);
        if (parts == null) {
            return null;
        }
        int at = 0;
        while (!Character.isUpperCase(parts.get(at).charAt(0))) {
            at++;
        }
        String type = parts.get(at);
        if (PLACEHOLDERS.contains(type)) {
            return null;
        }
        String folder = String.join("/", parts.subList(0, at));
        List<Source> files = declared.getOrDefault(type, List.of());
        if (files.isEmpty()) {
            return elsewhere(type) ? null : "no class " + type + " in any module's sources";
        }
        if (!folder.isEmpty()) {
            files = files.stream().filter(f -> f.path().getParent().toString().replace('\\', '/').endsWith("/" + folder)).toList();
            if (files.isEmpty()) {
                return type + " is not in a folder " + folder;
            }
        }
        String owner = type;
        for (String part : parts.subList(at + 1, parts.size())) {
            if (PLACEHOLDERS.contains(part)) {
                return null;
            }
            if (Character.isUpperCase(part.charAt(0))) {
                Pattern nested = Pattern.compile("\\b(?:class|interface|enum|record)\\s+" + part + "\\b|\\b" + part + "\\b");
                files = files.stream().filter(f -> nested.matcher(f.code()).find()).toList();
                if (files.isEmpty()) {
                    return type + " has no " + part;
                }
                owner = part;
            } else {
                return hasMember(owner, files, part, declared, 3) ? null : owner + " has no member " + part;
            }
        }
        return null;
    }

    /**
     * Whether {@code type}, declared in {@code files}, has the method {@code member}, its own or one of the
     * types it extends ({@code Scenario.Builder}'s {@code set} is {@code ScenarioDraft}'s).
     */
    private static boolean hasMember(String type, List<Source> files, String member, Map<String, List<Source>> declared,
                                     int depth) {
        if ((member.equals("values") || member.equals("valueOf"))
                && files.stream().anyMatch(f -> f.code().contains("enum " + type))) {
            return true;
        }
        Pattern method = Pattern.compile("\\b" + member + "\\s*\\(");
        if (files.stream().anyMatch(f -> method.matcher(f.code()).find())) {
            return true;
        }
        Pattern parent = Pattern.compile("\\b(?:class|interface)\\s+" + type + "\\b[^{]*?\\bextends\\s+([A-Z]\\w*)");
        for (Source f : files) {
            Matcher p = parent.matcher(f.code());
            if (depth > 0 && p.find() && hasMember(p.group(1), declared.getOrDefault(p.group(1), List.of()), member,
                    declared, depth - 1)) {
                return true;
            }
        }
        return false;
    }

    private static boolean elsewhere(String type) {
        for (String p : ELSEWHERE) {
            try {
                Class.forName(p + type, false, ArchitectureDocTest.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException e) {
                // not there
            }
        }
        return false;
    }

    /** The files that declare each type name, nested types included, over every module's main and test sources. */
    private static Map<String, List<Source>> declarations() {
        Map<String, List<Source>> declared = new HashMap<>();
        for (String module : SourceTree.modules()) {
            for (String set : List.of("main", "test")) {
                for (Source s : SourceTree.sources(module, set)) {
                    declared.computeIfAbsent(s.typeName(), k -> new ArrayList<>()).add(s);
                    Matcher d = DECLARATION.matcher(s.code());
                    while (d.find()) {
                        List<Source> at = declared.computeIfAbsent(d.group(1), k -> new ArrayList<>());
                        if (!at.contains(s)) {
                            at.add(s);
                        }
                    }
                }
            }
        }
        return declared;
    }
}
