package io.amqpharness.spi;

import io.amqpharness.HarnessException;

/** The broker could not be reached, or refused the connection (credentials, virtual host). */
public final class BrokerUnreachableException extends HarnessException {
    public BrokerUnreachableException(String message, Throwable cause) {
        super(message, cause);
    }
}
