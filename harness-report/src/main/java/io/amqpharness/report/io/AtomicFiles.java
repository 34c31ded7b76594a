package io.amqpharness.report.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a whole file or nothing: the content goes to a temporary file in the same directory
 * ({@code .NAME.RANDOM.tmp}), is forced to the disk, then moved over {@code NAME} in one atomic
 * rename. A reader, or a harness killed in the middle, sees the old file or the new one, never a
 * half-written one; a failed write leaves the old file as it was and removes the temporary one.
 * The file gets the permissions a new file gets (the umask), not the temporary file's 0600 that
 * {@link Files#createTempFile} would give.
 *
 * <p>Thread-safe: stateless; two writers of one file end with one of the two contents, whole.
 */
public final class AtomicFiles {
    /** The temporary files' suffix; such a file left behind is from a JVM that died during a write. */
    public static final String TEMPORARY_SUFFIX = ".tmp";

    private AtomicFiles() {
    }

    /** What goes into a file. */
    @FunctionalInterface
    public interface Content {
        /** Writes the whole content to {@code out}, which the caller closes. */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code text} as UTF-8 into {@code file}, replacing it whole.
     *
     * @return {@code file}
     * @throws IOException if the directory cannot be written; {@code file} is then unchanged
     */
    public static Path writeString(Path file, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return write(file, out -> out.write(bytes));
    }

    /**
     * Writes what {@code content} writes into {@code file}, replacing it whole.
     *
     * @return {@code file}
     * @throws IOException if {@code content} or the file system fails; {@code file} is then unchanged
     */
    public static Path write(Path file, Content content) throws IOException {
        Path directory = file.toAbsolutePath().getParent();
        Path temporary = directory.resolve("." + file.getFileName() + "."
                + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36) + TEMPORARY_SUFFIX);
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 64 * 1024);
                content.writeTo(out);
                out.flush();
                channel.force(true);
            }
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // Not on POSIX file systems, where a rename within a directory is atomic.
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
            return file;
        } finally {
            if (!moved) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException e) {
                    // the write's own failure is the one to report
                }
            }
        }
    }
}
