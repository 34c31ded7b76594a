package io.amqpharness.amqp10;

import io.amqpharness.scenario.AddressFormat;
import java.nio.charset.StandardCharsets;

/**
 * Renders RabbitMQ AMQP 1.0 addresses. Stateless.
 *
 * <table>
 *   <caption>Addresses by format</caption>
 *   <tr><th></th><th>v1 (RabbitMQ 3.x, deprecated in 4.x)</th><th>v2 (RabbitMQ 4.x)</th></tr>
 *   <tr><td>a queue (source, or target through the default exchange)</td>
 *       <td>{@code /amq/queue/Q}</td><td>{@code /queues/Q}</td></tr>
 *   <tr><td>an exchange with a routing key</td>
 *       <td>{@code /exchange/X/RK}</td><td>{@code /exchanges/X/RK}</td></tr>
 *   <tr><td>an exchange with an empty routing key</td>
 *       <td>{@code /exchange/X/}</td><td>{@code /exchanges/X}</td></tr>
 * </table>
 *
 * <p>v2 segments are percent-encoded (RFC 3986): every byte of the UTF-8 name except the
 * unreserved characters {@code A-Z a-z 0-9 - . _ ~} becomes {@code %XX}. v1 has no escaping,
 * so a name containing {@code /} cannot be written in it.
 */
public final class Addresses {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private Addresses() {
    }

    /**
     * The address of a queue, to consume from or to publish to through the default exchange.
     *
     * @throws IllegalArgumentException with a sentence if the name cannot be written in {@code format}
     */
    public static String queue(AddressFormat format, String queue) {
        return switch (concrete(format)) {
            case V1 -> "/amq/queue/" + v1Segment("queue name", queue);
            default -> "/queues/" + percentEncode(queue);
        };
    }

    /**
     * The target address for publishing to {@code exchange} with {@code routingKey}; the default
     * exchange ({@code ""}) is addressed as the queue named by the routing key, the only way v2
     * allows (and v1's {@code /amq/queue/Q} does the same).
     *
     * @throws IllegalArgumentException with a sentence if a name cannot be written in {@code format}
     */
    public static String target(AddressFormat format, String exchange, String routingKey) {
        if (exchange.isEmpty()) {
            return queue(format, routingKey);
        }
        return switch (concrete(format)) {
            case V1 -> "/exchange/" + v1Segment("exchange name", exchange) + "/" + v1Segment("routing key", routingKey);
            default -> routingKey.isEmpty() ? "/exchanges/" + percentEncode(exchange)
                    : "/exchanges/" + percentEncode(exchange) + "/" + percentEncode(routingKey);
        };
    }

    /**
     * The target address of an exchange where each message's {@code subject} is its routing key:
     * {@code /exchange/X} (v1) or {@code /exchanges/X} (v2).
     */
    public static String exchange(AddressFormat format, String exchange) {
        return switch (concrete(format)) {
            case V1 -> "/exchange/" + v1Segment("exchange name", exchange);
            default -> "/exchanges/" + percentEncode(exchange);
        };
    }

    /** Percent-encodes a path segment: every byte of its UTF-8 form except unreserved characters. */
    public static String percentEncode(String segment) {
        byte[] bytes = segment.getBytes(StandardCharsets.UTF_8);
        StringBuilder b = new StringBuilder(bytes.length + 8);
        for (byte x : bytes) {
            int c = x & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~') {
                b.append((char) c);
            } else {
                b.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return b.toString();
    }

    private static String v1Segment(String what, String value) {
        if (value.indexOf('/') >= 0) {
            throw new IllegalArgumentException("The " + what + " '" + value + "' contains '/', which v1 AMQP 1.0 "
                    + "addresses (RabbitMQ 3.x) cannot express; choose a name without '/', or use RabbitMQ 4 with "
                    + "--address-format v2");
        }
        return value;
    }

    private static AddressFormat concrete(AddressFormat format) {
        if (format == AddressFormat.AUTO) {
            throw new IllegalArgumentException("resolve the address format against the broker first");
        }
        return format;
    }
}
