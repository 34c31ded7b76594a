package io.amqpharness.scenario;

/** Whether a run reconnects when the broker drops a connection ({@code --recovery}). */
public enum RecoveryMode {
    /** On for a run with a time limit (or steps), off otherwise: the default. */
    AUTO,
    /** Reconnect, redeclare what the run owns, resubscribe, resume publishing on schedule. */
    ON,
    /** A dropped connection ends the run with its reason. */
    OFF
}
