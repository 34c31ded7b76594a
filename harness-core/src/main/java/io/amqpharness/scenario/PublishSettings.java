package io.amqpharness.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * How messages are published. Part of a validated {@link Scenario}.
 *
 * @param producers           publisher connections ({@code --producers}, its first step with a
 *                            {@code producers} step); default 1
 * @param channelsPerProducer publishers (channels, or 1.0 links) on each of those connections;
 *                            default 1, so the run has {@code producers x channelsPerProducer} publishers
 * @param messageSizeBytes    body size in bytes, at least 12 (the header); default 12. With a mix of
 *                            sizes ({@code --size}), the mean size its shares give
 * @param sizeMix             {@code --size}: one size, or sizes with their shares of the messages, each
 *                            message's size drawn per publisher from {@code --seed}
 * @param variableSize        body sizes that follow each other on a repeating schedule; empty means
 *                            {@code messageSizeBytes} throughout
 * @param ratePerProducer     intended messages per second for each publisher ({@code --rate}, its
 *                            first step with a {@code rate} step); 0 means an idle, connected publisher;
 *                            empty means unpaced
 * @param totalRate           intended messages per second over all publishers, split evenly
 * @param variableRate        per-publisher rates that follow each other on a repeating schedule
 * @param messagesPerProducer stop each publisher after this many messages; empty means no limit
 * @param confirmWindow       publisher confirms with at most this many unconfirmed messages per
 *                            publisher ({@code --confirm}, its first step with a {@code confirm} step);
 *                            empty means no confirms
 * @param confirmTimeout      a message unconfirmed for this long is counted as timed out; default 30 s
 * @param txSize              AMQP 0.9.1 transactions: commit every this many messages (the commit
 *                            counts as the confirm); empty means no transactions
 * @param flags               message flags ({@code persistent}, {@code mandatory}: {@code --flag}); default
 *                            none
 * @param properties          message properties and headers ({@code --message-properties},
 *                            {@code --message-headers}); default none
 * @param shape               routing keys, priorities, TTLs and header values drawn per message
 *                            ({@code --routing-keys}, {@code --priority}, {@code --message-ttl},
 *                            {@code --header}); default {@link MessageShape#NONE}
 * @param randomStartDelay    each publisher waits a random time up to this long before its first
 *                            message; empty means all start together
 * @param pacingSpin          a paced publisher parks until this long before a wake-up and spins the
 *                            rest, because a park overshoots by about 60-100 µs on Linux; 0
 *                            parks all the way. Empty means the default: in the
 *                            precise mode ({@code pacingGranularity} 0), 100 µs
 *                            ({@code DEFAULT_PACING_SPIN}, but at most a tenth of the gap between messages) for a publisher with
 *                            a thread of its own; else 0 (bursts, or a shared pacing thread, whose spinning
 *                            before each of thousands of publishers' messages would cost a core)
 * @param pacingThreads       paced publishers share this many pacing threads ({@code --pacing-threads});
 *                            0 gives each its own thread; empty means automatic: as many as cores once
 *                            there are more than 4 paced publishers per core, else a thread each
 * @param pacingGranularity   a paced publisher wakes at most this often ({@code --pacing-granularity}) and
 *                            sends every message due since in one burst, each with its own intended
 *                            time; 0 wakes for every message (the precise mode); default 1 ms
 *                            ({@link #DEFAULT_PACING_GRANULARITY})
 */
public record PublishSettings(
        int producers,
        @FilledFrom(Setting.PRODUCER_CHANNELS) int channelsPerProducer,
        int messageSizeBytes,
        @FilledFrom(Setting.SIZE) SizeMix sizeMix,
        @FilledFrom(Setting.VARIABLE_SIZE) List<SizeStep> variableSize,
        OptionalDouble ratePerProducer,
        @FilledFrom(Setting.TOTAL_RATE) OptionalDouble totalRate,
        @FilledFrom(Setting.VARIABLE_RATE) List<RateStep> variableRate,
        @FilledFrom(Setting.PRODUCER_MESSAGES) OptionalLong messagesPerProducer,
        OptionalInt confirmWindow,
        @FilledFrom(Setting.CONFIRM_TIMEOUT) Duration confirmTimeout,
        @FilledFrom(Setting.TX_SIZE) OptionalInt txSize,
        Set<MessageFlag> flags,
        MessageProperties properties,
        MessageShape shape,
        @FilledFrom(Setting.PRODUCER_RANDOM_START_DELAY) Optional<Duration> randomStartDelay,
        @FilledFrom(Setting.PACING_SPIN) Optional<Duration> pacingSpin,
        @FilledFrom(Setting.PACING_THREADS) OptionalInt pacingThreads,
        @FilledFrom(Setting.PACING_GRANULARITY) Duration pacingGranularity) {

    /** How long before a message's intended time a paced publisher stops parking and spins: 100 µs. */
    public static final Duration DEFAULT_PACING_SPIN = Duration.ofNanos(100_000);

    /** How often a paced publisher wakes at most, sending what fell due meanwhile in one burst: 1 ms. */
    public static final Duration DEFAULT_PACING_GRANULARITY = Duration.ofMillis(1);

    public PublishSettings {
        variableSize = List.copyOf(variableSize);
        variableRate = List.copyOf(variableRate);
        flags = Set.copyOf(flags);
    }

    /**
     * The settings before {@code shape}: nothing drawn per message besides the size.
     *
     * @deprecated use the canonical constructor with {@link MessageShape#NONE}
     */
    @Deprecated
    public PublishSettings(int producers, int channelsPerProducer, int messageSizeBytes, SizeMix sizeMix,
                           List<SizeStep> variableSize, OptionalDouble ratePerProducer, OptionalDouble totalRate,
                           List<RateStep> variableRate, OptionalLong messagesPerProducer, OptionalInt confirmWindow,
                           Duration confirmTimeout, OptionalInt txSize, Set<MessageFlag> flags,
                           MessageProperties properties, Optional<Duration> randomStartDelay,
                           Optional<Duration> pacingSpin, OptionalInt pacingThreads, Duration pacingGranularity) {
        this(producers, channelsPerProducer, messageSizeBytes, sizeMix, variableSize, ratePerProducer, totalRate,
                variableRate, messagesPerProducer, confirmWindow, confirmTimeout, txSize, flags, properties,
                MessageShape.NONE, randomStartDelay, pacingSpin, pacingThreads, pacingGranularity);
    }

    /**
     * The settings before {@code sizeMix} and {@code pacingGranularity}: every body is
     * {@code messageSizeBytes} long, and paced publishers wake at most every
     * {@link #DEFAULT_PACING_GRANULARITY} and send what fell due in bursts.
     *
     * @deprecated use the canonical constructor, with {@link #DEFAULT_PACING_GRANULARITY} (bursts) or
     *             {@link Duration#ZERO} (a wake-up per message, the behaviour before it existed)
     */
    @Deprecated
    public PublishSettings(int producers, int channelsPerProducer, int messageSizeBytes, List<SizeStep> variableSize,
                           OptionalDouble ratePerProducer, OptionalDouble totalRate, List<RateStep> variableRate,
                           OptionalLong messagesPerProducer, OptionalInt confirmWindow, Duration confirmTimeout,
                           OptionalInt txSize, Set<MessageFlag> flags, MessageProperties properties,
                           Optional<Duration> randomStartDelay, Optional<Duration> pacingSpin,
                           OptionalInt pacingThreads) {
        this(producers, channelsPerProducer, messageSizeBytes, SizeMix.fixed(messageSizeBytes), variableSize,
                ratePerProducer, totalRate, variableRate, messagesPerProducer, confirmWindow, confirmTimeout, txSize,
                flags, properties, MessageShape.NONE, randomStartDelay, pacingSpin, pacingThreads,
                DEFAULT_PACING_GRANULARITY);
    }

    /**
     * How long before an intended send time (or a burst's wake-up) a paced publisher stops parking and
     * spins: {@code --pacing-spin}, else 100 µs on a thread of its own in the precise mode
     * ({@code --pacing-granularity 0}), and 0 on a shared pacing thread or when sending in bursts.
     *
     * @param sharedThread true for a publisher served by a shared pacing thread
     */
    public Duration pacingSpinFor(boolean sharedThread) {
        return pacingSpin.orElse(sharedThread || bursts() ? Duration.ZERO : DEFAULT_PACING_SPIN);
    }

    /** True if paced publishers wake at most every {@link #pacingGranularity} and send what is due in bursts. */
    public boolean bursts() {
        return !pacingGranularity.isZero();
    }

    /** Publishers in the run: connections times channels per connection. */
    public int publishers() {
        return producers * channelsPerProducer;
    }

    /**
     * True if messages may expire by design: {@code --message-properties expiration=...} or
     * {@code --message-ttl}.
     */
    public boolean messagesExpire() {
        return properties.expiration().isPresent() || shape.expires();
    }

    public boolean persistent() {
        return flags.contains(MessageFlag.PERSISTENT);
    }

    public boolean mandatory() {
        return flags.contains(MessageFlag.MANDATORY);
    }

    public boolean confirms() {
        return confirmWindow.isPresent();
    }

    /** True when the broker's verdict on each message is awaited (confirms or transactions). */
    public boolean settled() {
        return confirmWindow.isPresent() || txSize.isPresent();
    }

    /** True when publishers follow an intended-time schedule (some rate is set). */
    public boolean paced() {
        return ratePerProducer.isPresent() || totalRate.isPresent() || !variableRate.isEmpty();
    }

    /**
     * The schedule each publisher follows: empty when unpaced, one step of unbounded length for
     * a constant rate, the repeating steps of a variable rate.
     */
    public Optional<List<RateStep>> schedule() {
        if (!variableRate.isEmpty()) {
            return Optional.of(variableRate);
        }
        // With no publisher at the start (a producers step adds them), the run splits the total
        // rate over those it adds; the schedule still makes them paced.
        OptionalDouble rate = ratePerProducer.isPresent() ? ratePerProducer
                : totalRate.isPresent() ? OptionalDouble.of(totalRate.getAsDouble() / Math.max(1, publishers()))
                : OptionalDouble.empty();
        return rate.isPresent()
                ? Optional.of(List.of(new RateStep(rate.getAsDouble(), Duration.ofDays(365 * 100L))))
                : Optional.empty();
    }

    /** True if some publisher never sends (a rate of 0 throughout). */
    public boolean idle() {
        return schedule().map(s -> s.stream().allMatch(step -> step.ratePerSecond() == 0)).orElse(false);
    }
}
