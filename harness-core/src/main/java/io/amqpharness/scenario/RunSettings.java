package io.amqpharness.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * When a run stops, how it measures and how it reports. Part of a validated {@link Scenario}.
 *
 * @param time         how long to measure: publishing stops this long after the warm-up ends (the
 *                     warm-up is added to it, not taken from it); empty means no time limit
 * @param warmup       {@code --warmup}: traffic flows this long (rounded up to whole reporting intervals) before
 *                     measurement starts; latency and rates leave it out; empty means none. When
 *                     none is given, a run with a time limit of at least {@link #DEFAULT_WARMUP_FROM}
 *                     (10 s) and no message count or exit condition, and a stepped run without a time limit warm up for
 *                     {@link #DEFAULT_WARMUP} (5 s); shorter timed runs and runs bounded by message
 *                     counts only start measuring at once. {@code Duration.ZERO} given to the
 *                     builder means none
 * @param interval     reporting interval; default 1 s
 * @param drainTimeout after publishing stops, how long to wait for outstanding confirms and
 *                     deliveries; default 30 s
 * @param clock        what message timestamps mean; {@code monotonic}, {@code wall} or {@code wallMillis}; default
 *                     {@code monotonic}
 * @param seed         {@code --seed}: what publishers draw per message (sizes of a mix, random routing
 *                     keys, random start delays) depends only on it and the publisher; default 0
 * @param steps        settings changed while the run goes on ({@code --step},
 *                     {@code --step-duration}); empty for none. Without a time limit
 *                     a stepped run ends after its last step
 * @param recovery     whether dropped connections are reopened; {@code auto}, {@code on} or {@code off}; default
 *                     {@code auto}
 * @param recoveryTimeout how long one outage may last before the run gives up; default 60 s
 * @param brokerMetrics whether and where the broker's own metrics are sampled, once per interval;
 *                     default: the management API next to the AMQP port ({@link BrokerMetrics#DERIVED})
 * @param gates        pass/fail gates ({@code --fail-if}), checked on the whole run and on each
 *                     step; empty for none
 * @param backlog      {@code --backlog}: fill the queues with the consumers held back, then drain;
 *                     empty for none
 */
public record RunSettings(
        @FilledFrom(Setting.TIME) Optional<Duration> time,
        Optional<Duration> warmup,
        @FilledFrom(Setting.INTERVAL) Duration interval,
        @FilledFrom(Setting.DRAIN_TIMEOUT) Duration drainTimeout,
        @FilledFrom(Setting.CLOCK) ClockMode clock,
        @FilledFrom(Setting.SEED) long seed,
        Optional<StepPlan> steps,
        @FilledFrom(Setting.RECOVERY) RecoveryMode recovery,
        @FilledFrom(Setting.RECOVERY_TIMEOUT) Duration recoveryTimeout,
        BrokerMetrics brokerMetrics,
        List<Gate> gates,
        Optional<Backlog> backlog) {
    /**
     * The settings before {@code backlog}: no backlog.
     *
     * @deprecated use the canonical constructor, with {@code Optional.empty()} for no backlog
     */
    @Deprecated
    public RunSettings(Optional<Duration> time, Optional<Duration> warmup, Duration interval, Duration drainTimeout,
                       ClockMode clock, long seed, Optional<StepPlan> steps, RecoveryMode recovery,
                       Duration recoveryTimeout, BrokerMetrics brokerMetrics, List<Gate> gates) {
        this(time, warmup, interval, drainTimeout, clock, seed, steps, recovery, recoveryTimeout, brokerMetrics, gates,
                Optional.empty());
    }

    /**
     * The settings before {@code seed}: seed 0, the draws of every run before it existed.
     *
     * @deprecated use the canonical constructor, with a seed ({@code 0} draws as before)
     */
    @Deprecated
    public RunSettings(Optional<Duration> time, Optional<Duration> warmup, Duration interval, Duration drainTimeout,
                       ClockMode clock, Optional<StepPlan> steps, RecoveryMode recovery, Duration recoveryTimeout,
                       BrokerMetrics brokerMetrics, List<Gate> gates) {
        this(time, warmup, interval, drainTimeout, clock, 0L, steps, recovery, recoveryTimeout, brokerMetrics, gates,
                Optional.empty());
    }

    /**
     * The warm-up of a stepped run without a time limit, of a {@code sweep} (before its first run)
     * and of a {@code find-max} search, when none is given: 5 s, so the first step, run or probe
     * does not measure the client's and the broker's warm-up (JIT compilation, first connections).
     */
    public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(5);

    /**
     * The shortest time limit that gets {@link #DEFAULT_WARMUP} when no warm-up is given: 10 s.
     * Shorter runs are smoke tests, which start measuring at once.
     */
    public static final Duration DEFAULT_WARMUP_FROM = Duration.ofSeconds(10);

    /** How long one outage may last before a recovering run gives up: 60 s. */
    public static final Duration DEFAULT_RECOVERY_TIMEOUT = Duration.ofSeconds(60);

    public RunSettings {
        gates = List.copyOf(gates);
        backlog = backlog == null ? Optional.empty() : backlog;
    }

    /** Whether this run reconnects: {@code on}, or {@code auto} with a time limit or steps. */
    public boolean recovers() {
        return recovery == RecoveryMode.ON || recovery == RecoveryMode.AUTO && publishingLimit().isPresent();
    }

    /**
     * How long publishing lasts: the warm-up, then the time limit or else the steps' total length
     * (steps are timed from the end of the warm-up), if either is set.
     */
    public Optional<Duration> publishingLimit() {
        Duration w = warmup.orElse(Duration.ZERO);
        return time.isPresent() ? time.map(t -> t.plus(w)) : steps.map(p -> p.length().plus(w));
    }

    /**
     * The warm-up a run gets when none is given: {@link #DEFAULT_WARMUP} with a time limit of at
     * least {@link #DEFAULT_WARMUP_FROM} (unless the run is also bounded by message counts or an
     * exit condition, for which the time limit is only a cap), or when stepped without a time
     * limit; else none.
     *
     * @param stepped whether the run has steps
     * @param time    its time limit, if any
     * @param bounded whether message counts ({@code --pmessages}, {@code --cmessages}) or
     *                {@code --exit-when} may end it
     */
    public static Optional<Duration> defaultWarmup(boolean stepped, Optional<Duration> time, boolean bounded) {
        boolean warms = time.isPresent() ? !bounded && time.get().compareTo(DEFAULT_WARMUP_FROM) >= 0 : stepped;
        return warms ? Optional.of(DEFAULT_WARMUP) : Optional.empty();
    }

    /**
     * The warm-up rule before timed runs got one by default: {@link #DEFAULT_WARMUP} when stepped
     * without a time limit, else none.
     *
     * @param stepped     whether the run has steps
     * @param timeLimited whether it has a time limit
     * @deprecated since 0.1.0: timed runs of at least {@link #DEFAULT_WARMUP_FROM} now get a warm-up
     *             added to their time; use {@link #defaultWarmup(boolean, Optional, boolean)}, which
     *             gives the rule the harness applies. This keeps the old answer for callers that
     *             relied on it and will be removed after the first release.
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static Optional<Duration> defaultWarmup(boolean stepped, boolean timeLimited) {
        return timeLimited ? Optional.empty() : defaultWarmup(stepped, Optional.empty(), false);
    }
}
