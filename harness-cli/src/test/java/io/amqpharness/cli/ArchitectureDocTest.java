package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Holds docs/architecture.md to the code: every class it names in backticks ({@code `LoadRunner`},
 * {@code `PacingThread.sendDue`}) is a Java file of this repository, and every module its "Modules" section
 * names is one of the build's. A renamed or deleted class fails this test until the page follows.
 */
class ArchitectureDocTest {
    /** Names the page uses that are not this project's classes: the JDK's and HdrHistogram's, and placeholders. */
    private static final Set<String> NOT_OURS = Set.of("Optional", "OptionalInt", "Path", "ServiceLoader", "Recorder",
            "XIT", "XOnRabbitMQ4IT");

    private static final Path ROOT = Path.of("..");

    @Test
    void everyClassTheArchitecturePageNamesExists() throws IOException {
        String page = Files.readString(ROOT.resolve("docs/architecture.md"));
        Set<String> classes = javaFiles();
        Set<String> named = new TreeSet<>();
        Matcher m = Pattern.compile("`([A-Z][A-Za-z0-9]+)(\\.[A-Za-z][A-Za-z0-9]*)?`").matcher(page);
        while (m.find()) {
            named.add(m.group(1));
        }
        named.removeAll(NOT_OURS);
        assertThat(named).as("classes named in docs/architecture.md").hasSizeGreaterThan(50);
        assertThat(named).as("classes docs/architecture.md names that no source file defines")
                .allSatisfy(n -> assertThat(classes).as(n).contains(n));
    }

    @Test
    void everyModuleTheArchitecturePageNamesIsBuilt() throws IOException {
        String page = Files.readString(ROOT.resolve("docs/architecture.md"));
        String modules = page.substring(page.indexOf("## Modules"), page.indexOf("\n## ", page.indexOf("## Modules") + 1));
        String pom = Files.readString(ROOT.resolve("pom.xml"));
        Matcher m = Pattern.compile("`(harness-[a-z0-9-]+)`").matcher(modules);
        Set<String> named = new TreeSet<>();
        while (m.find()) {
            named.add(m.group(1));
        }
        assertThat(named).isNotEmpty();
        assertThat(named).allSatisfy(module -> assertThat(pom).as(module).contains("<module>" + module + "</module>"));
    }

    private static Set<String> javaFiles() throws IOException {
        try (Stream<Path> modules = Files.list(ROOT)) {
            return modules.filter(p -> Files.isDirectory(p.resolve("src"))).flatMap(ArchitectureDocTest::sources)
                    .map(p -> p.getFileName().toString().replace(".java", ""))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static Stream<Path> sources(Path module) {
        try {
            return Files.walk(module.resolve("src")).filter(p -> p.toString().endsWith(".java")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
