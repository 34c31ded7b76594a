package io.amqpharness.amqp10;

import io.amqpharness.scenario.AddressFormat;
import java.util.Locale;

/**
 * What the driver needs to know about the broker's AMQP 1.0 implementation, derived from the
 * {@code version} property of its open frame (read before any link is attached, because a wrong
 * attach on RabbitMQ 3.x ends the whole session). Immutable.
 *
 * <p>RabbitMQ 3.x speaks AMQP 1.0 through the {@code rabbitmq_amqp1_0} plugin: v1 addresses only,
 * stream filters as plain (not described) values. RabbitMQ 4.x speaks it natively: v2 addresses
 * (v1 deprecated, refused by default from 4.3), described filter values (plain ones ignored by
 * default from 4.3), and a link credit of about 170 for publishers.
 *
 * @param version        the version the broker announced, for example {@code 3.10.8}
 * @param major          its major version, 0 when the version is not numeric
 * @param anonymousRelay the broker offered the {@code ANONYMOUS-RELAY} capability (4.x only)
 */
public record BrokerProfile(String version, int major, boolean anonymousRelay) {

    /** The first major version with native AMQP 1.0 (v2 addresses, described filters). */
    public static final int NATIVE_AMQP10_MAJOR = 4;

    /**
     * Reads a profile from the broker's announced version and capabilities.
     *
     * @param version        the open frame's {@code version} property; may be null
     * @param anonymousRelay whether {@code ANONYMOUS-RELAY} was offered, used when the version
     *                       does not tell
     */
    public static BrokerProfile of(String version, boolean anonymousRelay) {
        String v = version == null ? "unknown" : version.trim();
        return new BrokerProfile(v, parseMajor(v), anonymousRelay);
    }

    /** The leading number of a version string ({@code 4} for {@code 4.0.0-beta.5}), 0 if there is none. */
    static int parseMajor(String version) {
        int end = 0;
        while (end < version.length() && end < 9 && Character.isDigit(version.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(version.substring(0, end));
    }

    /** True for RabbitMQ 4.x and later, or, without a numeric version, a broker offering anonymous relay. */
    public boolean nativeAmqp10() {
        return major > 0 ? major >= NATIVE_AMQP10_MAJOR : anonymousRelay;
    }

    /** The address format to use: the requested one, or for {@code AUTO} the one this broker prefers. */
    public AddressFormat resolve(AddressFormat requested) {
        if (requested != AddressFormat.AUTO) {
            return requested;
        }
        return nativeAmqp10() ? AddressFormat.V2 : AddressFormat.V1;
    }

    /**
     * True if source filter values must be described ({@code rabbitmq:stream-offset-spec} with a
     * Symbol descriptor): required from 4.3, canonical from 4.1, and silently ignored by 3.x.
     */
    public boolean describedFilters() {
        return nativeAmqp10();
    }

    /** The broker's own name for itself in sentences, for example {@code RabbitMQ 3.10.8}. */
    public String describe() {
        return "RabbitMQ " + version;
    }

    /** The lower-case name of a format for reports: {@code v1} or {@code v2}. */
    public static String name(AddressFormat format) {
        return format.name().toLowerCase(Locale.ROOT);
    }
}
