package io.amqpharness.metrics;

import io.amqpharness.HarnessException;
import java.util.OptionalInt;

/** The metrics port is taken by another process; the endpoint did not start. */
public final class PortInUseException extends HarnessException {
    private static final long serialVersionUID = 1L;
    private final int port;
    private final transient OptionalInt freePort;

    PortInUseException(int port, OptionalInt freePort, String detail, Throwable cause) {
        super("Port " + port + " is already in use" + detail + ", so the Prometheus endpoint cannot start.", cause);
        this.port = port;
        this.freePort = freePort;
    }

    /** The port asked for. */
    public int port() {
        return port;
    }

    /** A nearby port that was free a moment ago, to suggest instead. */
    public OptionalInt freePort() {
        return freePort;
    }
}
