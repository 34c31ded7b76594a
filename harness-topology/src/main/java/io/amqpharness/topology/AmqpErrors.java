package io.amqpharness.topology;

import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.Method;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import io.amqpharness.scenario.BrokerUri;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;

/** Turns amqp-client exceptions into one sentence a user can act on. Stateless. */
public final class AmqpErrors {
    private AmqpErrors() {
    }

    /** Why connecting to every one of several addresses failed (the last failure), naming them all. */
    public static String connectFailure(io.amqpharness.scenario.BrokerAddresses addresses, Throwable e) {
        String one = connectFailure(addresses.primary(), e);
        return addresses.size() == 1 ? one
                : one.replace("RabbitMQ at " + addresses.primary().redacted(), "RabbitMQ at any of " + addresses.redacted());
    }

    /** Why connecting failed, as a sentence naming the (redacted) address. */
    public static String connectFailure(BrokerUri uri, Throwable e) {
        String where = "RabbitMQ at " + uri.redacted();
        Throwable root = rootCause(e);
        if (e instanceof AuthenticationFailureException || e instanceof PossibleAuthenticationFailureException
                || root instanceof AuthenticationFailureException) {
            return where + " refused the credentials of user '" + uri.username()
                    + "'; check the user name and password in --uri (the guest user may only connect from localhost).";
        }
        if (root instanceof ConnectException) {
            return "Cannot connect to " + where + ": connection refused. Is the broker running? "
                    + "Start it (rabbitmq-server -detached, or scripts/ensure-broker.sh) or point --uri at one.";
        }
        if (root instanceof UnknownHostException) {
            return "Cannot connect to " + where + ": the host '" + uri.host() + "' is unknown.";
        }
        if (root instanceof SocketTimeoutException || root instanceof TimeoutException
                || root instanceof NoRouteToHostException) {
            return "Cannot connect to " + where + ": no answer within the connection timeout.";
        }
        java.util.Optional<String> tls = uri.tls() ? io.amqpharness.tls.TlsFailures.explainTls(e, uri.host())
                : io.amqpharness.tls.TlsFailures.explain(e, uri.host());
        if (tls.isPresent()) {
            return "Cannot connect to " + where + ": " + tls.get() + ".";
        }
        if (!uri.tls() && io.amqpharness.spi.PortProbe.probe(uri.host(), uri.port(), java.time.Duration.ofSeconds(2))
                == io.amqpharness.spi.PortProbe.Speaks.STREAM) {
            return "Cannot connect to " + where + ": port " + uri.port() + " is RabbitMQ's stream port, not an AMQP "
                    + "port; give the AMQP port (5672 by default) in --uri, or use --protocol stream with a "
                    + "rabbitmq-stream:// address.";
        }
        String text = brokerText(e);
        if (text != null && text.contains("vhost")) {
            return where + " refused the virtual host '" + uri.virtualHost() + "': " + text + ".";
        }
        if (text != null) {
            return "Cannot connect to " + where + ": " + text + ".";
        }
        return "Cannot connect to " + where + ": " + describe(root) + ".";
    }

    /** A sentence for a failed operation: "{@code what} failed: {@code reason}". */
    public static String operationFailure(String what, Throwable e) {
        String text = brokerText(e);
        return what + " failed: " + (text != null ? text : describe(rootCause(e))) + ".";
    }

    /** The broker's reply text (e.g. {@code PRECONDITION_FAILED - ...}) carried by a shutdown signal. */
    public static String brokerText(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ShutdownSignalException s) {
                return replyText(s);
            }
            if (t instanceof AlreadyClosedException a) {
                return a.getMessage();
            }
        }
        return null;
    }

    public static String replyText(ShutdownSignalException s) {
        Method reason = s.getReason();
        if (reason instanceof com.rabbitmq.client.AMQP.Channel.Close c) {
            return c.getReplyText();
        }
        if (reason instanceof com.rabbitmq.client.AMQP.Connection.Close c) {
            return c.getReplyText();
        }
        return s.getMessage();
    }

    public static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            if (t instanceof ShutdownSignalException) {
                return t;
            }
            t = t.getCause();
        }
        return t;
    }

    private static String describe(Throwable t) {
        if (t instanceof IOException && t.getMessage() == null) {
            return "an I/O error";
        }
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }
}
