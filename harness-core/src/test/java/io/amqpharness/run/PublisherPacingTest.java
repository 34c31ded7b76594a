package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.PublisherLink;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * How late a paced publisher in the precise mode ({@code --pacing-granularity 0}) sends when every park
 * overshoots, as a Linux park does by 60-100 µs; and rate changes, in the default mode (bursts).
 */
class PublisherPacingTest {
    private static final long OVERSHOOT_NANOS = 80_000;

    /** A fake clock whose parks wake 80 µs late and whose spin steps take 1 µs. */
    private static final class OvershootingClock implements NanoClock {
        final AtomicLong now = new AtomicLong(1_000_000_000L);
        long parks;
        long spins;

        @Override
        public long nanoTime() {
            return now.get();
        }

        @Override
        public void parkNanos(long nanos) {
            parks++;
            now.addAndGet(Math.max(0, nanos) + OVERSHOOT_NANOS);
        }

        @Override
        public void spinPause() {
            spins++;
            now.addAndGet(1_000);
        }
    }

    private static Histogram publishDelays(Duration spin, OvershootingClock clock) {
        Scenario s = Scenario.builder().protocol("in-memory").rate(1000).producerMessageCount(200).pacingSpin(spin)
                .pacingGranularity(Duration.ZERO).build();
        RunControl control = new RunControl(1, 0, Thread.currentThread());
        LatencyRecorder delay = new LatencyRecorder("publish delay");
        PublisherTask.Context context = new PublisherTask.Context(s.publishing(), new Counters(), delay, clock,
                new PayloadClock(ClockMode.MONOTONIC, clock.nanoTime(), Instant.now()), control, Optional.empty());
        PublisherLink link = new PublisherLink() {
            @Override
            public void send(long seq, byte[] body, String routingKey) {
            }

            @Override
            public void close() {
            }
        };
        control.start(clock.nanoTime(), 0);
        new OwnThreadPublisher(new PublisherTask(link, Optional.empty(), "q", context, 1, Optional.empty(), 0)).run();
        return delay.sampleInterval();
    }

    @Test
    void spinningTheLastMicrosecondsSendsOnTime() {
        OvershootingClock clock = new OvershootingClock();
        Histogram h = publishDelays(Duration.ofNanos(100_000), clock);
        assertThat(h.getTotalCount()).isEqualTo(200);
        assertThat(h.getMaxValue()).isLessThanOrEqualTo(1_001L);
        assertThat(clock.spins).isPositive();
    }

    @Test
    void parkingAllTheWayIsLateByTheOvershoot() {
        OvershootingClock clock = new OvershootingClock();
        Histogram h = publishDelays(Duration.ZERO, clock);
        assertThat(h.getTotalCount()).isEqualTo(200);
        assertThat(h.getValueAtPercentile(50)).isGreaterThanOrEqualTo(OVERSHOOT_NANOS - 100);
        assertThat(clock.spins).isZero();
    }

    @Test
    void publishersAtOneRateStartAPhaseOfTheirIntervalApartInsteadOfAllAtOnce() {
        OvershootingClock clock = new OvershootingClock();
        Scenario s = Scenario.builder().protocol("in-memory").rate(1000).producerMessageCount(3)
                .pacingGranularity(Duration.ZERO).build();
        RunControl control = new RunControl(1, 0, Thread.currentThread());
        PublisherTask.Context context = new PublisherTask.Context(s.publishing(), new Counters(),
                new LatencyRecorder("publish delay"), clock,
                new PayloadClock(ClockMode.MONOTONIC, clock.nanoTime(), Instant.now()), control, Optional.empty());
        java.util.List<Long> sent = new java.util.ArrayList<>();
        PublisherLink link = new PublisherLink() {
            @Override
            public void send(long seq, byte[] body, String routingKey) {
                sent.add(clock.nanoTime());
            }

            @Override
            public void close() {
            }
        };
        long start = clock.nanoTime();
        control.start(start, 0);
        new OwnThreadPublisher(new PublisherTask(link, Optional.empty(), "q", context, 1, Optional.empty(), 0.25)).run();
        // Publisher 1 of 4 at 1,000 msg/s: its schedule starts a quarter of a millisecond in.
        assertThat(sent).hasSize(3);
        assertThat(sent.get(0) - start).isBetween(250_000L, 251_000L);
        assertThat(sent.get(1) - start).isBetween(1_250_000L, 1_251_000L);
    }

