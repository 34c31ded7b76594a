package io.amqpharness.smoke;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The example in docs/library.md is the test that runs in CI, line for line, and its dependency
 * section is the one of the outside project CI builds (harness-library-it).
 */
class LibraryDocTest {

    private static final Path DOC = Path.of("..", "docs", "library.md");
    private static final Path EXAMPLE = Path.of("src", "test", "java", "io", "amqpharness", "smoke",
            "QueueSetupPerformanceIT.java");
    private static final Path OUTSIDE_PROJECT = Path.of("..", "harness-library-it", "src", "it", "library-user",
            "pom.xml");
    private static final Path OUTSIDE_TEST = Path.of("..", "harness-library-it", "src", "it", "library-user",
            "src", "test", "java", "example", "QueueSetupPerformanceTest.java");

    @Test
    void everyLineOfTheDocumentedExampleIsInTheTestInTheSameOrder() throws IOException {
        Matcher m = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(DOC));
        assertThat(m.find()).as("a java block in %s", DOC).isTrue();
        List<String> documented = m.group(1).lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        List<String> actual = Files.readAllLines(EXAMPLE).stream().map(String::strip).toList();

        int at = 0;
        for (String line : documented) {
            int found = actual.subList(at, actual.size()).indexOf(line);
            assertThat(found).as("documented line '%s' in %s after line %d", line, EXAMPLE, at).isNotNegative();
            at += found + 1;
        }
    }

    @Test
    void theDocumentedDependenciesAreTheOutsideProjectsOnes() throws IOException {
        Matcher m = Pattern.compile("```xml\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(DOC));
        assertThat(m.find()).as("an xml block in %s", DOC).isTrue();
        String pom = Files.readString(OUTSIDE_PROJECT);
        String section = pom.substring(pom.indexOf("<!-- docs/library.md: dependencies -->"),
                pom.indexOf("<!-- end of docs/library.md: dependencies -->"));
        List<String> documented = m.group(1).lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        List<String> used = section.lines().skip(1).map(String::strip).filter(l -> !l.isEmpty())
                .map(l -> l.replace("@project.version@", "0.1.0-SNAPSHOT")).toList();
        assertThat(documented).isEqualTo(used);
    }

    @Test
    void theOutsideProjectRunsTheDocumentedExample() throws IOException {
        List<String> example = Files.readAllLines(EXAMPLE).stream().map(String::strip)
                .filter(l -> !l.startsWith("package ") && !l.contains("class QueueSetupPerformance")).toList();
        List<String> outside = Files.readAllLines(OUTSIDE_TEST).stream().map(String::strip)
                .filter(l -> !l.startsWith("package ") && !l.contains("class QueueSetupPerformance")).toList();
        assertThat(outside).isEqualTo(example);
    }
}
