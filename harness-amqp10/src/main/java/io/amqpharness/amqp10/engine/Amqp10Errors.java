package io.amqpharness.amqp10.engine;

import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.topology.AmqpErrors;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.apache.qpid.protonj2.types.transport.ErrorCondition;

/**
 * Turns AMQP 1.0 failures into one sentence a user can act on; the sentences every AMQP driver
 * says alike (refused, unknown host, no answer, the stream port) come from {@link AmqpErrors}.
 * Stateless.
 */
public final class Amqp10Errors {
    private static final String UNAUTHORIZED = "amqp:unauthorized-access";

    private Amqp10Errors() {
    }

    /** Why opening an AMQP 1.0 connection failed, as a sentence naming the (redacted) address. */
    static String connectFailure(BrokerUri uri, Throwable e) {
        Throwable t = unwrap(e);
        String where = AmqpErrors.where(uri);
        if (t instanceof SaslRefusedException) {
            return AmqpErrors.refusedCredentials(uri, " over AMQP 1.0");
        }
        if (t instanceof RemoteClosedException r && r.condition() != null
                && UNAUTHORIZED.equals(String.valueOf(r.condition().getCondition()))) {
            return where + " refused user '" + uri.username() + "' access to virtual host '" + uri.virtualHost()
                    + "' over AMQP 1.0: " + text(t, uri) + ".";
        }
        Throwable root = AmqpErrors.rootCause(t);
        Optional<String> unreachable = AmqpErrors.unreachable(uri, root);
        if (unreachable.isPresent()) {
            return unreachable.get();
        }
        Optional<String> streamPort = AmqpErrors.streamPort(uri);
        if (streamPort.isPresent()) {
            return streamPort.get();
        }
        if (AmqpErrors.gaveNoAnswer(root)) {
            return "Cannot open an AMQP 1.0 connection to " + where + ": " + AmqpErrors.NO_ANSWER
                    + "; on RabbitMQ 3.x, is the rabbitmq_amqp1_0 plugin enabled?";
        }
        Optional<String> tls = uri.tls() ? io.amqpharness.tls.TlsFailures.explainTls(t, uri.host())
                : io.amqpharness.tls.TlsFailures.explain(t, uri.host());
        if (tls.isPresent()) {
            return "Cannot connect to " + where + ": " + tls.get() + ".";
        }
        return "Cannot open an AMQP 1.0 connection to " + where + ": " + text(t, uri)
                + " (on RabbitMQ 3.x the rabbitmq_amqp1_0 plugin must be enabled).";
    }

    /**
     * The broker's error condition and description if there is one, else the exception's message;
     * with the password scrubbed and without a closing period.
     */
    public static String text(Throwable e, BrokerUri uri) {
        Throwable t = unwrap(e);
        String text;
        if (t instanceof RemoteClosedException r && r.condition() != null && r.condition().getCondition() != null) {
            text = condition(r.condition(), uri);
        } else {
            Throwable root = AmqpErrors.rootCause(t);
            text = t.getMessage() != null ? t.getMessage()
                    : root.getMessage() != null ? root.getMessage() : t.getClass().getSimpleName();
        }
        text = uri.scrub(text.strip());
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }

    /**
     * "condition - description" of a broker's error, or "no error given" if it sent none; with the
     * password scrubbed and without a closing period.
     *
     * @param c the error condition of a close or detach frame; may be null
     */
    public static String condition(ErrorCondition c, BrokerUri uri) {
        if (c == null || c.getCondition() == null) {
            return "no error given";
        }
        String d = c.getDescription();
        String text = d == null || d.isBlank() ? c.getCondition().toString() : c.getCondition() + " - " + d;
        text = uri.scrub(text.strip());
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while (t instanceof ExecutionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
