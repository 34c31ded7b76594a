package io.amqpharness.scenario;

/** Ends a run once consumers have drained what there was to drain. */
public enum ExitWhen {
    /** Every queue the run consumes is empty and consumers hold nothing unacknowledged. */
    EMPTY,
    /** No consumer received anything for a whole reporting interval (and at least a second), after a first delivery. */
    IDLE
}
