package io.amqpharness.run;

import io.amqpharness.scenario.Scenario;
import io.amqpharness.testing.InMemoryDriver;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the run tests against the in-memory driver share: a scenario on it with 100 ms intervals and a 10 s drain,
 * and the fake broker's behaviour reset before and after each test.
 */
abstract class InMemoryRunTest {

    static Scenario.Builder scenario() {
        return Scenario.builder().protocol("in-memory").interval(Duration.ofMillis(100))
                .drainTimeout(Duration.ofSeconds(10));
    }

    @BeforeEach
    @AfterEach
    void resetTheFakeBroker() {
        InMemoryDriver.behavior = InMemoryDriver.Behavior.NORMAL;
        InMemoryDriver.ERRORS.clear();
    }
}
