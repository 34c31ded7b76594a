package io.amqpharness.report.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file is replaced whole or not at all, and the temporary file never stays. */
class AtomicFilesTest {
    @TempDir
    Path tmp;

    @Test
    void writesANewFileAndLeavesNothingElse() throws IOException {
        Path file = tmp.resolve("result.json");
        assertThat(AtomicFiles.writeString(file, "{\"runId\":\"a\"}")).isEqualTo(file);
        assertThat(file).hasContent("{\"runId\":\"a\"}");
        assertThat(names()).containsExactly("result.json");
    }

    @Test
    void replacesAnExistingFileWhole() throws IOException {
        Path file = tmp.resolve("result.json");
        Files.writeString(file, "x".repeat(100_000));
        AtomicFiles.writeString(file, "short");
        assertThat(file).hasContent("short");
        assertThat(names()).containsExactly("result.json");
    }

    @Test
    void aWriteThatFailsHalfWayLeavesTheOldFileAsItWasAndNoTemporaryFile() throws IOException {
        Path file = tmp.resolve("result.json");
        Files.writeString(file, "the first run's whole result");
        assertThatThrownBy(() -> AtomicFiles.write(file, out -> {
            out.write("half of the second".getBytes(StandardCharsets.UTF_8));
            out.flush();
            throw new IOException("No space left on device");
        })).isInstanceOf(IOException.class).hasMessage("No space left on device");
        assertThat(file).hasContent("the first run's whole result");
        assertThat(names()).containsExactly("result.json");
    }

    @Test
    void aWriteThatIsCutOffBeforeTheMoveShowsOnlyTheOldFile() throws Exception {
        Path file = tmp.resolve("report.html");
        Files.writeString(file, "old");
        CountDownLatch halfWritten = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try {
            Future<Path> done = writer.submit(() -> AtomicFiles.write(file, out -> {
                out.write("new, first half; ".getBytes(StandardCharsets.UTF_8));
                out.flush();
                halfWritten.countDown();
                try {
                    goOn.await();
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
                out.write("second half".getBytes(StandardCharsets.UTF_8));
            }));
            assertThat(halfWritten.await(10, TimeUnit.SECONDS)).isTrue();
            // Mid-write (as when the JVM dies here): the file is still the old one, the new text is elsewhere.
            assertThat(file).hasContent("old");
            assertThat(names()).hasSize(2).contains("report.html")
                    .anyMatch(n -> n.startsWith(".report.html.") && n.endsWith(AtomicFiles.TEMPORARY_SUFFIX));
            goOn.countDown();
            done.get(10, TimeUnit.SECONDS);
        } finally {
            goOn.countDown();
            writer.shutdownNow();
        }
        assertThat(file).hasContent("new, first half; second half");
        assertThat(names()).containsExactly("report.html");
    }

    @Test
    void theFileGetsTheSamePermissionsAsAPlainWrite() throws IOException {
        Path plain = Files.writeString(tmp.resolve("plain.txt"), "a");
        Path atomic = AtomicFiles.writeString(tmp.resolve("atomic.txt"), "a");
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(plain);
        assertThat(Files.getPosixFilePermissions(atomic)).isEqualTo(expected)
                .contains(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    }

    @Test
    void aMissingDirectoryFailsWithoutCreatingAnything() {
        Path file = tmp.resolve("missing/result.json");
        assertThatThrownBy(() -> AtomicFiles.writeString(file, "x")).isInstanceOf(IOException.class);
        assertThat(tmp.resolve("missing")).doesNotExist();
    }

    private java.util.List<String> names() throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
