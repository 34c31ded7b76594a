package io.amqpharness.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.scenario.TlsSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsContextsTest {
    @TempDir
    static Path dir;
    static Path keys;
    static Path pem;

    @BeforeAll
    static void stores() throws Exception {
        keys = dir.resolve("client.p12");
        pem = dir.resolve("ca.pem");
        keytool("-genkeypair", "-alias", "client", "-keyalg", "EC", "-dname", "CN=client", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", keys.toString(), "-storepass", "pw1234", "-keypass", "pw1234");
        keytool("-exportcert", "-rfc", "-alias", "client", "-keystore", keys.toString(), "-storepass", "pw1234",
                "-file", pem.toString());
    }

    private static TlsSettings settings(Path trust, String trustPassword, Path key, String keyPassword, boolean insecure) {
        return new TlsSettings(Optional.ofNullable(trust), Optional.ofNullable(trustPassword), Optional.ofNullable(key),
                Optional.ofNullable(keyPassword), insecure);
    }

    @Test
    void aPemTrustStoreAndAPkcs12KeyStoreMakeAContext() {
        SSLContext c = TlsContexts.create(settings(pem, null, keys, "pw1234", false));
        assertThat(c.getProtocol()).isEqualTo("TLS");
        assertThat(TlsContexts.create(settings(keys, "pw1234", null, null, false))).isNotNull();
        assertThat(TlsContexts.create(TlsSettings.DEFAULT)).isNotNull();
        assertThat(TlsContexts.create(settings(null, null, null, null, true))).isNotNull();
    }

    @Test
    void aWrongPasswordNamesTheOption() {
        assertThatThrownBy(() -> TlsContexts.create(settings(null, null, keys, "nope", false)))
                .isInstanceOf(TlsSetupException.class)
                .hasMessage("--tls-key-store " + keys + " cannot be opened: the password is wrong; give a PEM, "
                        + "PKCS#12 or JKS file and its password (--tls-key-store-password)");
    }

    @Test
    void aMissingFileOrOneThatIsNoStoreIsOneSentence() throws Exception {
        assertThatThrownBy(() -> TlsContexts.create(settings(dir.resolve("none.pem"), null, null, null, false)))
                .hasMessageStartingWith("--tls-trust-store " + dir.resolve("none.pem") + " cannot be read");
        Path text = Files.writeString(dir.resolve("notes.txt"), "not a certificate", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TlsContexts.create(settings(text, null, null, null, false)))
                .isInstanceOf(TlsSetupException.class)
                .hasMessageStartingWith("--tls-trust-store " + text);
    }

    @Test
    void handshakeFailuresAreExplained() {
        Exception untrusted = new SSLHandshakeException("PKIX path building failed: unable to find valid certification path");
        assertThat(TlsFailures.explain(untrusted, "h")).hasValueSatisfying(s -> assertThat(s).contains("--tls-trust-store"));
        Exception name = new SSLHandshakeException("No subject alternative DNS name matching h found.");
        assertThat(TlsFailures.explain(name, "h")).hasValueSatisfying(s -> assertThat(s).contains("does not name the host 'h'"));
        Exception plain = new javax.net.ssl.SSLException("Unsupported or unrecognized SSL message");
        assertThat(TlsFailures.explain(plain, "h")).hasValueSatisfying(s -> assertThat(s).contains("nothing speaks TLS"));
        Exception dropped = new java.io.IOException(new java.net.SocketException("Broken pipe"));
        assertThat(TlsFailures.explain(dropped, "h")).isEmpty();
        assertThat(TlsFailures.explainTls(dropped, "h")).hasValueSatisfying(s -> assertThat(s).contains("--tls-key-store"));
        assertThat(TlsFailures.explainTls(new java.net.ConnectException("refused"), "h")).isEmpty();
    }

    static void keytool(String... args) throws Exception {
        // keytool's JVM with the quick compiler only, as the test JVMs: half the CPU of a second-long launch.
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-J-XX:TieredStopAtLevel=1"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }
}
