package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.spi.DeliveryListener;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.junit.jupiter.api.Test;

/** Who hands a consumer's deliveries to the core, and when its first credit goes out: no engine, no broker. */
class DeliveryHandOverTest {
    /** A classic-queue delivery as RabbitMQ 3.10.8 sent it (header, properties, data section). */
    private static final byte[] MESSAGE = HexFormat.of().parseHex("005370c006054140404140"
            + "005373d0000000170000000b40404040404040404040a10772756e312d7030"
            + "005375a00e68656c6c6f2d626f64792d313233");

    private final ReentrantLock engineLock = new ReentrantLock();
    private final List<String> events = new CopyOnWriteArrayList<>();
    private final DeliveryHandOver handOver = new DeliveryHandOver(engineLock, new DeliveryHandOver.Owner() {
        @Override
        public boolean closed() {
            return false;
        }

        @Override
        public void taken() {
        }

        @Override
        public void batchHandedOver() {
        }

        @Override
        public void handOverFailed(RuntimeException e) {
            events.add("failed " + e);
        }
    });

    @Test
    void aListenerThatNeverWaitsGetsTheEarlyDeliveriesFromStartAndWhatTheCreditBringsOnlyFromTheReaderThread()
            throws Exception {
        handOver.prepare(neverWaits(), "unused");
        arrive(1); // sent without credit, before the start
        handOver.start(() -> {
            events.add("credit");
            arrive(2); // the credit brings a delivery before the starting thread returns
        });
        assertThat(events).containsExactly("1 on " + Thread.currentThread().getName(), "credit");

        Thread reader = new Thread(handOver::afterInput, "reader");
        reader.start();
        reader.join();
        assertThat(events).containsExactly("1 on " + Thread.currentThread().getName(), "credit", "2 on reader");
    }

    @Test
    void aListenerThatNeverWaitsIsNotCalledByTheStartWhenNothingArrivedBeforeIt() {
        handOver.prepare(neverWaits(), "unused");
        handOver.start(() -> {
            events.add("credit");
            arrive(1);
        });
        assertThat(events).containsExactly("credit");
    }

    /** A delivery decoded by the reader thread, under the engine lock. */
    private void arrive(long tag) {
        engineLock.lock();
        try {
            handOver.add(tag, ProtonBufferAllocator.defaultAllocator().copy(MESSAGE));
        } finally {
            engineLock.unlock();
        }
    }

    private DeliveryListener neverWaits() {
        return new DeliveryListener() {
            @Override
            public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String id) {
                events.add(tag + " on " + Thread.currentThread().getName());
            }

            @Override
            public boolean mayWait() {
                return false;
            }

            @Override
            public void failed(Throwable cause) {
                events.add("failed " + cause);
            }
        };
    }
}
