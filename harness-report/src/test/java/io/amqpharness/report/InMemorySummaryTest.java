package io.amqpharness.report;

import io.amqpharness.scenario.Scenario;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the summary tests of real runs against the in-memory driver share: a scenario on it with 100 ms intervals
 * and a 10 s drain, and the fake broker reset before and after each test.
 */
abstract class InMemorySummaryTest {

    static Scenario.Builder scenario() {
        return Scenario.builder().protocol("in-memory").interval(Duration.ofMillis(100))
                .drainTimeout(Duration.ofSeconds(10));
    }

    @BeforeEach
    @AfterEach
    void resetTheFakeBroker() {
        InMemoryDriver.behavior = InMemoryDriver.Behavior.NORMAL;
        InMemoryDriver.slowStart = Duration.ZERO;
        InMemoryDriver.confirmDelay = Duration.ZERO;
        InMemoryDriver.reset();
    }
}
