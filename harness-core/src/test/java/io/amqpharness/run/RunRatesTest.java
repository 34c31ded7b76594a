package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.RunResult;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The run's rates share one period basis, and its notes give durations for people. */
class RunRatesTest {

    @BeforeEach
    @AfterEach
    void reset() {
        InMemoryDriver.reset();
    }

    @Test
    void consumersThatReceivedWhatWasSentNeverShowAHigherRateThanTheSent() {
        // A newcomer saw "sent 2,000 msg/s ... received 2,029 msg/s" with no duplicates: received was
        // counted from the first delivery, not from the start of publishing as sent is.
        RunResult r = new LoadRunner(InMemoryDriver.scenario().rate(2_000).time(Duration.ofSeconds(1)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
        System.out.printf("sent %.1f received %.1f msg/s%n", r.rates().sent(), r.rates().received());
        assertThat(r.rates().received()).isLessThanOrEqualTo(r.rates().sent()).isGreaterThan(0.8 * r.rates().sent());
    }

    @Test
    void theWarmUpNoteGivesSecondsNotNanoseconds() {
        RunResult r = new LoadRunner(InMemoryDriver.scenario().rate(100).warmup(Duration.ofMillis(300))
                .time(Duration.ofMillis(600)).build()).run();
        assertThat(r.notes()).filteredOn(n -> n.contains("warm-up")).singleElement().asString()
                .matches("The first \\d+\\.\\d\\d s were warm-up.*");
    }

    @Test
    void theCpuPerMessageIsOverTheMeasuredPeriodNotTheJvmsLife() {
        // A newcomer saw "880 µs per message" on an 8 s run: the CPU of the whole run (and what it does
        // after publishing) over its messages. The measured period is the rates': after the warm-up, to
        // the end of publishing, with that period's messages.
        RunResult r = new LoadRunner(InMemoryDriver.scenario().rate(1_000).warmup(Duration.ofMillis(300))
                .time(Duration.ofMillis(700)).build()).run();
        assertThat(r.failure()).isEmpty();
        io.amqpharness.result.ClientStats c = r.client();
        assertThat(c.measured()).isPresent();
        io.amqpharness.result.ClientStats.Measured m = c.measured().get();
        System.out.printf("measured %s over %d messages; run %s; process %s; published %d%n", m.cpuTime(), m.messages(),
                c.cpuTime(), c.processCpuTime(), r.counts().published());
        assertThat(m.messages()).as("the warm-up's messages left out").isPositive().isLessThan(r.counts().published());
        assertThat(m.cpuTime()).isPositive().isLessThanOrEqualTo(c.cpuTime());
        assertThat(c.cpuTime()).isLessThanOrEqualTo(c.processCpuTime());
        assertThat(m.cpuNanosPerMessage()).isPresent();
    }
}
