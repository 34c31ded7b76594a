package io.amqpharness.run;

import io.amqpharness.scenario.Scenario;

/**
 * How a run names its publishers and connections: after the run id, preceded by the instance's
 * name when {@code --instance} is given ({@code loadgen-1-k3x9pq}).
 *
 * @param runId          the run's id
 * @param identityPrefix what publisher identities and connection names start with
 */
record LinkNames(String runId, String identityPrefix) {
    static LinkNames of(Scenario scenario, String runId) {
        return new LinkNames(runId, scenario.coordination().instance().map(i -> i + "-" + runId).orElse(runId));
    }

    /** {@code harness-k3x9pq-p3}: connection {@code index} of a role ({@code p}, {@code c}, {@code r}, ...). */
    String connection(String role, int index) {
        return "harness-" + identityPrefix + "-" + role + index;
    }

    /** {@code k3x9pq-p3}: the identity publisher {@code index} stamps on its messages. */
    String publisher(int index) {
        return identityPrefix + "-p" + index;
    }
}
