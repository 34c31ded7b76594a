package io.amqpharness.stream;

import io.amqpharness.scenario.TlsSettings;
import io.amqpharness.tls.TlsContexts;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.DelegatingSslContext;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The Netty TLS context the stream client takes, made from the run's {@code --tls-*} settings,
 * host name verification included (the client leaves it to the context): on unless insecure.
 */
final class StreamTls {
    private StreamTls() {
    }

    /** Wraps the JDK context that the AMQP drivers use too, so that every {@code --tls-*} option means the same. */
    static SslContext context(TlsSettings tls) {
        SslContext jdk = new JdkSslContext(TlsContexts.create(tls), true, ClientAuth.NONE);
        String identification = tls.insecure() ? null : "HTTPS";
        return new DelegatingSslContext(jdk) {
            @Override
            protected void initEngine(SSLEngine engine) {
                SSLParameters parameters = engine.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm(identification);
                engine.setSSLParameters(parameters);
            }
        };
    }
}
