package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;

import io.amqpharness.measure.PayloadCodec;
import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.PublisherLink;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Paced publishers that wake at most every {@code --pacing-granularity} and send what fell due in a
 * burst, on a fake clock whose parks wake 80 µs late (as a Linux park does): each message still
 * carries its own intended time from the schedule (never the clock at the send), its publish delay
 * is recorded, the schedule never drifts, and a stall shows as delay of the messages it held up.
 * Both drivers: a thread of its own ({@link OwnThreadPublisher}) and a shared {@link PacingThread}.
 */
class BurstPacingTest {
    private static final long OVERSHOOT_NANOS = 80_000;
    private static final long MILLI = 1_000_000L;

    /** A fake clock whose parks wake 80 µs late and whose spin steps take 1 µs. */
    private static final class Clock implements NanoClock {
        long now = 1_000_000_000L;
        long parks;
        Runnable onPark = () -> { };

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void parkNanos(long nanos) {
            parks++;
            now += Math.max(0, nanos) + OVERSHOOT_NANOS;
            onPark.run();
        }

        @Override
        public void spinPause() {
            now += 1_000;
        }
    }

    /** Checks every message as it is sent: what a consumer would read from its header, and when it left. */
    private static final class Link implements PublisherLink {
        private final Clock clock;
        /** The intended time of message n is {@code start + n * interval}, exactly as the schedule says. */
        long start;
        double intervalNanos;
        long sent;
        long writes;
        long maxDelay;
        long lastIntended;
        long lastSentAt;
        /** Message number (from 0) whose send takes {@link #stallNanos}, or -1. */
        long stallAt = -1;
        long stallNanos;
        final List<String> wrong = new ArrayList<>();

        Link(Clock clock) {
            this.clock = clock;
        }

        @Override
        public void send(long seq, byte[] body, String routingKey) {
            long n = seq - 1;
            long intended = PayloadCodec.timestamp(body, 0);
            long expected = start + (long) (n * intervalNanos);
            if (intended != expected && wrong.size() < 5) {
                wrong.add("message " + n + " stamped " + (intended - start) + " ns in, not " + (expected - start));
            }
            long at = clock.nanoTime();
            if (at - intended < 0 && wrong.size() < 5) {
                wrong.add("message " + n + " sent " + (intended - at) + " ns before its intended time");
            }
            maxDelay = Math.max(maxDelay, at - intended);
            lastIntended = intended;
            lastSentAt = at;
            sent++;
            if (n == stallAt) {
                clock.now += stallNanos; // the send blocks: a broker alarm, a GC pause
            }
        }

        @Override
        public void aboutToWait() {
            writes++; // the link writes what it held back: one socket write per burst
        }

        @Override
        public void close() {
        }
    }

    private record Outcome(Link link, Histogram delays, Counters counters, long parks) {
    }

    private static Scenario scenario(double rate, long messages, Duration granularity) {
        return Scenario.builder().protocol("in-memory").rate(rate).producerMessageCount(messages)
                .pacingGranularity(granularity).build();
    }

    private static PublisherTask.Context context(Scenario s, Clock clock, RunControl control, LatencyRecorder delay,
                                                 Counters counters) {
        return new PublisherTask.Context(s.publishing(), counters, delay, clock,
                new PayloadClock(ClockMode.MONOTONIC, clock.nanoTime(), Instant.now()), control, Optional.empty());
    }

    /** One publisher on a thread of its own (this one), until its messages are sent. */
    private static Outcome ownThread(Scenario s, Clock clock, Link link) {
        RunControl control = new RunControl(1, 0, Thread.currentThread());
        LatencyRecorder delay = new LatencyRecorder("publish delay");
        Counters counters = new Counters();
        PublisherTask task = new PublisherTask(link, Optional.empty(), "q", context(s, clock, control, delay, counters),
                1, Optional.empty(), 0);
        link.start = clock.nanoTime();
        link.intervalNanos = 1e9 / s.publishing().ratePerProducer().getAsDouble();
        control.start(link.start, 0);
        new OwnThreadPublisher(task).run();
        return new Outcome(link, delay.sampleInterval(), counters, clock.parks);
    }

