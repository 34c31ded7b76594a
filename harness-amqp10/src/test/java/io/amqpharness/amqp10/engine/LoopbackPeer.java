package io.amqpharness.amqp10.engine;

import io.amqpharness.scenario.BrokerUri;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.sasl.SaslOutcome;
import org.apache.qpid.protonj2.engine.sasl.SaslServerContext;
import org.apache.qpid.protonj2.engine.sasl.SaslServerListener;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.transport.AMQPHeader;
import org.apache.qpid.protonj2.types.transport.ErrorCondition;

/**
 * A broker stand-in for one AMQP 1.0 connection on a loopback socket: protonj2's engine as the
 * server, behind SASL PLAIN that takes one password, with a thread of its own that reads the socket.
 * It answers the client's open frame with the given properties, begins the sessions and attaches the
 * links the client opens (sending nothing on them), and can end those sessions or close the connection
 * with an error. Closing the peer closes its sockets.
 */
public final class LoopbackPeer implements AutoCloseable {
    private final ServerSocket server;
    private final String password;
    private final Map<Symbol, Object> properties;
    private final ReentrantLock lock = new ReentrantLock();
    private final Engine engine = EngineFactory.PROTON.createEngine();
    private final Thread thread;
    private volatile Socket socket;
    private Connection connection;
    private final java.util.List<org.apache.qpid.protonj2.engine.Session> sessions = new java.util.ArrayList<>();

    /**
     * @param password   the one password SASL PLAIN accepts
     * @param properties what the peer's open frame carries
     */
    public LoopbackPeer(String password, Map<Symbol, Object> properties) throws IOException {
        this.server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        this.password = password;
        this.properties = properties;
        this.thread = new Thread(this::serve, "loopback-peer");
        thread.setDaemon(true);
        thread.start();
    }

    /** The address of this peer, with user guest and {@code password}. */
    public BrokerUri uri(String password) {
        return BrokerUri.parse("amqp://guest:" + password + "@127.0.0.1:" + server.getLocalPort() + "/%2F").orElseThrow();
    }

    private void serve() {
        try (Socket s = server.accept()) {
            socket = s;
            OutputStream out = s.getOutputStream();
            engine.outputConsumer(b -> write(out, b));
            engine.saslDriver().server().setListener(new Plain());
            lock.lock();
            try {
                connection = engine.start();
                connection.openHandler(c -> c.setProperties(properties).open());
                connection.closeHandler(Connection::close);
                connection.sessionOpenHandler(session -> {
                    sessions.add(session);
                    session.open();
                });
                connection.senderOpenHandler(link -> link.setSource(link.getRemoteSource())
                        .setTarget((org.apache.qpid.protonj2.types.messaging.Target) link.getRemoteTarget()).open());
                connection.receiverOpenHandler(link -> link.setSource(link.getRemoteSource())
                        .setTarget((org.apache.qpid.protonj2.types.messaging.Target) link.getRemoteTarget()).open());
            } finally {
                lock.unlock();
            }
            InputStream in = s.getInputStream();
            byte[] bytes = new byte[4096];
            int n;
            while ((n = in.read(bytes)) > 0) {
                ProtonBuffer input = ProtonBufferAllocator.defaultAllocator().copy(bytes, 0, n);
                lock.lock();
                try {
                    engine.ingest(input);
                } finally {
                    lock.unlock();
                }
            }
        } catch (IOException | RuntimeException e) {
            // the client went away, or the test closed the peer
        }
    }

    private static void write(OutputStream out, ProtonBuffer b) {
        byte[] bytes = new byte[b.getReadableBytes()];
        b.readBytes(bytes, 0, bytes.length);
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends every session the client began, from the peer's side with {@code condition}, as a broker that ends one. */
    public void endSessions(ErrorCondition condition) {
        lock.lock();
        try {
            sessions.forEach(s -> s.setCondition(condition).close());
        } finally {
            lock.unlock();
        }
    }

    /** Closes the connection from the peer's side with {@code condition}, as a broker that forces it closed. */
    public void closeConnection(ErrorCondition condition) {
        lock.lock();
        try {
            connection.setCondition(condition).close();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        Socket s = socket;
        if (s != null) {
            s.close();
        }
    }

    /** SASL PLAIN: offers it and accepts only {@link #password}. */
    private final class Plain implements SaslServerListener {
        @Override
        public void handleSaslHeader(SaslServerContext context, AMQPHeader header) {
            context.sendMechanisms(new Symbol[] {Symbol.valueOf("PLAIN")});
        }

        @Override
        public void handleSaslInit(SaslServerContext context, Symbol mechanism, ProtonBuffer initResponse) {
            byte[] bytes = new byte[initResponse.getReadableBytes()];
            initResponse.readBytes(bytes, 0, bytes.length);
            String[] parts = new String(bytes, StandardCharsets.UTF_8).split("\0", -1); // authzid, user, password
            boolean ok = parts.length == 3 && parts[2].equals(password);
            context.sendOutcome(ok ? SaslOutcome.SASL_OK : SaslOutcome.SASL_AUTH, null);
        }

        @Override
        public void handleSaslResponse(SaslServerContext context, ProtonBuffer response) {
            context.sendOutcome(SaslOutcome.SASL_AUTH, null);
        }
    }
}
