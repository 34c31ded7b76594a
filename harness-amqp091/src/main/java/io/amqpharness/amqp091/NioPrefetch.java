package io.amqpharness.amqp091;

import io.amqpharness.spi.ConsumerSpec;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The prefetch of consumers that acknowledge in amqp-client's NIO mode, and the run's note about it.
 * amqp-client's NIO loop puts each delivery into its channel's dispatch queue, which holds
 * {@value #DISPATCH_QUEUE_LENGTH}; when it is full the loop waits for room, while the consumer's
 * acknowledgements wait for that same loop to write them. So a consumer without a prefetch gets
 * {@value #DEFAULT} (its queue then never fills; measured without one: 1,536 of 40,000 consumed, and
 * sequence gaps at the end), and one of {@value #DISPATCH_QUEUE_LENGTH} or more gets a note. Thread-safe.
 */
final class NioPrefetch {
    /** Deliveries amqp-client's dispatch queue holds per channel before its reader waits. */
    static final int DISPATCH_QUEUE_LENGTH = 1_000;
    /** The prefetch of a consumer that acknowledges, in NIO mode, where the scenario gives none. */
    static final int DEFAULT = 500;
    private final AtomicBoolean defaultGiven = new AtomicBoolean();
    /** The largest prefetch of {@link #DISPATCH_QUEUE_LENGTH} or more asked for, 0 for none. */
    private final AtomicInteger largest = new AtomicInteger();

    /** The prefetch {@code spec}'s consumer asks for on a connection in NIO mode. */
    OptionalInt of(ConsumerSpec spec) {
        if (spec.autoAck() || spec.polling()) {
            return spec.prefetch();
        }
        if (spec.prefetch().isEmpty()) {
            defaultGiven.set(true);
            return OptionalInt.of(DEFAULT);
        }
        if (spec.prefetch().getAsInt() >= DISPATCH_QUEUE_LENGTH) {
            largest.accumulateAndGet(spec.prefetch().getAsInt(), Math::max);
        }
        return spec.prefetch();
    }

    /** The run's note: a prefetch that can stall, or the default given; none if neither happened. */
    List<String> notes() {
        String mode = "AMQP 0.9.1 in NIO mode (--nio-threads, or above 1,000 connections mostly idle)";
        String why = "amqp-client's NIO loop waits for room in a consumer's dispatch queue (" + DISPATCH_QUEUE_LENGTH
                + " deliveries) while the consumer's acknowledgements wait for that loop";
        if (largest.get() > 0) {
            return List.of(String.format(Locale.ROOT, "%s with a prefetch of %,d: the consumers can stall, as %s; if "
                    + "they fell behind, use --qos %d or less, or --nio-threads 0 for blocking I/O.", mode,
                    largest.get(), why, DISPATCH_QUEUE_LENGTH - 1));
        }
        if (defaultGiven.get()) {
            return List.of(mode + ": the consumers, which acknowledge and had no --qos, got a prefetch of " + DEFAULT
                    + ": without one " + why + ". Give --qos for another prefetch (below " + DISPATCH_QUEUE_LENGTH
                    + "), or --nio-threads 0 for blocking I/O.");
        }
        return List.of();
    }
}
