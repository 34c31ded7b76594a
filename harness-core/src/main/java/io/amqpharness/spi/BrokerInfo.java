package io.amqpharness.spi;

import java.util.Map;

/**
 * What the broker said about itself when the driver connected.
 *
 * @param product    the server product, for example {@code RabbitMQ}
 * @param version    the server version, for example {@code 3.10.8}
 * @param platform   the runtime, for example {@code Erlang/OTP 25.2.3}
 * @param properties every server property, as strings
 */
public record BrokerInfo(String product, String version, String platform, Map<String, String> properties) {
    public BrokerInfo {
        properties = Map.copyOf(properties);
    }

    /** The major version (3 for {@code 3.10.8}), 0 if the version is not numeric. */
    public int majorVersion() {
        int end = 0;
        while (end < version.length() && Character.isDigit(version.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(version.substring(0, end));
    }

    @Override
    public String toString() {
        return product + " " + version;
    }
}
