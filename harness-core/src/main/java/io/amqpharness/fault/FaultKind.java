package io.amqpharness.fault;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** What a {@link Fault} does, by the id users write after {@code kind=}. */
public enum FaultKind {
    /** Closes every connection of the run from the broker's side (management API). */
    CLOSE_CONNECTIONS("close-connections"),
    /** Stops a node's RabbitMQ application ({@code stop_app}) for {@code for}, then starts it again. */
    STOP_NODE("stop-node"),
    /** Stops and at once starts a broker's RabbitMQ application ({@code stop_app}, {@code start_app}). */
    RESTART_BROKER("restart-broker"),
    /** Lowers a node's memory watermark so that it raises a memory alarm, for {@code for}; then puts it back. */
    MEMORY_ALARM("memory-alarm"),
    /** Deletes one of the run's queues (management API); recovering consumers declare it again. */
    DELETE_QUEUE("delete-queue"),
    /** Runs a user's command ({@code run=...}), and {@code undo=...} after {@code for} if given. */
    COMMAND("command");

    private final String id;

    FaultKind(String id) {
        this.id = id;
    }

    /** The id users write: {@code stop-node}. */
    public String id() {
        return id;
    }

    /** The kind with this id, if any. */
    public static Optional<FaultKind> of(String id) {
        return Arrays.stream(values()).filter(k -> k.id.equals(id.trim().toLowerCase(Locale.ROOT))).findFirst();
    }

    /** Every id, comma-separated, for messages. */
    public static String ids() {
        return Arrays.stream(values()).map(FaultKind::id).collect(Collectors.joining(", "));
    }

    /** Whether this kind lasts for a while ({@code for}) and is then undone. */
    public boolean lasts() {
        return this == STOP_NODE || this == MEMORY_ALARM || this == COMMAND;
    }
}
