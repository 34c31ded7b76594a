package io.amqpharness.junit.oracle;

import io.amqpharness.spi.BrokerControl;
import io.amqpharness.spi.BrokerInfo;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeclaredTopology;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.spi.Rendezvous;
import io.amqpharness.spi.TopologyPlan;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A {@link ProtocolDriver} that passes every call to the real driver and records, on the way, the
 * raw history the oracle judges: sends, the broker's verdicts and deliveries. Before the run
 * deletes its topology, the oracle's own reader reads what is left in the queues.
 */
final class RecordingDriver implements ProtocolDriver {
    private final ProtocolDriver delegate;
    private final Recording recording;

    RecordingDriver(ProtocolDriver delegate, Recording recording) {
        this.delegate = delegate;
        this.recording = recording;
    }

    @Override
    public BrokerInfo connect() {
        return delegate.connect();
    }

    @Override
    public BrokerControl control() {
        return new RecordingControl(delegate.control(), recording);
    }

    @Override
    public PublisherLink openPublisher(PublisherSpec spec, PublishOutcomeListener outcomes) {
        PublisherLog log = recording.publisher(spec);
        return new RecordingPublisher(delegate.openPublisher(spec, new RecordingOutcomes(outcomes, log)), log,
                recording);
    }

    @Override
    public PublisherLink openRequester(PublisherSpec spec, PublishOutcomeListener outcomes, DeliveryListener replies) {
        PublisherLog log = recording.publisher(spec);
        return new RecordingPublisher(delegate.openRequester(spec, new RecordingOutcomes(outcomes, log), replies),
                log, recording);
    }

    @Override
    public ConsumerLink openConsumer(ConsumerSpec spec) {
        return new RecordingConsumer(delegate.openConsumer(spec), spec, recording);
    }

    @Override
    public List<String> notes() {
        return delegate.notes();
    }

    @Override
    public Map<String, String> facts() {
        return delegate.facts();
    }

    @Override
    public void close() {
        delegate.close();
    }

    /** Records the plan and what was declared; reads what the queues hold before they are deleted. */
    private record RecordingControl(BrokerControl delegate, Recording recording) implements BrokerControl {
        @Override
        public DeclaredTopology declare(TopologyPlan plan) {
            recording.planned(plan);
            DeclaredTopology declared = delegate.declare(plan);
            recording.declared(declared);
            return declared;
        }

        @Override
        public void delete(DeclaredTopology topology) {
            recording.readQueues();
            delegate.delete(topology);
        }

        @Override
        public OptionalLong queueDepth(String queue) {
            return delegate.queueDepth(queue);
        }

        @Override
        public Rendezvous rendezvous(String name) {
            return delegate.rendezvous(name);
        }
    }

    /** Records each send: the publisher's first and last sequence (sends are contiguous). */
    private static final class RecordingPublisher implements PublisherLink {
        private final PublisherLink delegate;
        private final PublisherLog log;
        private final Recording recording;

        RecordingPublisher(PublisherLink delegate, PublisherLog log, Recording recording) {
            this.delegate = delegate;
            this.log = log;
            this.recording = recording;
        }

        @Override
        public void send(long seq, byte[] body, String routingKey) {
            send(seq, body, routingKey, 0);
        }

        @Override
        public void send(long seq, byte[] body, String routingKey, int variant) {
            // Recorded before the call: a send that throws may still have reached the broker.
            log.sent(seq);
            recording.sent();
            delegate.send(seq, body, routingKey, variant);
        }

        @Override
        public void aboutToWait() {
            delegate.aboutToWait();
        }

        @Override
        public void flush() {
            delegate.flush();
        }

        @Override
        public void close() {
            delegate.close();
        }
    }

    /** Records the broker's verdicts, then passes them on. */
    private static final class RecordingOutcomes implements PublishOutcomeListener {
        private final PublishOutcomeListener delegate;
        private final PublisherLog log;

        RecordingOutcomes(PublishOutcomeListener delegate, PublisherLog log) {
            this.delegate = delegate;
            this.log = log;
        }

        @Override
        public void settled(long seq, boolean multiple, io.amqpharness.spi.PublishOutcome outcome) {
            log.settled(seq, multiple, outcome);
            delegate.settled(seq, multiple, outcome);
        }

        @Override
        public void returned(byte[] body, int offset, int length) {
            if (PayloadHeader.present(length)) {
                log.returned(PayloadHeader.sequence32(body, offset));
            }
            delegate.returned(body, offset, length);
        }

        @Override
        public void failed(Throwable cause) {
            log.failed();
            delegate.failed(cause);
        }

        @Override
        public void blocked(boolean blocked, String reason) {
            delegate.blocked(blocked, reason);
        }

        @Override
        public void creditWait(boolean waiting, java.time.Duration waited) {
            delegate.creditWait(waiting, waited);
        }
    }
}
