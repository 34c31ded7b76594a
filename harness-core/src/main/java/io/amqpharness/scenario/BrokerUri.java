package io.amqpharness.scenario;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * An {@code amqp://} or {@code amqps://} broker address, or a RabbitMQ stream protocol address
 * ({@code rabbitmq-stream://}, {@code rabbitmq-stream+tls://}). {@link #toString()} never shows the
 * password: it prints {@code amqp://user:***@host:port/vhost}.
 *
 * @param uri the address as given; user info, path (virtual host) and port are optional
 */
public record BrokerUri(URI uri) {
    /** The default broker address: {@code amqp://localhost:5672}. */
    public static final BrokerUri DEFAULT = new BrokerUri(URI.create("amqp://localhost:5672"));

    public BrokerUri {
        String scheme = uri.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("amqp") || scheme.equalsIgnoreCase("amqps")
                || scheme.equalsIgnoreCase(STREAM) || scheme.equalsIgnoreCase(STREAM_TLS))) {
            throw new IllegalArgumentException("the scheme must be amqp, amqps, rabbitmq-stream or rabbitmq-stream+tls");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("the address has no host");
        }
    }

    /** Parses an address; empty if it is not a valid amqp(s) URI. */
    public static Optional<BrokerUri> parse(String text) {
        try {
            return Optional.of(new BrokerUri(new URI(text.trim())));
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The stream protocol's schemes. */
    static final String STREAM = "rabbitmq-stream";
    static final String STREAM_TLS = "rabbitmq-stream+tls";

    public boolean tls() {
        return uri.getScheme().equalsIgnoreCase("amqps") || uri.getScheme().equalsIgnoreCase(STREAM_TLS);
    }

    /** True for a stream protocol address ({@code rabbitmq-stream://} or {@code rabbitmq-stream+tls://}). */
    public boolean stream() {
        return uri.getScheme().regionMatches(true, 0, STREAM, 0, STREAM.length());
    }

    public String host() {
        return uri.getHost();
    }

    /**
     * The port; when the address has none, 5672 (amqp), 5671 (amqps), 5552 (rabbitmq-stream) or 5551
     * (rabbitmq-stream+tls).
     */
    public int port() {
        if (uri.getPort() > 0) {
            return uri.getPort();
        }
        return stream() ? (tls() ? 5551 : 5552) : tls() ? 5671 : 5672;
    }

    /** The user name, {@code guest} when the address has none. */
    public String username() {
        String info = uri.getRawUserInfo();
        if (info == null || info.isEmpty()) {
            return "guest";
        }
        int colon = info.indexOf(':');
        return decode(colon < 0 ? info : info.substring(0, colon));
    }

    /** The password, {@code guest} when the address has none. Never print it. */
    public String password() {
        String info = uri.getRawUserInfo();
        if (info == null || info.indexOf(':') < 0) {
            return "guest";
        }
        return decode(info.substring(info.indexOf(':') + 1));
    }

    /** The virtual host: {@code /} for an empty path, otherwise the decoded path without its first slash. */
    public String virtualHost() {
        String path = uri.getRawPath();
        if (path == null || path.isEmpty() || path.equals("/")) {
            return "/";
        }
        return decode(path.substring(1));
    }

    /** The address with the password replaced by {@code ***}. */
    public String redacted() {
        String info = uri.getRawUserInfo();
        StringBuilder sb = new StringBuilder(uri.getScheme()).append("://");
        if (info != null && !info.isEmpty()) {
            int colon = info.indexOf(':');
            sb.append(colon < 0 ? info : info.substring(0, colon) + ":***").append('@');
        }
        sb.append(uri.getHost());
        if (uri.getPort() > 0) {
            sb.append(':').append(uri.getPort());
        }
        if (uri.getRawPath() != null) {
            sb.append(uri.getRawPath());
        }
        return sb.toString();
    }

    /** Replaces any occurrence of this address's password in {@code text} by {@code ***}. */
    public String scrub(String text) {
        if (text == null) {
            return null;
        }
        String info = uri.getRawUserInfo();
        if (info == null || info.indexOf(':') < 0) {
            return text;
        }
        String raw = info.substring(info.indexOf(':') + 1);
        String out = text.replace(uri.toString(), redacted());
        if (!raw.isEmpty()) {
            out = out.replace(raw, "***");
            String decoded = password();
            if (!decoded.isEmpty()) {
                out = out.replace(decoded, "***");
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return redacted();
    }

    /**
     * {@code text} with anything between {@code ://} and {@code @} after the first {@code :} replaced
     * by {@code ***}: for addresses too broken to parse, so an error can name them without their password.
     */
    public static String redactLoosely(String text) {
        return text.replaceAll("(://[^:/@]*):[^@]*@", "$1:***@");
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
