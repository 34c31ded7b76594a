package io.amqpharness.run;

import io.amqpharness.flow.AckPolicy;
import io.amqpharness.measure.Counters;
import io.amqpharness.measure.Integrity;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.SizeLatencies;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.measure.SequenceTracker;
import io.amqpharness.scenario.ConsumeSettings;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.DeliveryListener;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * Receives one consumer's deliveries: counts them, checks each identified message's sequence
 * (loss, duplicates, order), records end-to-end latency from the timestamp in the body, and
 * settles through the {@link AckPolicy}. Called by the driver from one thread at a time.
 */
final class ConsumerTask implements DeliveryListener {
    private final ConsumerLink link;
    private final Optional<AckPolicy> ackPolicy;
    private final long limit;
    private final Integrity integrity;
    private final PayloadClock payloadClock;
    private final Counters counters;
    private final LatencyRecorder endToEnd;
    /** End-to-end latency per size of a {@code --size} mix; set before the consumer starts. */
    private SizeLatencies bySize = SizeLatencies.NONE;
    /** False for a protocol whose consumers settle nothing (the stream protocol): no ack call per message. */
    private boolean settles = true;
    private final FromSend fromSend;
    /** Request/reply: where this consumer answers; null otherwise. */
    private final Replier replier;
    private final NanoClock clock;
    private final RunControl control;
    /** Last sequence (low 32 bits) per publisher on this consumer, for the ordering check. */
    private final Map<String, long[]> lastSequence = new HashMap<>();
    private final Optional<DurationRange> processing;
    private final SplittableRandom random = new SplittableRandom();
    private final double nackBelow;
    private final double rejectBelow;
    private final double requeueBelow;
    private final long minGapNanos;
    private long nextAllowedNanos;
    private long received;
    private volatile boolean done;
    private long firstDeliveryNanos;
    private long lastDeliveryNanos;
    /** The last publisher seen, so that a run of its messages skips the map lookups. */
    private String cachedPublisher;
    private boolean cachedOwn;
    private SequenceTracker cachedTracker;
    private long[] cachedLastSequence;
    /** The cached publisher's recent publish delays; null when it has none (unpaced, another process). */
    private SendTimes cachedSendTimes;
    private static final VarHandle FIRST;
    private static final VarHandle LAST;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            FIRST = l.findVarHandle(ConsumerTask.class, "firstDeliveryNanos", long.class);
            LAST = l.findVarHandle(ConsumerTask.class, "lastDeliveryNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    ConsumerTask(ConsumerLink link, Optional<AckPolicy> ackPolicy, OptionalLong limit, Integrity integrity,
                 PayloadClock payloadClock, ConsumeSettings settings, Counters counters,
                 LatencyRecorder endToEnd, NanoClock clock, RunControl control, FromSend fromSend,
                 Optional<Replier> replier) {
        this.fromSend = fromSend;
        this.replier = replier.orElse(null);
        this.processing = settings.consumerLatency();
        this.nackBelow = settings.nackPercent() / 100;
        this.rejectBelow = (settings.nackPercent() + settings.rejectPercent()) / 100;
        this.requeueBelow = settings.requeuePercent() / 100;
        this.minGapNanos = settings.consumerRate().isPresent()
                ? (long) (1e9 / settings.consumerRate().getAsDouble()) : 0;
        this.link = link;
        this.ackPolicy = ackPolicy;
        this.limit = limit.orElse(Long.MAX_VALUE);
        this.integrity = integrity;
        this.payloadClock = payloadClock;
        this.counters = counters;
        this.endToEnd = endToEnd;
        this.clock = clock;
        this.control = control;
    }

    /** Also records end-to-end latency per body size into {@code latencies}; before the consumer starts. */
    ConsumerTask bySize(SizeLatencies latencies) {
        this.bySize = latencies;
        return this;
    }

    /**
     * For a protocol whose consumers settle nothing ({@code ProtocolTraits.settles()} false): each
     * delivery's acknowledgement, which its link would drop, is not made (the ack policy's monitor and
     * call per message). The goal still leaves what arrives past it aside, as with acknowledgements.
     * Before the consumer starts.
     */
    ConsumerTask settlingNothing() {
        this.settles = false;
        return this;
    }

    /** Waits only for a consumer rate, simulated processing or a reply (which may wait for credit or confirms). */
    @Override
    public boolean mayWait() {
        return minGapNanos > 0 || processing.isPresent() || replier != null;
    }

