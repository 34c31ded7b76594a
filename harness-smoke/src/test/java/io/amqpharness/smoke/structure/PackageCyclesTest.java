package io.amqpharness.smoke.structure;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.smoke.structure.SourceTree.Source;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * No module's packages import each other in a loop: in every module, the graph of which package names
 * which (imports and qualified names in the code of its main sources) has no cycle, so each module's
 * packages stand on floors, each seeing only those below it (docs/architecture.md). A class deprecated
 * for removal is left out: a bridge kept at its old name for library users, whose imports go when it does.
 */
class PackageCyclesTest {

    @Test
    void noModuleHasAPackageCycle() {
        List<String> modules = SourceTree.modules();
        assertThat(modules).as("the modules under " + SourceTree.ROOT.toAbsolutePath().normalize())
                .contains("harness-core", "harness-report", "harness-stream");
        List<String> cycles = new ArrayList<>();
        for (String module : modules) {
            cycles.addAll(cycles(module, SourceTree.sources(module, "main")));
        }
        assertThat(cycles).as("package cycles (package -> package it names [files])").isEmpty();
    }

    @Test
    void aCycleIsFoundWithTheFilesThatMakeIt() {
        List<Source> loop = List.of(
                new Source("m", java.nio.file.Path.of("A.java"), "io.amqpharness.a", "import io.amqpharness.b.B; class A {}"),
                new Source("m", java.nio.file.Path.of("B.java"), "io.amqpharness.b", "class B { io.amqpharness.a.A a; }"),
                new Source("m", java.nio.file.Path.of("C.java"), "io.amqpharness.c", "import io.amqpharness.a.*; class C {}"));
        assertThat(cycles("m", loop)).singleElement().asString()
                .contains("io.amqpharness.a -> io.amqpharness.b [A.java]", "io.amqpharness.b -> io.amqpharness.a [B.java]")
                .doesNotContain("io.amqpharness.c");
    }

    @Test
    void aBridgeDeprecatedForRemovalIsNotPartOfTheStructure() {
        List<Source> bridged = List.of(
                new Source("m", java.nio.file.Path.of("Old.java"), "io.amqpharness",
                        "import io.amqpharness.run.New;\n@Deprecated(since = \"0.1.0\", forRemoval = true)\npublic final class Old {}"),
                new Source("m", java.nio.file.Path.of("New.java"), "io.amqpharness.run",
                        "import io.amqpharness.Base; public final class New {}"));
        assertThat(cycles("m", bridged)).isEmpty();
    }

    /** The cycles among {@code module}'s packages, each as its edges with the files that make them. */
    static List<String> cycles(String module, List<Source> sources) {
        Map<String, Set<String>> graph = new TreeMap<>();
        Map<String, Set<String>> why = new HashMap<>();
        for (Source s : sources) {
            graph.computeIfAbsent(s.pkg(), k -> new TreeSet<>());
        }
        for (Source s : sources) {
            if (s.deprecatedForRemoval()) {
                continue;
            }
            for (String p : s.packagesNamed()) {
                if (graph.containsKey(p)) {
                    graph.get(s.pkg()).add(p);
                    why.computeIfAbsent(s.pkg() + " -> " + p, k -> new TreeSet<>()).add(s.path().getFileName().toString());
                }
            }
        }
        List<String> found = new ArrayList<>();
        for (Set<String> component : stronglyConnected(graph)) {
            if (component.size() > 1) {
                List<String> edges = new ArrayList<>();
                for (String from : component) {
                    for (String to : graph.get(from)) {
                        if (component.contains(to)) {
                            edges.add(from + " -> " + to + " " + why.get(from + " -> " + to));
                        }
                    }
                }
                found.add(module + ": " + String.join(", ", edges));
            }
        }
        return found;
    }

    /** Tarjan's strongly connected components, without recursion. */
    private static List<Set<String>> stronglyConnected(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new java.util.HashSet<>();
        List<Set<String>> components = new ArrayList<>();
        int[] next = {0};
        for (String root : graph.keySet()) {
            if (index.containsKey(root)) {
                continue;
            }
            Deque<Map.Entry<String, java.util.Iterator<String>>> work = new ArrayDeque<>();
            index.put(root, next[0]);
            low.put(root, next[0]++);
            stack.push(root);
            onStack.add(root);
            work.push(Map.entry(root, graph.get(root).iterator()));
            while (!work.isEmpty()) {
                String v = work.peek().getKey();
                java.util.Iterator<String> it = work.peek().getValue();
                if (it.hasNext()) {
                    String w = it.next();
                    if (!index.containsKey(w)) {
                        index.put(w, next[0]);
                        low.put(w, next[0]++);
                        stack.push(w);
                        onStack.add(w);
                        work.push(Map.entry(w, graph.get(w).iterator()));
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                } else {
                    work.pop();
                    if (!work.isEmpty()) {
                        String parent = work.peek().getKey();
                        low.put(parent, Math.min(low.get(parent), low.get(v)));
                    }
                    if (low.get(v).equals(index.get(v))) {
                        Set<String> component = new TreeSet<>();
                        String w;
                        do {
                            w = stack.pop();
                            onStack.remove(w);
                            component.add(w);
                        } while (!w.equals(v));
                        components.add(component);
                    }
                }
            }
        }
        return components;
    }
}
