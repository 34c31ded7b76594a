package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.Integrity;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.ConsumeSettings;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.DeliveryListener;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** What a consumer past its --cmessages goal does with what still arrives. */
class ConsumerGoalTest {
    private final Counters counters = new Counters();
    private final Integrity queue = new Integrity(counters, "run-p");

    @Test
    void withAutoAckWhatArrivesPastTheGoalIsCountedNotLeftToLookLost() {
        // Two consumers of one queue, each with a goal of 5, auto-ack: the broker considers every
        // delivery done, so one the first ignores after its goal never comes back.
        ConsumerTask first = task(true, 5);
        ConsumerTask second = task(true, 100);
        for (long s = 1; s <= 8; s++) {
            deliver(first, s);
        }
        deliver(second, 9);
        assertThat(queue.missing()).as("6 to 8 arrived, at the consumer past its goal").isZero();
        assertThat(counters.consumed.sum()).isEqualTo(9);
        assertThat(first.done()).isTrue();
    }

    @Test
    void withAcknowledgementsWhatArrivesPastTheGoalIsLeftForTheBrokerToRequeue() {
        ConsumerTask first = task(false, 5);
        for (long s = 1; s <= 8; s++) {
            deliver(first, s);
        }
        assertThat(counters.consumed.sum()).as("6 to 8 stay unacknowledged and come back").isEqualTo(5);
    }

    @Test
    void forAProtocolThatSettlesNothingNoAckIsMadeAndWhatArrivesPastTheGoalIsStillLeftAside() {
        ConsumerTask first = task(false, 5).settlingNothing();
        for (long s = 1; s <= 8; s++) {
            deliver(first, s);
        }
        assertThat(acks.sum()).as("acks the link would drop").isZero();
        assertThat(counters.consumed.sum()).isEqualTo(5);
        assertThat(first.done()).isTrue();
        ConsumerTask settling = task(false, 5);
        deliver(settling, 9);
        assertThat(acks.sum()).as("a settling protocol's consumer acknowledges").isEqualTo(1);
    }

    private final LongAdder acks = new LongAdder();

    private ConsumerTask task(boolean autoAck, long goal) {
        Scenario s = Scenario.builder().protocol("in-memory").autoAck(autoAck).consumerMessageCount(goal).build();
        ConsumeSettings c = s.consuming();
        ConsumerLink link = new ConsumerLink() {
            @Override public void start(DeliveryListener listener) { }
            @Override public boolean supportsMultipleAck() { return true; }
            @Override public void ack(long tag, boolean multiple) {
                acks.increment();
            }
            @Override public void nack(long tag, boolean multiple, boolean requeue) { }
            @Override public void reject(long tag, boolean requeue) { }
            @Override public void cancel() { }
            @Override public void close() { }
        };
        Optional<io.amqpharness.flow.AckPolicy> policy = autoAck ? Optional.empty()
                : Optional.of(new io.amqpharness.flow.AckPolicy(link, 1, 0, NanoClock.SYSTEM));
        return new ConsumerTask(link, policy, c.messagesPerConsumer(), queue,
                new PayloadClock(ClockMode.MONOTONIC, NanoClock.SYSTEM.nanoTime(), Instant.now()), c, counters,
                new LatencyRecorder("e2e"), NanoClock.SYSTEM, new RunControl(1, 2, Thread.currentThread()),
                new ConsumerTask.FromSend(Map.of(), new LatencyRecorder("from-send"), new LongAdder()), Optional.empty());
    }

    private static void deliver(ConsumerTask t, long seq) {
        byte[] body = new byte[PayloadCodec.HEADER_BYTES];
        PayloadCodec.write(body, seq, NanoClock.SYSTEM.nanoTime());
        t.delivered(seq, body, 0, body.length, false, "run-p0");
    }
}
