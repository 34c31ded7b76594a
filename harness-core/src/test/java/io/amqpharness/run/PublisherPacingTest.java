package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.PayloadClock;
import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.PublisherLink;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** How late a paced publisher sends when every park overshoots, as a Linux park does by 60-100 µs. */
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
        Scenario s = Scenario.builder().protocol("in-memory").rate(1000).producerMessageCount(200).pacingSpin(spin).build();
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
        new PublisherTask(link, Optional.empty(), "q", context, 1, Optional.empty(), 0).run();
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
        Scenario s = Scenario.builder().protocol("in-memory").rate(1000).producerMessageCount(3).build();
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
        new PublisherTask(link, Optional.empty(), "q", context, 1, Optional.empty(), 0.25).run();
        // Publisher 1 of 4 at 1,000 msg/s: its schedule starts a quarter of a millisecond in.
        assertThat(sent).hasSize(3);
        assertThat(sent.get(0) - start).isBetween(250_000L, 251_000L);
        assertThat(sent.get(1) - start).isBetween(1_250_000L, 1_251_000L);
    }
}