    @Test
    void aRateSetWhileThePublisherStartsIsNeverLost() {
        // The rate goes from 1,000 to 100,000 msg/s at the k-th clock reading of the publisher's
        // start (before, while and after it takes its schedule). Every time, its 200 messages go out
        // at the new rate: about 2 ms, not about 200 ms.
        for (int k = 1; k <= 8; k++) {
            int at = k;
            OvershootingClock base = new OvershootingClock();
            PublisherTask[] task = new PublisherTask[1];
            NanoClock clock = new NanoClock() {
                int readings;

                @Override
                public long nanoTime() {
                    if (++readings == at) {
                        task[0].setRate(100_000);
                    }
                    return base.nanoTime();
                }

                @Override
                public void parkNanos(long nanos) {
                    base.parkNanos(nanos);
                }

                @Override
                public void spinPause() {
                    base.spinPause();
                }
            };
            Scenario s = Scenario.builder().protocol("in-memory").rate(1000).producerMessageCount(200).build();
            RunControl control = new RunControl(1, 0, Thread.currentThread());
            PublisherTask.Context context = new PublisherTask.Context(s.publishing(), new Counters(),
                    new LatencyRecorder("publish delay"), clock,
                    new PayloadClock(ClockMode.MONOTONIC, base.nanoTime(), Instant.now()), control, Optional.empty());
            long[] lastSend = new long[1];
            PublisherLink link = new PublisherLink() {
                @Override
                public void send(long seq, byte[] body, String routingKey) {
                    lastSend[0] = base.nanoTime();
                }

                @Override
                public void close() {
                }
            };
            long start = base.nanoTime();
            control.start(start, 0);
            task[0] = new PublisherTask(link, Optional.empty(), "q", context, 1, Optional.empty(), 0);
            new OwnThreadPublisher(task[0]).run();
            assertThat(lastSend[0] - start).as("rate set at clock reading %d", k).isLessThan(20_000_000L);
        }
    }

    @Test
    void aPublisherWaitingAtALowRateFollowsAHigherOneAtOnce() {
        // 1 msg/s: the publisher sends at once, then parks for its message due at 1 s. The rate goes to
        // 1,000 msg/s 0.2 s in: it must not sleep until 1 s, but send from 0.2 s on, 1 ms apart.
        OvershootingClock base = new OvershootingClock();
        long start = base.nanoTime();
        PublisherTask[] task = new PublisherTask[1];
        NanoClock clock = new NanoClock() {
            boolean changed;

            @Override
            public long nanoTime() {
                return base.nanoTime();
            }

            @Override
            public void parkNanos(long nanos) {
                base.parkNanos(Math.min(nanos, 100_000_000L - OVERSHOOT_NANOS));
                if (!changed && base.nanoTime() - start >= 200_000_000L) {
                    changed = true;
                    task[0].setRate(1_000);
                }
            }

            @Override
            public void spinPause() {
                base.spinPause();
            }
        };
        Scenario s = Scenario.builder().protocol("in-memory").rate(1).producerMessageCount(11).build();
        RunControl control = new RunControl(1, 0, Thread.currentThread());
        PublisherTask.Context context = new PublisherTask.Context(s.publishing(), new Counters(),
                new LatencyRecorder("publish delay"), clock,
                new PayloadClock(ClockMode.MONOTONIC, base.nanoTime(), Instant.now()), control, Optional.empty());
        java.util.List<Long> sent = new java.util.ArrayList<>();
        PublisherLink link = new PublisherLink() {
            @Override
            public void send(long seq, byte[] body, String routingKey) {
                sent.add(base.nanoTime() - start);
            }

            @Override
            public void close() {
            }
        };
        control.start(start, 0);
        task[0] = new PublisherTask(link, Optional.empty(), "q", context, 1, Optional.empty(), 0);
        new OwnThreadPublisher(task[0]).run();
        assertThat(sent).hasSize(11);
        assertThat(sent.get(1)).as("the second message, due at 1 s at the old rate").isLessThan(300_000_000L);
        assertThat(sent.get(10)).isLessThan(400_000_000L);
    }
}