    /** Publishers sharing one pacing thread (this one), until all their messages are sent. */
    private static List<Outcome> pacingThread(Scenario s, Clock clock, List<Link> links) {
        RunControl control = new RunControl(links.size(), 0, Thread.currentThread());
        PacingThread thread = new PacingThread("test-pacing", control, clock, 0,
                s.publishing().pacingGranularity().toNanos());
        clock.onPark = () -> {
            if (control.allPublishersFinished()) {
                control.stopPublishing();
            }
        };
        long start = clock.nanoTime();
        List<LatencyRecorder> delays = new ArrayList<>();
        List<Counters> counters = new ArrayList<>();
        double interval = 1e9 / s.publishing().ratePerProducer().getAsDouble();
        for (int i = 0; i < links.size(); i++) {
            LatencyRecorder delay = new LatencyRecorder("publish delay");
            Counters c = new Counters();
            double phase = i / (double) links.size();
            thread.add(new PublisherTask(links.get(i), Optional.empty(), "q", context(s, clock, control, delay, c), i,
                    Optional.empty(), phase));
            links.get(i).start = start + (long) (phase * interval);
            links.get(i).intervalNanos = interval;
            delays.add(delay);
            counters.add(c);
        }
        control.start(start, 0);
        thread.run();
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < links.size(); i++) {
            out.add(new Outcome(links.get(i), delays.get(i).sampleInterval(), counters.get(i), clock.parks));
        }
        return out;
    }

    /** Every message stamped and delayed as it should, none sent early, all counted. */
    private static void assertExact(Outcome o, long messages, long maxDelayNanos) {
        assertThat(o.link().wrong).isEmpty();
        assertThat(o.link().sent).isEqualTo(messages);
        assertThat(o.counters().published.sum()).isEqualTo(messages);
        assertThat(o.delays().getTotalCount()).as("a publish delay for every message").isEqualTo(messages);
        assertThat(o.link().maxDelay).isLessThanOrEqualTo(maxDelayNanos);
        // The recorded delays are the sends' own: the largest agrees (to the histogram's 3 digits).
        assertThat((double) o.delays().getMaxValue()).isCloseTo(o.link().maxDelay, org.assertj.core.data.Percentage
                .withPercentage(0.2));
    }

    @Test
    void aPublisherOfItsOwnWakesOncePerMillisecondAndStampsEveryMessageWithItsOwnIntendedTime() {
        Clock clock = new Clock();
        Outcome o = ownThread(scenario(10_000, 2_000, Duration.ofMillis(1)), clock, new Link(clock));
        // 2,000 messages 100 µs apart: 0.2 s, about 200 wake-ups of about 10 messages each.
        assertExact(o, 2_000, MILLI + OVERSHOOT_NANOS);
        assertThat(o.parks()).isBetween(150L, 220L);
        assertThat(o.link().writes).as("one write per burst").isBetween(150L, 220L);
        assertThat(o.delays().getValueAtPercentile(50)).as("about half the granularity late")
                .isBetween(400_000L, 700_000L);
    }

    @Test
    void thePreciseModeWakesForEveryMessage() {
        Clock clock = new Clock();
        Outcome o = ownThread(scenario(10_000, 2_000, Duration.ZERO), clock, new Link(clock));
        // Its default spin window at 10,000 msg/s is 10 µs: the 80 µs overshoot is late by 70 µs.
        assertExact(o, 2_000, OVERSHOOT_NANOS);
        assertThat(o.parks()).isGreaterThanOrEqualTo(1_999L);
        assertThat(o.link().writes).isGreaterThanOrEqualTo(1_999L);
    }

    @Test
    void belowOneMessagePerGranularityEachMessageHasItsOwnWakeUp() {
        Clock clock = new Clock();
        Outcome o = ownThread(scenario(500, 200, Duration.ofMillis(1)), clock, new Link(clock));
        // 2 ms apart: each message wakes its publisher at its own time, late by the park's overshoot only.
        assertExact(o, 200, OVERSHOOT_NANOS);
        assertThat(o.delays().getValueAtPercentile(50)).isBetween(OVERSHOOT_NANOS - 100, OVERSHOOT_NANOS + 100);
    }

    @Test
    void aLongRunDoesNotDrift() {
        // 3,000 msg/s: 333,333.3 ns apart, which no whole number of nanoseconds repeats. After a million
        // messages (333 s) each is still stamped start + n / rate, and the last left within a burst of it.
        Clock clock = new Clock();
        Outcome o = ownThread(scenario(3_000, 1_000_000, Duration.ofMillis(1)), clock, new Link(clock));
        assertExact(o, 1_000_000, MILLI + OVERSHOOT_NANOS);
        assertThat(o.link().lastIntended - o.link().start).isEqualTo((long) (999_999 * (1e9 / 3_000)));
        assertThat(o.link().lastSentAt - o.link().lastIntended).isBetween(0L, MILLI + OVERSHOOT_NANOS);
    }

    @Test
    void aStallIsCaughtUpAndShowsAsTheDelayOfTheMessagesItHeldUp() {
        // The 500th send blocks for 50 ms. The 500 messages due meanwhile leave back to back at once,
        // each still stamped with its own intended time: their delays go from 50 ms down, and the
        // schedule after them is where it was (not shifted by the stall).
        Clock clock = new Clock();
        Link link = new Link(clock);
        link.stallAt = 499;
        link.stallNanos = 50 * MILLI;
        Outcome o = ownThread(scenario(10_000, 2_000, Duration.ofMillis(1)), clock, link);
        assertExact(o, 2_000, 51 * MILLI);
        assertThat(link.maxDelay).isGreaterThanOrEqualTo(49 * MILLI);
        assertThat(o.delays().getCountBetweenValues(2 * MILLI, 60 * MILLI)).as("the messages the stall held up")
                .isBetween(450L, 500L);
        assertThat(link.lastSentAt - link.lastIntended).as("caught up by the end").isLessThanOrEqualTo(
                MILLI + OVERSHOOT_NANOS);
    }

    @Test
    void aPacingThreadWakesOncePerMillisecondForAllItsPublishers() {
        Clock clock = new Clock();
        List<Outcome> out = pacingThread(scenario(5_000, 1_000, Duration.ofMillis(1)), clock,
                List.of(new Link(clock), new Link(clock)));
        // Two publishers at 5,000 msg/s, 100 µs apart from each other: 0.2 s, about 200 wake-ups in all.
        for (Outcome o : out) {
            assertExact(o, 1_000, MILLI + OVERSHOOT_NANOS);
            assertThat(o.link().writes).as("one write per burst").isBetween(150L, 220L);
        }
        assertThat(clock.parks).isBetween(150L, 230L);
    }

    @Test
    void aPacingThreadInThePreciseModeWakesForEachDueTime() {
        Clock clock = new Clock();
        List<Outcome> out = pacingThread(scenario(5_000, 1_000, Duration.ZERO), clock,
                List.of(new Link(clock), new Link(clock)));
        for (Outcome o : out) {
            assertExact(o, 1_000, OVERSHOOT_NANOS);
        }
        assertThat(clock.parks).isGreaterThanOrEqualTo(1_999L);
    }

    @Test
    void aStallOnAPacingThreadShowsAsDelayOfEveryPublisherItServes() {
        Clock clock = new Clock();
        Link stalled = new Link(clock);
        stalled.stallAt = 299;
        stalled.stallNanos = 30 * MILLI;
        Link other = new Link(clock);
        List<Outcome> out = pacingThread(scenario(5_000, 1_000, Duration.ofMillis(1)), clock, List.of(stalled, other));
        for (Outcome o : out) {
            assertExact(o, 1_000, 31 * MILLI);
            assertThat(o.link().maxDelay).as("the stall held up both").isGreaterThanOrEqualTo(29 * MILLI);
            assertThat(o.delays().getCountBetweenValues(2 * MILLI, 60 * MILLI)).isBetween(130L, 160L);
            assertThat(o.link().lastSentAt - o.link().lastIntended).isLessThanOrEqualTo(MILLI + OVERSHOOT_NANOS);
        }
    }
}
