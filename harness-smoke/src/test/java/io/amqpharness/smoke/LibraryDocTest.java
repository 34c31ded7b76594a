package io.amqpharness.smoke;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The example in docs/library.md is the test that runs in CI, line for line. */
class LibraryDocTest {

    private static final Path DOC = Path.of("..", "docs", "library.md");
    private static final Path EXAMPLE = Path.of("src", "test", "java", "io", "amqpharness", "smoke",
            "QueueSetupPerformanceIT.java");

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
}
