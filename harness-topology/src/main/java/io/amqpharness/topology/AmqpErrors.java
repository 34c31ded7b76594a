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
        Throwable root = rootCause(e);
        if (e instanceof AuthenticationFailureException || e instanceof PossibleAuthenticationFailureException
                || root instanceof AuthenticationFailureException) {
            return refusedCredentials(uri, "");
        }
        java.util.Optional<String> unreachable = unreachable(uri, root);
        if (unreachable.isPresent()) {
            return unreachable.get();
        }
        String where = where(uri);
        if (gaveNoAnswer(root)) {
            return "Cannot connect to " + where + ": " + NO_ANSWER + ".";
        }
        java.util.Optional<String> tls = uri.tls() ? io.amqpharness.tls.TlsFailures.explainTls(e, uri.host())
                : io.amqpharness.tls.TlsFailures.explain(e, uri.host());
        if (tls.isPresent()) {
            return "Cannot connect to " + where + ": " + tls.get() + ".";
        }
        java.util.Optional<String> streamPort = streamPort(uri);
        if (streamPort.isPresent()) {
            return streamPort.get();
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

    // The sentences below are shared by every AMQP driver (0.9.1 here, 1.0 in harness-amqp10).

    /** What a time-out to connect is called in sentences: {@value}. */
    public static final String NO_ANSWER = "no answer within the connection timeout";

    /** How sentences name the broker: "RabbitMQ at" and the address with its password redacted. */
    public static String where(BrokerUri uri) {
        return "RabbitMQ at " + uri.redacted();
    }

    /**
     * The sentence for a broker that refused the user's credentials.
     *
     * @param over how the protocol is named after the user, such as {@code " over AMQP 1.0"}; empty for none
     */
    public static String refusedCredentials(BrokerUri uri, String over) {
        return where(uri) + " refused the credentials of user '" + uri.username() + "'" + over
                + "; check the user name and password in --uri (the guest user may only connect from localhost).";
    }

    /**
     * The sentence for a broker that could not be reached: connection refused (with what to do) or
     * unknown host; empty for any other cause.
     *
     * @param root the root cause of the failure ({@link #rootCause})
     */
    public static java.util.Optional<String> unreachable(BrokerUri uri, Throwable root) {
        if (root instanceof ConnectException) {
            return java.util.Optional.of("Cannot connect to " + where(uri) + ": connection refused. Is the broker "
                    + "running? Start it (rabbitmq-server -detached, or scripts/ensure-broker.sh) or point --uri at one.");
        }
        if (root instanceof UnknownHostException) {
            return java.util.Optional.of("Cannot connect to " + where(uri) + ": the host '" + uri.host() + "' is unknown.");
        }
        return java.util.Optional.empty();
    }

    /** True if the root cause says the broker gave no answer in time (a time-out, or no route to the host): {@link #NO_ANSWER}. */
    public static boolean gaveNoAnswer(Throwable root) {
        return root instanceof SocketTimeoutException || root instanceof TimeoutException
                || root instanceof NoRouteToHostException;
    }

    /**
     * The sentence for a plain ({@code amqp://}) address whose port speaks RabbitMQ's stream
     * protocol, found by probing it for up to 2 s; empty for a TLS address or any other port.
     */
    public static java.util.Optional<String> streamPort(BrokerUri uri) {
        if (!uri.tls() && io.amqpharness.spi.PortProbe.probe(uri.host(), uri.port(), java.time.Duration.ofSeconds(2))
                == io.amqpharness.spi.PortProbe.Speaks.STREAM) {
            return java.util.Optional.of("Cannot connect to " + where(uri) + ": port " + uri.port() + " is RabbitMQ's "
                    + "stream port, not an AMQP port; give the AMQP port (5672 by default) in --uri, or use --protocol "
                    + "stream with a rabbitmq-stream:// address.");
        }
        return java.util.Optional.empty();
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

    /**
     * The innermost cause of {@code e} (the exception itself if it has none), stopping at an
     * amqp-client shutdown signal, whose reply text is the broker's reason.
     */
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
