package io.amqpharness.spi;

import io.amqpharness.HarnessException;

/** A driver operation failed: a link closed, a declaration was refused, a send failed. */
public final class DriverException extends HarnessException {
    public DriverException(String message) {
        super(message);
    }

    public DriverException(String message, Throwable cause) {
        super(message, cause);
    }
}