    @Override
    public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId) {
        delivered(tag, body, offset, length, redelivered, publisherId, null);
    }

    @Override
    public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String publisherId,
                          String replyTo) {
        if (done && ackPolicy.isPresent()) {
            return; // past this consumer's goal: left unsettled, the broker requeues it on close
        } // with auto-ack it is gone from the queue: counted and checked like any other, or it would count as lost
        long now = clock.nanoTime();
        if (minGapNanos > 0) {
            now = throttle(now);
        }
        if (processing.isPresent()) {
            now = process(now);
        }
        // Read by the runner; release stores are enough (no fence per message).
        if (received == 0) {
            FIRST.setRelease(this, now);
        }
        LAST.setRelease(this, now);
        received++;
        counters.consumed.increment();
        if (redelivered) {
            counters.redelivered.increment();
        }
        boolean own = false;
        if (publisherId == null) {
            counters.unidentified.increment();
        } else {
            if (!publisherId.equals(cachedPublisher)) {
                remember(publisherId);
            }
            own = cachedOwn;
            if (!own) {
                counters.foreign.increment();
            }
        }
        if (length >= PayloadCodec.HEADER_BYTES) {
            if (publisherId != null) {
                check(PayloadCodec.sequence32(body, offset), redelivered);
            }
            // Monotonic timestamps mean something only for this process's messages.
            if (own || payloadClock.mode().wall()) {
                long latency = payloadClock.latencyNanos(PayloadCodec.timestamp(body, offset), now);
                if (latency >= 0) {
                    endToEnd.recordNanos(latency);
                    bySize.record(length, latency);
                    SendTimes times = own ? cachedSendTimes : null;
                    if (times != null && !times.recordFromSend(PayloadCodec.sequence32(body, offset), latency,
                            fromSend.recorder())) {
                        fromSend.unpaired().increment();
                    }
                } else {
                    counters.clockSkew.increment();
                }
                if (replier != null) {
                    reply(body, offset, length, replyTo);
                }
            }
        }
        if (ackPolicy.isPresent()) {
            settle(ackPolicy.get(), tag);
        }
        if (received >= limit && !done) {
            done = true;
            ackPolicy.ifPresent(AckPolicy::flush);
            control.consumerReachedGoal();
        }
    }

    private void reply(byte[] body, int offset, int length, String replyTo) {
        try {
            replier.reply(body, offset, length, replyTo);
        } catch (RuntimeException e) {
            if (control.publishing()) {
                control.fail("Sending a reply failed: " + (e.getMessage() == null ? e : e.getMessage()));
            } // else the run is stopping and the reply link was closed
        }
    }

    /** Acknowledges, or nacks or rejects the configured share of deliveries. */
    private void settle(AckPolicy policy, long tag) {
        if (rejectBelow == 0) {
            if (settles) {
                policy.ack(tag);
            }
            return;
        }
        double draw = random.nextDouble();
        if (draw >= rejectBelow) {
            policy.ack(tag);
            return;
        }
        boolean requeue = requeueBelow > 0 && random.nextDouble() < requeueBelow;
        if (requeue) {
            counters.requeued.increment();
        }
        if (draw < nackBelow) {
            counters.consumerNacked.increment();
            policy.nack(tag, requeue);
        } else {
            counters.consumerRejected.increment();
            policy.reject(tag, requeue);
        }
    }

    /**
     * Keeps this consumer at its rate: one message per gap ({@code 1 / rate}), evenly spaced. A message
     * handled late (a wake-up the machine delayed) does not move the schedule, so lateness of up to one
     * gap is made up on the next message instead of lowering the rate; beyond that (an idle consumer, a
     * long stall) the schedule restarts one gap before now: at most two messages back to back, no burst.
     */
    private long throttle(long now) {
        long due = nextAllowedNanos;
        if (now - due > minGapNanos) {
            due = now - minGapNanos;
        }
        while (due - now > 0) {
            clock.parkNanos(due - now);
            now = clock.nanoTime();
        }
        nextAllowedNanos = due + minGapNanos;
        return now;
    }

    /** Simulated processing: the message counts as handled, and its latency is taken, afterwards. */
    private long process(long start) {
        DurationRange range = processing.get();
        long min = range.min().toNanos();
        long max = range.max().toNanos();
        long until = start + (min == max ? min : random.nextLong(min, max + 1));
        long now = start;
        while (until - now > 0) {
            clock.parkNanos(until - now);
            now = clock.nanoTime();
        }
        return now;
    }

    private void remember(String publisherId) {
        cachedPublisher = publisherId;
        cachedOwn = integrity.own(publisherId);
        cachedTracker = integrity.tracker(publisherId);
        cachedLastSequence = lastSequence.computeIfAbsent(publisherId, k -> new long[] {-1});
        cachedSendTimes = fromSend.publishers().get(publisherId);
    }

    /**
     * Where the latency from the actual send goes: each publisher's recent publish delays by id,
     * the recorder, and the count of deliveries whose delay was no longer known.
     */
    record FromSend(Map<String, SendTimes> publishers, LatencyRecorder recorder,
                    LongAdder unpaired) {
    }

    private void check(long sequence32, boolean redelivered) {
        SequenceTracker.Arrival arrival = integrity.arrive(cachedTracker, cachedPublisher, sequence32, redelivered);
        if (redelivered || arrival == SequenceTracker.Arrival.DUPLICATE) {
            return;
        }
        long[] last = cachedLastSequence;
        if (last[0] < 0) {
            last[0] = sequence32;
        } else if ((int) (sequence32 - last[0]) < 0) {
            counters.outOfOrder.increment();
        } else {
            last[0] = sequence32;
        }
    }

    @Override
    public void failed(Throwable cause) {
        control.fail(cause.getMessage() == null ? cause.toString() : cause.getMessage());
    }

    ConsumerLink link() {
        return link;
    }

    Optional<AckPolicy> ackPolicy() {
        return ackPolicy;
    }

    /** True once the consumer reached its message goal. */
    boolean done() {
        return done;
    }

    /** Nanos of the first delivery, 0 if none yet. */
    long firstDeliveryNanos() {
        return (long) FIRST.getAcquire(this);
    }

    /** Nanos of the latest delivery, 0 if none yet. */
    long lastDeliveryNanos() {
        return (long) LAST.getAcquire(this);
    }
}
