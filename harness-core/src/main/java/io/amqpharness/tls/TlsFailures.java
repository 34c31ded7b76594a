package io.amqpharness.tls;

import java.security.cert.CertificateException;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.SSLException;

/** What a failed TLS handshake means for the user, in the words of a sentence ending; shared by both drivers. */
public final class TlsFailures {
    private TlsFailures() {
    }

    /**
     * If {@code e} (or a cause) is a TLS failure: what went wrong and what to do, to follow
     * "Cannot connect to X: ". Empty for other failures.
     */
    public static Optional<String> explain(Throwable e, String host) {
        SSLException ssl = null;
        Throwable certificate = null;
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SSLException s && ssl == null) {
                ssl = s;
            }
            if (t instanceof CertificateException || t instanceof java.security.cert.CertPathValidatorException
                    || t.getClass().getName().endsWith("CertPathBuilderException")) {
                certificate = t;
            }
        }
        if (ssl == null && certificate == null) {
            return Optional.empty();
        }
        return Optional.of(reason(ssl, certificate, host));
    }

    /**
     * For an {@code amqps://} connection that failed: the TLS reason if there is one, else, when
     * the broker dropped the socket as the connection opened (a broken pipe, a reset, an end of
     * stream), the likely reason: a broker that requires a client certificate closes a TLS 1.3
     * connection only after the handshake, so the client sees no TLS error.
     */
    public static Optional<String> explainTls(Throwable e, String host) {
        Optional<String> tls = explain(e, host);
        if (tls.isPresent()) {
            return tls;
        }
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if ((t instanceof java.net.SocketException && !(t instanceof java.net.ConnectException))
                    || t instanceof java.io.EOFException) {
                return Optional.of("the broker closed the TLS connection as it opened (" + t.getMessage() + "); "
                        + "if it requires a client certificate, give one it trusts with --tls-key-store FILE");
            }
        }
        return Optional.empty();
    }

    private static String reason(SSLException ssl, Throwable certificate, String host) {
        String text = String.valueOf((certificate != null ? certificate : ssl).getMessage());
        String all = (text + " " + (ssl == null ? "" : ssl.getMessage())).toLowerCase(Locale.ROOT);
        if (all.contains("no subject alternative") || all.contains("no name matching")) {
            return "the broker's certificate does not name the host '" + host + "' (" + text
                    + "); connect with a name the certificate has, or use --tls-insecure for a try";
        }
        if (all.contains("pkix") || all.contains("unable to find valid certification path")
                || all.contains("certpath")) {
            return "the broker's certificate is not trusted; give its CA with --tls-trust-store FILE "
                    + "(a PEM file), or use --tls-insecure for a try";
        }
        if (all.contains("certificate_required") || all.contains("bad_certificate")
                || all.contains("handshake_failure") && all.contains("alert")) {
            return "the broker asks for a client certificate it trusts (" + text + "); give one with "
                    + "--tls-key-store FILE";
        }
        if (all.contains("unsupported or unrecognized ssl message") || all.contains("plaintext")) {
            return "nothing speaks TLS on this port; amqps:// needs the broker's TLS port "
                    + "(usually 5671), amqp:// its plain one";
        }
        return "the TLS handshake failed (" + text + ")";
    }
}
