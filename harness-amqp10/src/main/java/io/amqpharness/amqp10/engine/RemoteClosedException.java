package io.amqpharness.amqp10.engine;

import java.io.IOException;
import org.apache.qpid.protonj2.types.transport.ErrorCondition;

/**
 * The broker closed the connection, ended a session or detached a link, with the error condition
 * it gave. {@link Links#attach} throws it when the broker refuses a link; {@link Amqp10Errors}
 * turns it into a sentence.
 */
public final class RemoteClosedException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient ErrorCondition condition;

    RemoteClosedException(String message, ErrorCondition condition) {
        super(message);
        this.condition = condition;
    }

    /** The broker's error condition; null if it gave none. */
    ErrorCondition condition() {
        return condition;
    }
}
