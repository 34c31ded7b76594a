package io.amqpharness.cli;

import io.amqpharness.scenario.RateStep;
import io.amqpharness.scenario.SizeStep;
import java.util.List;

/** Parsed schedules for repeatable options; records because picocli flattens list-typed values. */
final class Steps {
    private Steps() {
    }

    /** One {@code --variable-rate} value. */
    record Rates(List<RateStep> steps) {
    }

    /** One {@code --variable-size} value. */
    record Sizes(List<SizeStep> steps) {
    }
}
