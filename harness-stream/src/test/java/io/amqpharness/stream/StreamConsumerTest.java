package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.MessageHandler;
import com.rabbitmq.stream.codec.WrapperMessageBuilder;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamSettings;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The handler a stream consumer gives the client: what it tells the core of each message. */
class StreamConsumerTest {
    private final List<Boolean> redelivered = new ArrayList<>();
    private final DeliveryListener core = new DeliveryListener() {
        @Override
        public void delivered(long tag, byte[] body, int offset, int length, boolean again, String publisherId) {
            redelivered.add(again);
        }

        @Override
        public void failed(Throwable cause) {
        }
    };
    private final Message message = new WrapperMessageBuilder().addData(new byte[12]).build();

    private static StreamConsumer consumer(StreamSettings settings, String queue) {
        return new StreamConsumer(null, new ConsumerSpec(0, "c", queue, QueueType.STREAM, OptionalInt.empty(), false,
                Optional.empty(), Map.of(), false, Duration.ZERO, Optional.empty()), settings, Optional.empty());
    }

    /** F4: after a recovery the client resumes each partition at the last offset it dispatched there. */
    @Test
    void aSuperStreamPartitionsOffsetSeenAgainIsARedeliveryWhateverTheOtherPartitionsDid() {
        StreamSettings settings = Scenario.builder().protocol("stream").superStream(2).build().stream();
        MessageHandler h = consumer(settings, "s").handler(core);
        h.handle(new At("s-0", 5), message);
        h.handle(new At("s-1", 3), message);
        h.handle(new At("s-0", 5), message);
        h.handle(new At("s-1", 4), message);
        h.handle(new At("s-0", 6), message);
        assertThat(redelivered).containsExactly(false, false, true, false, false);
    }

    @Test
    void aPlainStreamsOffsetSeenAgainIsARedelivery() {
        MessageHandler h = consumer(StreamSettings.DEFAULT, "s").handler(core);
        h.handle(new At("s", 0), message);
        h.handle(new At("s", 1), message);
        h.handle(new At("s", 1), message);
        h.handle(new At("s", 2), message);
        assertThat(redelivered).containsExactly(false, false, true, false);
    }

    /** A message's place: its stream (a super stream's partition) and offset. */
    private record At(String stream, long offset) implements MessageHandler.Context {
        @Override
        public void storeOffset() {
        }

        @Override
        public long timestamp() {
            return 0;
        }

        @Override
        public long committedChunkId() {
            return 0;
        }

        @Override
        public com.rabbitmq.stream.Consumer consumer() {
            return null;
        }

        @Override
        public void processed() {
        }
    }
}
