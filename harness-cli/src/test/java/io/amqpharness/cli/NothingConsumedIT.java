package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import org.junit.jupiter.api.Test;

/** Through the jar, against a real broker: consumers that receive nothing fail the run with one sentence. */
@WithRabbitMQ
class NothingConsumedIT {

    @Test
    void consumersOnAnEmptyQueueFailTheRunAndSaySo(RabbitMQBroker broker) throws Exception {
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "-x", "0", "-y", "1", "-z", "2s",
                "--no-broker-metrics");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.err().strip()).startsWith("No message was consumed: the run asked for 1 consumer and they "
                + "received nothing (0 published).");
        assertThat(r.err().lines()).hasSize(1);
    }

    @Test
    void aRunWhoseConsumersReceiveExitsZero(RabbitMQBroker broker) throws Exception {
        JarRunner.Result r = JarRunner.run("--uri", broker.uri(), "-r", "100", "-z", "1s", "--no-broker-metrics");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).doesNotContain("No message was consumed");
    }
}
