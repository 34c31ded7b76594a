package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --instances N --protocol stream}: what is refused before any child starts. */
class StreamInstancesTest {

    /** F2: children of --instances would each name their producers alike without %i. */
    @Test
    void producerNamesWithoutTheInstanceAreRefusedBeforeAnyChildStarts(@TempDir Path dir) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path outDir = dir.resolve("out");
        int code = Main.execute(new String[] {"--protocol", "stream", "--uri", "rabbitmq-stream://127.0.0.1:1",
                "--producer-names", "%s-%d", "--instances", "2", "--output-dir", outDir.toString(), "-z", "1s"},
                new PrintWriter(out, true), new PrintWriter(err, true), Map.of());
        assertThat(err.toString().strip()).isEqualTo("--producer-names %s-%d lacks %i (the instance): with "
                + "--instances every instance would publish under the same names and the broker would drop one's "
                + "messages as the other's duplicates; for example --producer-names %s-%i-%d.");
        assertThat(code).isEqualTo(2);
        assertThat(Files.exists(outDir.resolve("instance-0"))).as("no child started").isFalse();
    }
}
