package io.amqpharness.cli;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * A writer that puts a prefix ({@code [probe] }) before each line and hands whole lines to a
 * shared writer, one at a time, so that the console output of groups running side by side does
 * not mix within a line. Thread-safe: lines are written under the shared writer's lock.
 */
final class LinePrefixWriter extends Writer {
    private final PrintWriter target;
    private final String prefix;
    private final StringBuilder line = new StringBuilder();

    LinePrefixWriter(PrintWriter target, String prefix) {
        this.target = target;
        this.prefix = prefix;
    }

    @Override
    public synchronized void write(char[] chars, int off, int len) {
        for (int i = off; i < off + len; i++) {
            char c = chars[i];
            if (c == '\n') {
                emit();
            } else if (c != '\r') {
                line.append(c);
            }
        }
    }

    private void emit() {
        synchronized (target) {
            target.println(line.length() == 0 ? prefix.stripTrailing() : prefix + line);
        }
        line.setLength(0);
    }

    @Override
    public synchronized void flush() {
        if (line.length() > 0) {
            emit();
        }
        target.flush();
    }

    @Override
    public void close() {
        flush();
    }
}
