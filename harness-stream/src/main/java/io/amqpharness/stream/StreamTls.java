package io.amqpharness.stream;

import io.amqpharness.scenario.TlsSettings;
import io.amqpharness.tls.TlsContexts;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;

/** The Netty TLS context the stream client takes, made from the run's {@code --tls-*} settings. */
final class StreamTls {
    private StreamTls() {
    }

    /** Wraps the JDK context that the AMQP drivers use too, so that every {@code --tls-*} option means the same. */
    static SslContext context(TlsSettings tls) {
        return new JdkSslContext(TlsContexts.create(tls), true, ClientAuth.NONE);
    }
}
