package io.amqpharness.amqp10.engine;

import io.amqpharness.scenario.BrokerUri;
import java.security.Principal;
import java.util.Optional;
import java.util.Set;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.sasl.SaslOutcome;
import org.apache.qpid.protonj2.engine.sasl.client.SaslAuthenticator;
import org.apache.qpid.protonj2.engine.sasl.client.SaslCredentialsProvider;
import org.apache.qpid.protonj2.engine.sasl.client.SaslMechanismSelector;
import org.apache.qpid.protonj2.types.Symbol;

/**
 * SASL PLAIN with a broker URI's credentials (the virtual host as {@code vhost:NAME}), and what the
 * broker answered. Thread-safe.
 */
final class SaslPlain {
    private volatile SaslOutcome outcome;

    private SaslPlain() {
    }

    /** Sets up an engine's client SASL with {@code uri}'s user and password; before the engine starts. */
    static SaslPlain install(Engine engine, BrokerUri uri) {
        SaslPlain plain = new SaslPlain();
        SaslAuthenticator sasl = new SaslAuthenticator(new SaslMechanismSelector(Set.of(Symbol.valueOf("PLAIN"))),
                new Credentials(uri));
        sasl.saslComplete(outcome -> plain.outcome = outcome);
        engine.saslDriver().client().setListener(sasl);
        return plain;
    }

    /** The broker's refusal, if it answered and did not accept the credentials. */
    Optional<SaslRefusedException> refusal() {
        SaslOutcome o = outcome;
        return o != null && o != SaslOutcome.SASL_OK ? Optional.of(new SaslRefusedException(o)) : Optional.empty();
    }

    /** SASL credentials from the broker URI. */
    private record Credentials(BrokerUri uri) implements SaslCredentialsProvider {
        @Override
        public String vhost() {
            return "vhost:" + uri.virtualHost();
        }

        @Override
        public String username() {
            return uri.username();
        }

        @Override
        public String password() {
            return uri.password();
        }

        @Override
        public Principal localPrincipal() {
            return null;
        }
    }
}
