package io.amqpharness.scenario;

/** What publishers do once {@code --backlog} is reached and the consumers arrive. */
public enum BacklogThen {
    /** Publishers stop: the consumers drain what the queues hold and the run ends. */
    DRAIN,
    /** Publishers go on at their rate while the consumers drain the backlog (the default). */
    KEEP_PUBLISHING
}
