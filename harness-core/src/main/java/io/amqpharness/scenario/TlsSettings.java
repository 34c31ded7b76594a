package io.amqpharness.scenario;

import java.nio.file.Path;
import java.util.Optional;

/**
 * TLS for {@code amqps://} addresses. By default the broker's certificate must chain to a CA in the
 * JVM's default trust store and name the host the URI connects to, and no client certificate is
 * presented. {@link #toString()} never shows the passwords.
 *
 * @param trustStore         CA certificates the broker's certificate must chain to: a PEM file
 *                           ({@code -----BEGIN CERTIFICATE-----}), PKCS#12 or JKS; empty: the JVM's
 *                           default trust store
 * @param trustStorePassword password of a PKCS#12 or JKS trust store; empty: none
 * @param keyStore           the client certificate and key presented to the broker, PKCS#12 or JKS;
 *                           empty: none
 * @param keyStorePassword   password of the key store and its key; empty: none
 * @param insecure           trust any broker certificate and skip the host name check (tries only)
 */
public record TlsSettings(
        @FilledFrom(Setting.TLS_TRUST_STORE) Optional<Path> trustStore,
        @FilledFrom(Setting.TLS_TRUST_STORE_PASSWORD) Optional<String> trustStorePassword,
        @FilledFrom(Setting.TLS_KEY_STORE) Optional<Path> keyStore,
        @FilledFrom(Setting.TLS_KEY_STORE_PASSWORD) Optional<String> keyStorePassword,
        @FilledFrom(Setting.TLS_INSECURE) boolean insecure) {
    /** The JVM's trust store, no client certificate. */
    public static final TlsSettings DEFAULT = new TlsSettings(Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), false);

    /** Whether any TLS option differs from the default (they need an {@code amqps://} address). */
    public boolean customised() {
        return !equals(DEFAULT);
    }

    @Override
    public String toString() {
        return "TlsSettings[trustStore=" + trustStore.map(Path::toString).orElse("default")
                + ", keyStore=" + keyStore.map(Path::toString).orElse("none") + ", insecure=" + insecure + "]";
    }
}
