package io.amqpharness.tls;

import io.amqpharness.scenario.TlsSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * The {@link SSLContext} both drivers connect with for {@code amqps://}, made from
 * {@link TlsSettings}: trust from a PEM file of CA certificates, a PKCS#12 or JKS trust store, or
 * the JVM's default; a client certificate from a PKCS#12 or JKS key store; or, with
 * {@code insecure}, trust in any certificate. Host name verification is the drivers' part (on
 * unless {@code insecure}).
 */
public final class TlsContexts {
    private static final String PEM_MARK = "-----BEGIN CERTIFICATE-----";

    private TlsContexts() {
    }

    /**
     * Builds the context.
     *
     * @throws TlsSetupException with one sentence naming the file and what is wrong with it
     */
    public static SSLContext create(TlsSettings tls) {
        try {
            KeyManager[] keys = null;
            if (tls.keyStore().isPresent()) {
                char[] password = tls.keyStorePassword().orElse("").toCharArray();
                KeyStore store = load(tls.keyStore().get(), password, "--tls-key-store");
                KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                try {
                    kmf.init(store, password);
                } catch (GeneralSecurityException e) {
                    throw new TlsSetupException("--tls-key-store " + tls.keyStore().get() + ": its key cannot be read with "
                            + "the given --tls-key-store-password (" + e.getMessage() + ")", e);
                }
                keys = kmf.getKeyManagers();
            }
            TrustManager[] trust;
            if (tls.insecure()) {
                trust = new TrustManager[] {new TrustAll()};
            } else if (tls.trustStore().isPresent()) {
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(trustStore(tls));
                trust = tmf.getTrustManagers();
            } else {
                trust = null; // the JVM's default
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys, trust, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new TlsSetupException("TLS cannot be set up in this JVM: " + e.getMessage(), e);
        }
    }

    private static KeyStore trustStore(TlsSettings tls) throws GeneralSecurityException {
        Path file = tls.trustStore().get();
        byte[] bytes = read(file, "--tls-trust-store");
        if (new String(bytes, StandardCharsets.US_ASCII).contains(PEM_MARK)) {
            Collection<? extends Certificate> certificates;
            try (InputStream in = Files.newInputStream(file)) {
                certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
            } catch (IOException | GeneralSecurityException e) {
                throw new TlsSetupException("--tls-trust-store " + file + " is not a readable PEM certificate file ("
                        + e.getMessage() + ")", e);
            }
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            try {
                store.load(null, null);
            } catch (IOException e) {
                throw new TlsSetupException("TLS cannot be set up in this JVM: " + e.getMessage(), e);
            }
            int n = 0;
            for (Certificate c : certificates) {
                store.setCertificateEntry("ca-" + n++, c);
            }
            return store;
        }
        return load(file, tls.trustStorePassword().map(String::toCharArray).orElse(null), "--tls-trust-store");
    }

    private static KeyStore load(Path file, char[] password, String option) {
        read(file, option);
        try {
            return KeyStore.getInstance(file.toFile(), password);
        } catch (IOException e) {
            String why = e.getCause() instanceof java.security.UnrecoverableKeyException
                    || String.valueOf(e.getMessage()).contains("password") ? "the password is wrong" : e.getMessage();
            throw new TlsSetupException(option + " " + file + " cannot be opened: " + why
                    + "; give a PEM, PKCS#12 or JKS file and its password (" + option + "-password)", e);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new TlsSetupException(option + " " + file + " is not a PEM, PKCS#12 or JKS file ("
                    + e.getMessage() + ")", e);
        }
    }

    private static byte[] read(Path file, String option) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new TlsSetupException(option + " " + file + " cannot be read (" + e.getClass().getSimpleName()
                    + "); give a readable file, for example " + option + " /etc/ssl/amqp/ca.pem", e);
        }
    }

    /** For {@code --tls-insecure}: accepts any certificate chain. */
    private static final class TrustAll implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            // not a server
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            // --tls-insecure: any certificate
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
