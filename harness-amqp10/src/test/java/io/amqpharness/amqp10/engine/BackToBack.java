package io.amqpharness.amqp10.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.OutgoingDelivery;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.types.messaging.Target;

/**
 * Two protonj2 engines wired back to back in memory, the server sending: what each writes is queued
 * (a copy) and {@link #pump()} hands it to the other until both are quiet. The server opens what the
 * client opens, and its sender settles each delivery as soon as the client has settled it. Install the
 * client's handlers before {@link #start}.
 */
final class BackToBack {
    final Engine client = EngineFactory.PROTON.createNonSaslEngine();
    final Engine server = EngineFactory.PROTON.createNonSaslEngine();
    /** The server's deliveries the client settled, in the order it settled them. */
    final List<OutgoingDelivery> settledAtServer = new ArrayList<>();
    private final Deque<ProtonBuffer> toServer = new ArrayDeque<>();
    private final Deque<ProtonBuffer> toClient = new ArrayDeque<>();
    private Sender sender;
    private int clientWrites;

    /**
     * Wires the outputs and starts the server.
     *
     * @param senderSettings what the server sets on its sender before opening it (settle mode, tags)
     */
    void start(Consumer<Sender> senderSettings) {
        client.outputConsumer(b -> {
            clientWrites++;
            toServer.add(copy(b));
        });
        server.outputConsumer(b -> toClient.add(copy(b)));
        Connection sc = server.start();
        sc.openHandler(Connection::open);
        sc.sessionOpenHandler(s -> s.open());
        sc.senderOpenHandler(s -> {
            s.setSource(s.getRemoteSource());
            s.setTarget((Target) s.getRemoteTarget());
            senderSettings.accept(s);
            s.deliveryStateUpdatedHandler(d -> {
                settledAtServer.add(d);
                d.settle();
            });
            s.open();
            sender = s;
        });
    }

    /** The server's sender, once the client's receiver has attached and {@link #pump()} ran. */
    Sender sender() {
        return sender;
    }

    /** How many writes the client's engine made so far. */
    int clientWrites() {
        return clientWrites;
    }

    /** Hands what each side wrote to the other until neither writes more. */
    void pump() {
        while (!toServer.isEmpty() || !toClient.isEmpty()) {
            if (!toServer.isEmpty()) {
                server.ingest(toServer.poll());
            }
            if (!toClient.isEmpty()) {
                client.ingest(toClient.poll());
            }
        }
    }

    private static ProtonBuffer copy(ProtonBuffer b) {
        byte[] bytes = new byte[b.getReadableBytes()];
        b.copyInto(b.getReadOffset(), bytes, 0, bytes.length);
        return ProtonBufferAllocator.defaultAllocator().copy(bytes);
    }
}
