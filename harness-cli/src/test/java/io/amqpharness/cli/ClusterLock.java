package io.amqpharness.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * Holds a lock file while a test stops nodes of the local cluster, where other programs on the machine may do the
 * same: the file named by {@code HARNESS_CLUSTER_LOCK}, else a {@code cluster.lock} two directories above the
 * module (beside the checkout), if it exists. Without one it holds nothing (CI). Both lock kinds are taken: a
 * {@code fcntl} lock (Java's) and a {@code flock(1)} lock, held by a child process until {@link #close}.
 */
final class ClusterLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;
    private final Process holder;

    private ClusterLock(FileChannel channel, FileLock lock, Process holder) {
        this.channel = channel;
        this.lock = lock;
        this.holder = holder;
    }

    /** Waits for the lock (if there is a lock file) and holds it. */
    static ClusterLock take() throws IOException, InterruptedException {
        String named = System.getenv("HARNESS_CLUSTER_LOCK");
        Path file = named != null && !named.isBlank() ? Path.of(named) : Path.of("..", "..", "cluster.lock");
        if (!Files.exists(file) || !Files.isDirectory(file.toAbsolutePath().getParent())) {
            return new ClusterLock(null, null, null);
        }
        Process holder = null;
        if (Files.isExecutable(Path.of("/usr/bin/flock"))) {
            holder = new ProcessBuilder("/usr/bin/flock", file.toString(), "sh", "-c", "echo locked; read x")
                    .redirectErrorStream(true).start();
            byte[] line = new byte[7];
            int n = holder.getInputStream().readNBytes(line, 0, line.length);
            if (!new String(line, 0, n, StandardCharsets.US_ASCII).startsWith("locked")) {
                holder.destroy();
                throw new IOException("flock " + file + " did not take the lock");
            }
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
        return new ClusterLock(channel, channel.lock(), holder);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (lock != null) {
            lock.release();
            channel.close();
        }
        if (holder != null) {
            try (OutputStream in = holder.getOutputStream()) {
                in.write('\n');
            }
            if (!holder.waitFor(10, TimeUnit.SECONDS)) {
                holder.destroy();
            }
        }
    }
}
