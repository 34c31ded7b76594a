package io.amqpharness.report.io;

import io.amqpharness.HarnessException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/** One-sentence errors for files the harness cannot read or write. */
public final class OutputFiles {
    private OutputFiles() {
    }

    public static HarnessException cannotWrite(Path file, IOException e) {
        return new HarnessException("Cannot write " + file + ": " + reason(e) + ".", e);
    }

    /** Creates a directory and its parents, or explains in one sentence why it cannot. */
    public static Path createDirectory(Path dir, String option) {
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            throw new HarnessException(option + " " + dir + " exists and is not a directory; give a directory.", e);
        } catch (IOException e) {
            throw new HarnessException("Cannot create the directory " + dir + " for " + option + ": " + reason(e)
                    + ".", e);
        }
        if (!Files.isWritable(dir)) {
            throw new HarnessException("Cannot write into " + dir + " (" + option + "): permission denied.");
        }
        return dir;
    }

    /** A short reason for an I/O error, without a stack trace, for example {@code permission denied}. */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof NotDirectoryException) {
            return "a part of the path is not a directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
