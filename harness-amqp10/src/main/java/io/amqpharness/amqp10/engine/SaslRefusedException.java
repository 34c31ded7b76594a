package io.amqpharness.amqp10.engine;

import java.io.IOException;
import org.apache.qpid.protonj2.engine.sasl.SaslOutcome;

/** The broker refused SASL authentication; {@link Amqp10Errors} names the user in its sentence. */
final class SaslRefusedException extends IOException {
    private static final long serialVersionUID = 1L;

    SaslRefusedException(SaslOutcome outcome) {
        super("SASL authentication failed (" + outcome + ")");
    }
}
