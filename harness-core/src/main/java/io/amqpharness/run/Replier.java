package io.amqpharness.run;

import io.amqpharness.spi.PublisherLink;
import java.util.concurrent.atomic.LongAdder;

/**
 * The answering side of request/reply ({@code --request-reply}): sends each request a consumer
 * received back, body unchanged (its header keeps the request's sequence and timestamp), to the
 * request's reply address (direct reply-to) or the run's reply queue. Used by the consumer's delivery thread; reuses one body buffer.
 */
final class Replier {
    private final PublisherLink link;
    private final String replyQueue;
    private final LongAdder sent;
    private byte[] buffer = new byte[0];
    private long seq;

    Replier(PublisherLink link, String replyQueue, LongAdder sent) {
        this.link = link;
        this.replyQueue = replyQueue;
        this.sent = sent;
    }

    /**
     * Sends the request in {@code body[offset, offset + length)} back: to its reply address (direct
     * reply-to) if it has one, else to the run's reply queue.
     */
    void reply(byte[] body, int offset, int length, String replyTo) {
        if (buffer.length != length) {
            buffer = new byte[length]; // only when the body size changes (--variable-size)
        }
        System.arraycopy(body, offset, buffer, 0, length);
        link.send(++seq, buffer, replyTo != null ? replyTo : replyQueue);
        // The consumer cannot tell whether another request follows at once: a driver that holds sends
        // back to write several together must write this one now.
        link.aboutToWait();
        sent.increment();
    }

    PublisherLink link() {
        return link;
    }
}
