package io.amqpharness.stream;

import com.rabbitmq.stream.ConsumerFlowStrategy;

/**
 * A consumer's credit, given back in groups: the initial credit (chunks), then {@link #group} credits
 * each time that many chunks have arrived, rather than one per chunk (the client's
 * {@code creditOnChunkArrival}). RabbitMQ before 4.2.2 starts a delivery pass for every credit it is
 * given and, when the stream has nothing new, ends that pass with a 1 ms sleep
 * ({@code rabbit_stream_reader:send_chunks/8}), during which a chunk written for the consumer waits;
 * fewer credits mean fewer such sleeps. The group stays below half the initial credit, so that the
 * broker's credit never falls to the half below which it sends nothing ({@code send_limit}) while the
 * consumer keeps up. For one subscription: a super stream's partitions would share one count. After
 * the client resubscribes (a reconnection) the count goes on from where it was, so the broker may then
 * hold up to {@code group - 1} credits above the initial credit, never more.
 */
final class GroupedCredits implements ConsumerFlowStrategy {
    private static final MessageProcessedCallback NOTHING = context -> { };
    private final int initialCredits;
    private final int group;
    /** Chunks arrived since the last credit given; written by the connection's dispatching thread. */
    private volatile int arrived;

    GroupedCredits(int initialCredits) {
        if (initialCredits < 1) {
            throw new IllegalArgumentException("initial credits must be at least 1, not " + initialCredits);
        }
        this.initialCredits = initialCredits;
        this.group = group(initialCredits);
    }

    /** Credits given back at a time for an initial credit: below half of it, at least 1 (10 gives 4). */
    static int group(int initialCredits) {
        return Math.max(1, initialCredits / 2 - 1);
    }

    @Override
    public int initialCredits() {
        return initialCredits;
    }

    @Override
    public MessageProcessedCallback start(Context context) {
        int n = arrived + 1;
        if (n >= group) {
            arrived = 0;
            context.credits(n);
        } else {
            arrived = n;
        }
        return NOTHING;
    }
}
