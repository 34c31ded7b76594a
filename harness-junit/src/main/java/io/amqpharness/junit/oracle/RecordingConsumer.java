package io.amqpharness.junit.oracle;

import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeliveryListener;
import java.util.OptionalLong;

/** A consumer link that records each delivery in its queue's log before handing it on. */
final class RecordingConsumer implements ConsumerLink {
    private final ConsumerLink delegate;
    private final ConsumerSpec spec;
    private final Recording recording;
    private final QueueLog log;
    /** Set once the run cancels or closes this link: what its listener finishes from then on may be uncounted. */
    private volatile boolean closing;

    RecordingConsumer(ConsumerLink delegate, ConsumerSpec spec, Recording recording) {
        this.delegate = delegate;
        this.spec = spec;
        this.recording = recording;
        this.log = recording.queue(spec.queue());
    }

    @Override
    public void start(DeliveryListener listener) {
        recording.consumerStarted(spec);
        delegate.start(new Listener(listener, log, recording, this));
    }

    @Override
    public boolean supportsMultipleAck() {
        return delegate.supportsMultipleAck();
    }

    @Override
    public void ack(long tag, boolean multiple) {
        delegate.ack(tag, multiple);
    }

    @Override
    public void nack(long tag, boolean multiple, boolean requeue) {
        delegate.nack(tag, multiple, requeue);
    }

    @Override
    public void reject(long tag, boolean requeue) {
        delegate.reject(tag, requeue);
    }

    @Override
    public void setPrefetch(int prefetch) {
        delegate.setPrefetch(prefetch);
    }

    @Override
    public void cancel() {
        closing = true;
        delegate.cancel();
    }

    @Override
    public OptionalLong lastStreamOffset() {
        return delegate.lastStreamOffset();
    }

    @Override
    public void close() {
        closing = true;
        delegate.close();
    }

    private static final class Listener implements DeliveryListener {
        private final DeliveryListener delegate;
        private final QueueLog log;
        private final Recording recording;
        private final RecordingConsumer link;

        Listener(DeliveryListener delegate, QueueLog log, Recording recording, RecordingConsumer link) {
            this.delegate = delegate;
            this.log = log;
            this.recording = recording;
            this.link = link;
        }

        @Override
        public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId) {
            log.delivered(body, offset, length, redelivered, publisherId, recording);
            delegate.delivered(tag, body, offset, length, redelivered, publisherId);
            if (link.closing) {
                log.late();
            }
        }

        @Override
        public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId,
                              String replyTo) {
            log.delivered(body, offset, length, redelivered, publisherId, recording);
            delegate.delivered(tag, body, offset, length, redelivered, publisherId, replyTo);
            if (link.closing) {
                log.late();
            }
        }

        @Override
        public boolean mayWait() {
            return delegate.mayWait();
        }

        @Override
        public void failed(Throwable cause) {
            delegate.failed(cause);
        }
    }
}
