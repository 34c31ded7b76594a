package io.amqpharness.amqp10.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.IncomingDelivery;
import org.apache.qpid.protonj2.engine.OutgoingDelivery;
import org.apache.qpid.protonj2.engine.Receiver;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.engine.impl.ProtonDeliveryTagGenerator;
import org.apache.qpid.protonj2.types.messaging.Accepted;
import org.apache.qpid.protonj2.types.messaging.Released;
import org.apache.qpid.protonj2.types.messaging.Source;
import org.apache.qpid.protonj2.types.messaging.Target;
import org.apache.qpid.protonj2.types.transport.DeliveryState.DeliveryStateType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two protonj2 engines wired back to back: the client's receiver settles deliveries through
 * {@link DispositionRanges}, the server's sender must see every one settled, and the client's
 * output shows how many frames that took.
 */
class DispositionRangesTest {
    private final BackToBack wire = new BackToBack();
    private final Engine client = wire.client;
    private final List<IncomingDelivery> received = new ArrayList<>();
    private final List<OutgoingDelivery> settledAtServer = wire.settledAtServer;
    private DispositionRanges ranges;
    private Sender serverSender;

    @BeforeEach
    void connect() {
        ranges = DispositionRanges.install(client);
        wire.start(s -> s.setDeliveryTagGenerator(ProtonDeliveryTagGenerator.BUILTIN.POOLED.createGenerator()));

        Connection cc = client.start();
        cc.open();
        Receiver r = cc.session().open().receiver("r");
        r.setSource(new Source().setAddress("q"));
        r.setTarget(new Target());
        r.deliveryReadHandler(d -> {
            if (!d.isPartial()) {
                d.readAll();
                received.add(d);
            }
        });
        r.open();
        pump();
        r.addCredit(10);
        pump();
        serverSender = wire.sender();
        for (int i = 0; i < 8; i++) {
            serverSender.next().writeBytes(ProtonBufferAllocator.defaultAllocator().copy(new byte[] {0x00, 0x53, 0x75, (byte) 0xa0, 0}));
        }
        pump();
        assertThat(received).hasSize(8);
    }

    private void pump() {
        wire.pump();
    }

    /** Settles deliveries (0-based indexes) in one batch; returns the frames the client wrote. */
    private int settleInOneBatch(org.apache.qpid.protonj2.types.transport.DeliveryState state, int... indexes) {
        int before = wire.clientWrites();
        ranges.begin();
        for (int i : indexes) {
            received.get(i).disposition(state, true);
        }
        ranges.end();
        int frames = wire.clientWrites() - before;
        pump();
        return frames;
    }

    @Test
    void consecutiveSettlementsWithOneStateGoOutAsOneFrame() {
        assertThat(settleInOneBatch(Accepted.getInstance(), 0, 1, 2, 3, 4)).isEqualTo(1);
        assertThat(settledAtServer).hasSize(5).allSatisfy(d -> {
            assertThat(d.isRemotelySettled()).isTrue();
            assertThat(d.getRemoteState().getType()).isEqualTo(DeliveryStateType.Accepted);
        });
        assertThat(serverSender.unsettled()).hasSize(3);
    }

    @Test
    void aGapOrAnotherStateStartsANewRange() {
        assertThat(settleInOneBatch(Accepted.getInstance(), 0, 1, 3)).isEqualTo(2);
        int before = wire.clientWrites();
        ranges.begin();
        received.get(4).disposition(Accepted.getInstance(), true);
        received.get(5).disposition(Released.getInstance(), true);
        received.get(6).disposition(Released.getInstance(), true);
        ranges.end();
        assertThat(wire.clientWrites() - before).isEqualTo(2);
        pump();
        assertThat(settledAtServer).hasSize(6);
        assertThat(settledAtServer).filteredOn(d -> d.getRemoteState().getType() == DeliveryStateType.Released)
                .hasSize(2);
        assertThat(serverSender.unsettled()).hasSize(2); // indexes 2 and 7
    }

    @Test
    void outsideABatchEveryDispositionPassesUntouched() {
        int before = wire.clientWrites();
        received.get(0).disposition(Accepted.getInstance(), true);
        received.get(1).disposition(Accepted.getInstance(), true);
        assertThat(wire.clientWrites() - before).isEqualTo(2);
        pump();
        assertThat(settledAtServer).hasSize(2);
    }
}
