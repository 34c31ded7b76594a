package io.amqpharness.metrics;

import io.amqpharness.result.RunStart;
import io.amqpharness.run.SyntheticRun;

/** Test data for the endpoint. */
final class PrometheusEndpointFixtures {
    private PrometheusEndpointFixtures() {
    }

    static RunStart start() {
        return SyntheticRun.create(1, 10, 1).start;
    }
}
