package io.amqpharness.amqp10;

import io.amqpharness.scenario.BrokerUri;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.qpid.protonj2.types.transport.ErrorCondition;

/** Turns AMQP 1.0 failures into one sentence a user can act on. Stateless. */
final class Amqp10Errors {
    private static final String UNAUTHORIZED = "amqp:unauthorized-access";

    private Amqp10Errors() {
    }

    /** Why opening an AMQP 1.0 connection failed, as a sentence naming the (redacted) address. */
    static String connectFailure(BrokerUri uri, Throwable e) {
        Throwable t = unwrap(e);
        String where = "RabbitMQ at " + uri.redacted();
        if (t instanceof EngineConnection.SaslRefusedException) {
            return where + " refused the credentials of user '" + uri.username()
                    + "' over AMQP 1.0; check the user name and password in --uri (the guest user may only "
                    + "connect from localhost).";
        }
        if (t instanceof EngineConnection.RemoteClosedException r && r.condition() != null
                && UNAUTHORIZED.equals(String.valueOf(r.condition().getCondition()))) {
            return where + " refused user '" + uri.username() + "' access to virtual host '" + uri.virtualHost()
                    + "' over AMQP 1.0: " + text(t, uri) + ".";
        }
        Throwable root = rootCause(t);
        if (root instanceof ConnectException) {
            return "Cannot connect to " + where + ": connection refused. Is the broker running? "
                    + "Start it (rabbitmq-server -detached, or scripts/ensure-broker.sh) or point --uri at one.";
        }
        if (root instanceof UnknownHostException) {
            return "Cannot connect to " + where + ": the host '" + uri.host() + "' is unknown.";
        }
        if (!uri.tls() && io.amqpharness.spi.PortProbe.probe(uri.host(), uri.port(), java.time.Duration.ofSeconds(2))
                == io.amqpharness.spi.PortProbe.Speaks.STREAM) {
            return "Cannot connect to " + where + ": port " + uri.port() + " is RabbitMQ's stream port, not an AMQP "
                    + "port; give the AMQP port (5672 by default) in --uri, or use --protocol stream with a "
                    + "rabbitmq-stream:// address.";
        }
        if (root instanceof TimeoutException || root instanceof SocketTimeoutException
                || root instanceof NoRouteToHostException) {
            return "Cannot open an AMQP 1.0 connection to " + where + ": no answer within the connection timeout; "
                    + "on RabbitMQ 3.x, is the rabbitmq_amqp1_0 plugin enabled?";
        }
        java.util.Optional<String> tls = uri.tls() ? io.amqpharness.tls.TlsFailures.explainTls(t, uri.host())
                : io.amqpharness.tls.TlsFailures.explain(t, uri.host());
        if (tls.isPresent()) {
            return "Cannot connect to " + where + ": " + tls.get() + ".";
        }
        return "Cannot open an AMQP 1.0 connection to " + where + ": " + text(t, uri)
                + " (on RabbitMQ 3.x the rabbitmq_amqp1_0 plugin must be enabled).";
    }

    /** A sentence for a failed operation: "{@code what} failed: {@code reason}". */
    static String operationFailure(String what, Throwable e, BrokerUri uri) {
        return what + " failed: " + text(unwrap(e), uri) + ".";
    }

    /** The broker's error condition and description if there is one, else the exception's message. */
    static String text(Throwable e, BrokerUri uri) {
        Throwable t = unwrap(e);
        String text;
        if (t instanceof EngineConnection.RemoteClosedException r && r.condition() != null
                && r.condition().getCondition() != null) {
            text = condition(r.condition(), uri);
        } else {
            Throwable root = rootCause(t);
            text = t.getMessage() != null ? t.getMessage()
                    : root.getMessage() != null ? root.getMessage() : t.getClass().getSimpleName();
        }
        text = uri.scrub(text.strip());
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }

    /** "condition - description" of a broker's error, or "no error given" if it sent none. */
    static String condition(ErrorCondition c, BrokerUri uri) {
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

    private static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
