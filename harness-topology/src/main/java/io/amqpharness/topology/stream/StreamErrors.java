package io.amqpharness.topology.stream;

import com.rabbitmq.stream.AuthenticationFailureException;
import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.StreamDoesNotExistException;
import com.rabbitmq.stream.StreamException;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.tls.TlsFailures;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;

/**
 * One-sentence explanations of the stream client's failures, for the stream driver and its
 * {@link StreamControl}.
 */
public final class StreamErrors {
    private StreamErrors() {
    }

    /** The sentence for a stream address whose port speaks AMQP. */
    public static String amqpPort(BrokerUri uri) {
        return "Cannot connect to RabbitMQ's stream port at " + uri.redacted() + ": port " + uri.port()
                + " is an AMQP port, not RabbitMQ's stream port; give the stream port (5552 by default) in --uri, "
                + "or use --protocol amqp091 or amqp10 with an amqp:// address.";
    }

    /** Why the first connection to the broker failed, as one sentence. */
    public static String connectFailure(BrokerUri uri, Throwable e) {
        String where = "RabbitMQ's stream port at " + uri.redacted();
        Throwable root = root(e);
        if (e instanceof AuthenticationFailureException || root instanceof AuthenticationFailureException) {
            return where + " refused the credentials of user '" + uri.username()
                    + "'; check the user name and password in --uri (the guest user may only connect from localhost).";
        }
        if (uri.tls()) {
            java.util.Optional<String> tls = tlsFailure(uri, e);
            if (tls.isPresent()) {
                return "Cannot connect to " + where + ": " + tls.get() + ".";
            }
        }
        if (root instanceof ConnectException) {
            return "Cannot connect to " + where + ": connection refused. Is the rabbitmq_stream plugin enabled "
                    + "(rabbitmq-plugins enable rabbitmq_stream) and is " + uri.port() + " its port (5552 by default)?";
        }
        if (root instanceof UnknownHostException) {
            return "Cannot connect to " + where + ": the host '" + uri.host() + "' is unknown.";
        }
        if (root instanceof TimeoutException || root instanceof NoRouteToHostException
                || root instanceof java.net.SocketTimeoutException) {
            return "Cannot connect to " + where + ": no answer within the connection timeout.";
        }
        String text = describe(e);
        if (text.toLowerCase(java.util.Locale.ROOT).contains("virtual host")
                || text.toLowerCase(java.util.Locale.ROOT).contains("vhost")) {
            return where + " refused the virtual host '" + uri.virtualHost() + "': " + text + ".";
        }
        return "Cannot connect to " + where + ": " + text + ".";
    }

    /**
     * A failed TLS connection in the words the AMQP drivers use; a plain stream port (or one that wants a
     * client certificate) closes a TLS connection without a TLS error, which Netty reports as a closed
     * channel, or the client as a closed connection when its first request was already on its way.
     */
    private static java.util.Optional<String> tlsFailure(BrokerUri uri, Throwable e) {
        java.util.Optional<String> tls = TlsFailures.explainTls(e, uri.host());
        if (tls.isPresent()) {
            return tls;
        }
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof java.nio.channels.ClosedChannelException || closedConnection(t)) {
                return java.util.Optional.of("the broker closed the TLS connection as it opened; is " + uri.port()
                        + " its stream TLS port (5551 by default; rabbitmq-stream:// for the plain one)? If it requires "
                        + "a client certificate, give one it trusts with --tls-key-store FILE");
            }
        }
        return java.util.Optional.empty();
    }

    /** The client's own exception for a connection closed under a request (its class is not public). */
    private static boolean closedConnection(Throwable t) {
        return t instanceof StreamException && t.getClass().getSimpleName().equals("ConnectionStreamException");
    }

    /** {@code what} failed, and why, as one sentence. */
    public static String operationFailure(String what, Throwable e) {
        if (e instanceof StreamDoesNotExistException) {
            return what + " failed: the stream does not exist.";
        }
        return what + " failed: " + describe(e) + ".";
    }

    /** The client's message, or the class name of the root cause if it has none. */
    public static String describe(Throwable e) {
        String text = e.getMessage();
        if (e instanceof StreamException se && se.getCode() != -1) {
            String code = code(se.getCode());
            if (text == null || !text.contains(code)) {
                text = (text == null ? "" : text + " ") + "(" + code + ")";
            }
        }
        if (text == null || text.isBlank()) {
            Throwable root = root(e);
            text = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        }
        while (text.endsWith(".")) {
            text = text.substring(0, text.length() - 1);
        }
        return text;
    }

    /** The client's name for a confirmation or response code, for example {@code PRODUCER_NOT_AVAILABLE}. */
    public static String code(short code) {
        return CODES.getOrDefault(code, Short.toString(code));
    }

    /** The client's constants by value: RESPONSE_CODE_STREAM_DOES_NOT_EXIST becomes STREAM_DOES_NOT_EXIST. */
    private static final java.util.Map<Short, String> CODES = codes();

    private static java.util.Map<Short, String> codes() {
        java.util.Map<Short, String> m = new java.util.HashMap<>();
        for (java.lang.reflect.Field f : Constants.class.getFields()) {
            if (f.getType() == short.class && (f.getName().startsWith("RESPONSE_CODE_") || f.getName().startsWith("CODE_"))) {
                try {
                    m.putIfAbsent(f.getShort(null), f.getName().replaceFirst("^(RESPONSE_CODE_|CODE_)", ""));
                } catch (IllegalAccessException e) {
                    // public constants: not expected
                }
            }
        }
        return java.util.Map.copyOf(m);
    }

    private static Throwable root(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
