package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.HarnessException;
import io.amqpharness.spi.Rendezvous;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StartGateTest {

    /** A fanout in memory: a message reaches every member that joined before it was sent. */
    static final class Fanout {
        final List<LinkedBlockingQueue<String>> members = new CopyOnWriteArrayList<>();

        Rendezvous join() {
            LinkedBlockingQueue<String> mine = new LinkedBlockingQueue<>();
            members.add(mine);
            return new Rendezvous() {
                @Override
                public void announce(String message) {
                    members.forEach(m -> m.add(message));
                }

                @Override
                public Optional<String> next(Duration wait) throws InterruptedException {
                    return Optional.ofNullable(mine.poll(wait.toNanos(), TimeUnit.NANOSECONDS));
                }

                @Override
                public void close() {
                    members.remove(mine);
                }
            };
        }
    }

    @Test
    void threeInstancesJoiningAtDifferentTimesAllPassTogether() throws Exception {
        Fanout fanout = new Fanout();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        long[] joined = new long[3];
        try {
            List<Future<Long>> passed = new java.util.ArrayList<>();
            for (int i = 0; i < 3; i++) {
                String id = "i" + i;
                int k = i;
                long delay = i * 300L; // the last joins after the first announced twice
                passed.add(pool.submit(() -> {
                    Thread.sleep(delay);
                    joined[k] = System.nanoTime();
                    try (Rendezvous r = fanout.join()) {
                        StartGate.meet(r, id, 3, "t", Duration.ofSeconds(10), Instant::now, () -> false);
                    }
                    return System.nanoTime();
                }));
            }
            List<Long> times = new java.util.ArrayList<>();
            for (Future<Long> f : passed) {
                times.add(f.get(15, TimeUnit.SECONDS));
            }
            // Together: none passes before the last has joined (an order, not a duration, so load cannot break it).
            long lastJoined = Math.max(joined[0], Math.max(joined[1], joined[2]));
            assertThat(times).as("each passed after the last instance joined")
                    .allSatisfy(t -> assertThat(t - lastJoined).isPositive());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anInstanceAloneWaitsForTheOthersThenSaysHowManyArrived() {
        Fanout fanout = new Fanout();
        Instant start = Instant.now();
        assertThatThrownBy(() -> {
            try (Rendezvous r = fanout.join()) {
                StartGate.meet(r, "loadgen-0", 3, "nightly", Duration.ofMillis(500), Instant::now, () -> false);
            }
        }).isInstanceOf(HarnessException.class)
                .hasMessage("Only 1 of 3 instances reached the barrier 'nightly' within 500ms (heard: loadgen-0); "
                        + "start the others with the same --barrier-name and broker, give each its own --instance, "
                        + "or raise --barrier-timeout.");
        assertThat(Duration.between(start, Instant.now())).isGreaterThanOrEqualTo(Duration.ofMillis(500));
    }

    @Test
    void twoInstancesWithTheSameNameCountOnce() {
        Fanout fanout = new Fanout();
        Rendezvous other = fanout.join();
        other.announce("ready same");
        assertThatThrownBy(() -> {
            try (Rendezvous r = fanout.join()) {
                StartGate.meet(r, "same", 2, "t", Duration.ofMillis(300), Instant::now, () -> false);
            }
        }).hasMessageStartingWith("Only 1 of 2 instances");
        other.close();
    }

    @Test
    void aGoFromAnotherInstancePassesAtOnce() throws Exception {
        Fanout fanout = new Fanout();
        try (Rendezvous r = fanout.join(); Rendezvous other = fanout.join()) {
            other.announce("go elsewhere");
            Set<String> heard = StartGate.meet(r, "late", 5, "t", Duration.ofSeconds(5), Instant::now, () -> false);
            assertThat(heard).doesNotContain("elsewhere");
        }
    }

    @Test
    void aStopEndsTheWait() throws Exception {
        Fanout fanout = new Fanout();
        try (Rendezvous r = fanout.join()) {
            Set<String> heard = StartGate.meet(r, "a", 3, "t", Duration.ofSeconds(30), Instant::now, () -> true);
            assertThat(heard).isEmpty();
        }
    }

    @Test
    void aStartTimeAlreadyPastStartsAtOnceWithANote() {
        java.time.Clock clock = java.time.Clock.fixed(Instant.parse("2026-11-23T15:00:03Z"), java.time.ZoneOffset.UTC);
        io.amqpharness.scenario.Coordination c = new io.amqpharness.scenario.Coordination(Optional.empty(),
                io.amqpharness.scenario.StartTime.parse("2026-11-23T15:00:00Z"), java.util.OptionalInt.empty(),
                "harness", Duration.ofSeconds(60));
        assertThat(StartGate.await(c, null, clock, () -> false, t -> { })).containsExactly(
                "--start-at 2026-11-23T15:00:00Z had passed by 3.0 s when this instance was ready; it started at once.");
    }

    @Test
    void aStartTimeOfDayWaitsUntilThen() {
        Instant target = Instant.now().plusMillis(700);
        java.time.ZoneId zone = java.time.ZoneId.systemDefault();
        String timeOfDay = java.time.LocalTime.ofInstant(target.plusSeconds(1), zone).withNano(0).toString();
        if (timeOfDay.length() == 5) {
            timeOfDay += ":00";
        }
        io.amqpharness.scenario.Coordination c = new io.amqpharness.scenario.Coordination(Optional.empty(),
                io.amqpharness.scenario.StartTime.parse(timeOfDay), java.util.OptionalInt.empty(), "harness",
                Duration.ofSeconds(60));
        Instant expected = io.amqpharness.scenario.StartTime.parse(timeOfDay).orElseThrow()
                .instant(zone, java.time.LocalDate.now(zone));
        List<String> told = new java.util.ArrayList<>();
        assertThat(StartGate.await(c, null, java.time.Clock.systemDefaultZone(), () -> false, told::add)).isEmpty();
        assertThat(told).containsExactly("Publishing starts at " + expected + " (--start-at " + timeOfDay + ").");
        assertThat(Instant.now()).isAfterOrEqualTo(expected);
    }
}
