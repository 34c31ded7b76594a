package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.Integrity;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.testing.FakeClock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** {@code --consumer-rate}: how many messages a throttled consumer handles a second, on a fake clock. */
class ConsumerRateTest {
    private static final long GAP = 1_000_000_000L / 300;
    private static final long LATE = 5_000_000L;
    private final FakeClock time = new FakeClock();
    /** Every wake-up 5 ms late (more than the 3.3 ms between two messages), as on a loaded machine. */
    private final NanoClock lateWakeUps = new NanoClock() {
        @Override
        public long nanoTime() {
            return time.nanoTime();
        }

        @Override
        public void parkNanos(long nanos) {
            time.parkNanos(nanos + LATE);
        }
    };
    private final Counters counters = new Counters();
    private final ConsumerTask consumer = consumer(lateWakeUps);
    private long seq;

    @Test
    void aConsumerWithABacklogHandlesItsRateEvenWhenEveryWakeUpIsLate() {
        // Before: a wake-up later than the gap moved the schedule, and 300 msg/s handled 240 (two messages
        // per 3.3 + 5 ms): consumers "capped at 300 msg/s" handled less on a busy machine.
        long start = time.nanoTime();
        deliver(301);
        long took = time.nanoTime() - start;
        assertThat(counters.consumed.sum()).isEqualTo(301);
        assertThat(took).as("300 gaps of 3.33 ms, and the last wake-up's lateness")
                .isBetween(300 * GAP, 300 * GAP + LATE + 1_000_000L);
    }

    @Test
    void anIdleConsumerDoesNotBurstToMakeUpForTheTimeItHadNothing() {
        deliver(1);
        time.advanceMillis(1_000);
        long start = time.nanoTime();
        deliver(11);
        long took = time.nanoTime() - start;
        // At most the first two back to back, then one a gap at most.
        assertThat(took).isGreaterThanOrEqualTo(9 * GAP);
    }

    private void deliver(int n) {
        for (int i = 0; i < n; i++) {
            byte[] body = new byte[PayloadCodec.HEADER_BYTES];
            PayloadCodec.write(body, ++seq, time.nanoTime());
            consumer.delivered(seq, body, 0, body.length, false, "run-p0");
        }
    }

    private ConsumerTask consumer(NanoClock clock) {
        Scenario s = Scenario.builder().protocol("in-memory").autoAck(true).consumerRate(300).build();
        ConsumerLink link = new ConsumerLink() {
            @Override public void start(DeliveryListener listener) { }
            @Override public boolean supportsMultipleAck() { return true; }
            @Override public void ack(long tag, boolean multiple) { }
            @Override public void nack(long tag, boolean multiple, boolean requeue) { }
            @Override public void reject(long tag, boolean requeue) { }
            @Override public void cancel() { }
            @Override public void close() { }
        };
        return new ConsumerTask(link, Optional.empty(), s.consuming().messagesPerConsumer(),
                new Integrity(counters, "run-p"), new PayloadClock(ClockMode.MONOTONIC, clock.nanoTime(), Instant.now()),
                s.consuming(), counters, new LatencyRecorder("e2e"), clock, new RunControl(1, 2, Thread.currentThread()),
                new ConsumerTask.FromSend(Map.of(), new LatencyRecorder("from-send"), new LongAdder()), Optional.empty());
    }
}
