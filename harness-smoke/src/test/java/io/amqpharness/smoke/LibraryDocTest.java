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
 * The example in docs/library.md is the outside project the suite builds (harness-library-it), file for
 * file: its test, its dependency and build sections, and the command that runs it; and the same test
 * runs in this build as QueueSetupPerformanceIT.
 */
class LibraryDocTest {

    private static final Path DOC = Path.of("..", "docs", "library.md");
    private static final Path EXAMPLE = Path.of("src", "test", "java", "io", "amqpharness", "smoke",
            "QueueSetupPerformanceIT.java");
    private static final Path OUTSIDE_PROJECT = Path.of("..", "harness-library-it", "src", "it", "library-user",
            "pom.xml");
    private static final Path OUTSIDE_TEST = Path.of("..", "harness-library-it", "src", "it", "library-user",
            "src", "test", "java", "example", "QueueSetupPerformanceTest.java");

    private static List<String> blocks(String language) throws IOException {
        Matcher m = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(DOC));
        List<String> found = new java.util.ArrayList<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    private static List<String> lines(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    /** The lines of the outside project's pom between {@code <!-- docs/library.md: NAME -->} and its end. */
    private static List<String> pomSection(String name) throws IOException {
        String pom = Files.readString(OUTSIDE_PROJECT);
        String start = "<!-- docs/library.md: " + name + " -->";
        String end = "<!-- end of docs/library.md: " + name + " -->";
        assertThat(pom).contains(start, end);
        return lines(pom.substring(pom.indexOf(start) + start.length(), pom.indexOf(end))).stream()
                .map(l -> l.replace("@project.version@", "0.1.0-SNAPSHOT")).toList();
    }

    @Test
    void theDocumentedTestIsTheOutsideProjectsTestFile() throws IOException {
        assertThat(blocks("java")).as("java blocks in %s", DOC).isNotEmpty();
        assertThat(blocks("java").get(0)).isEqualTo(Files.readString(OUTSIDE_TEST));
        String name = OUTSIDE_TEST.getFileName().toString();
        assertThat(name).as("a class Surefire runs by default (not *IT)").matches("(Test.*|.*Test|.*Tests|.*TestCase)\\.java");
        assertThat(Files.readString(DOC)).contains("src/test/java/example/" + name);
    }

    @Test
    void theDocumentedDependenciesAndBuildAreTheOutsideProjectsOnes() throws IOException {
        List<String> xml = blocks("xml");
        assertThat(xml).as("xml blocks in %s", DOC).hasSizeGreaterThanOrEqualTo(2);
        assertThat(lines(xml.get(0))).isEqualTo(pomSection("dependencies"));
        assertThat(lines(xml.get(1))).isEqualTo(pomSection("build"));
        // What made the documented project compile nothing or run no test with Maven 3.8's defaults.
        String build = String.join("\n", pomSection("build"));
        assertThat(build).contains("<maven.compiler.release>17</maven.compiler.release>")
                .containsPattern("<artifactId>maven-surefire-plugin</artifactId>\\s*<version>3\\.");
    }

    @Test
    void theDocumentedCommandIsTheOneTheSuiteRuns() throws IOException {
        java.util.Properties invoker = new java.util.Properties();
        try (var in = Files.newInputStream(OUTSIDE_PROJECT.resolveSibling("invoker.properties"))) {
            invoker.load(in);
        }
        String command = "mvn " + invoker.getProperty("invoker.goals").strip();
        assertThat(blocks("bash").stream().map(String::strip)).as("the doc runs the project as the suite does")
                .contains(command);
        String verify = Files.readString(OUTSIDE_PROJECT.resolveSibling("verify.groovy"));
        assertThat(verify).as("the suite fails unless the project's run executed its tests").contains("tests >= 1");
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
