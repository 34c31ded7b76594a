package io.amqpharness.fault;

import java.util.Map;

/**
 * Makes faults happen on the broker. {@link BrokerFaultActions} does it through the management API and
 * {@code --fault-ctl}; tests can give their own. Called from the fault schedule's thread, one call at a time.
 */
public interface FaultActions {

    /**
     * Makes {@code fault} happen; returns when it has (the connections are closed, the node is stopped).
     *
     * @throws Exception if it could not be made; the run goes on and the report says why
     */
    void begin(Fault fault) throws Exception;

    /**
     * Undoes a lasting fault (starts the node, puts the watermark back, runs {@code undo}). Called once for every
     * lasting fault whose {@link #begin} was called, also when the run ends first or {@code begin} failed.
     *
     * @throws Exception if it could not be undone; the report says so
     */
    void end(Fault fault) throws Exception;

    /**
     * The run's open publisher and consumer connections by name ({@code harness-RUN-p0}) and the node each is on
     * ({@code rabbit@host}), as the broker lists them; empty if it cannot tell. Called just before each fault.
     */
    default Map<String, String> connectionNodes() {
        return Map.of();
    }
}
