package io.amqpharness.tls;

import io.amqpharness.HarnessException;

/** A TLS option names a file that cannot serve: the message is one sentence naming the option and the file. */
public final class TlsSetupException extends HarnessException {
    private static final long serialVersionUID = 1L;

    public TlsSetupException(String message, Throwable cause) {
        super(message, cause);
    }
}
