package io.amqpharness;

/** Base of the harness's own runtime errors; the message is one sentence meant for users. */
public class HarnessException extends RuntimeException {
    public HarnessException(String message) {
        super(message);
    }

    public HarnessException(String message, Throwable cause) {
        super(message, cause);
    }
}
