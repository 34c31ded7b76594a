package io.amqpharness.cli;

import static io.amqpharness.cli.BrokerFaults.awaitQueue;
import static io.amqpharness.cli.BrokerFaults.countOrZero;
import static io.amqpharness.cli.BrokerFaults.ctl;
import static io.amqpharness.cli.BrokerFaults.deleteQueue;
import static io.amqpharness.cli.BrokerFaults.number;
import static io.amqpharness.cli.BrokerFaults.runJarEndingAfterFault;
import static io.amqpharness.cli.BrokerFaults.runWhile;
import static io.amqpharness.cli.BrokerFaults.runWithFaultInto;
import static io.amqpharness.cli.BrokerFaults.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.amqpharness.containers.Brokers;
import io.amqpharness.junit.WithRabbitMQ4;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Connections closed from the broker's side in the middle of a run, on the RabbitMQ 4.0 of
 * {@code scripts/rabbitmq4.sh}: with recovery the run must reopen them and count every message; without,
 * it must fail fast with a sentence. The runs connect as a user of their own, whose connections
 * ({@code rabbitmqctl close_all_user_connections}, every protocol's) are the only ones closed, so the
 * other classes using that broker go on beside this one (it holds the broker's lock for reading).
 */
@ResourceLock(value = SharedBrokers.RABBITMQ_4, mode = ResourceAccessMode.READ)
@Tag("integration")
@Tag("faults")
@org.junit.jupiter.api.Order(5) // after RecoveryIT and MemoryAlarmIT, which hold the broker's lock for writing
class ConnectionLossIT {
    /** The user (and password) the runs connect as. */
    private static final String USER = "connection-loss-it";
    private static final String URI = "amqp://" + USER + ":" + USER + "@localhost:" + WithRabbitMQ4.LOCAL_AMQP_PORT + "/%2F";

    @BeforeAll
    static void aUserOfItsOwn() {
        assumeTrue(Brokers.listening("localhost", WithRabbitMQ4.LOCAL_AMQP_PORT) && Files.isExecutable(BrokerFaults.SCRIPT)
                && "root".equals(System.getProperty("user.name")),
                "needs the local RabbitMQ 4.0 of scripts/rabbitmq4.sh and root to close its connections");
        ctl("add_user", USER, USER); // says so when the user exists already: it stays as it is
        ctl("set_permissions", "-p", "/", USER, ".*", ".*", ".*");
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void connectionsClosedByTheBrokerAreReopened(String protocol) throws Exception {
        // Ctrl-C 3 s after the connections were closed, however long rabbitmqctl took to close them (over 6 s once,
        // past the end of a fixed 8 s run); 60 s is only a ceiling (and, being a time limit, turns recovery on).
        JarRunner.Result r = runJarEndingAfterFault(1_000, ConnectionLossIT::closeConnections, 3_000,
                "--protocol", protocol, "--uri", URI, "-r", "500", "-c", "100", "-z", "60s");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(130);
        assertThat(r.out()).containsPattern("recovered from [0-9]+ disconnects?").doesNotContain("MISMATCH");
        long published = number(r.out(), "\\n  published ([0-9,]+)");
        assertThat(number(r.out(), "consumed once ([0-9,]+)") + number(r.out(), "  lost ([0-9,]+)")).isEqualTo(published);
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp091", "amqp10"})
    void streamConsumersResumeAfterTheLastOffsetTheyReceived(String protocol) throws Exception {
        JarRunner.Result r = runJarEndingAfterFault(1_000, ConnectionLossIT::closeConnections, 3_000,
                "--protocol", protocol, "--uri", URI, "--queue-type", "stream", "-y", "2", "-r", "200", "-c", "50",
                "-z", "60s");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(130);
        assertThat(r.out()).containsPattern("recovered from [0-9]+ disconnects?").doesNotContain("MISMATCH");
        long published = number(r.out(), "\n  published ([0-9,]+)");
        long lost = number(r.out(), "  lost ([0-9,]+)");
        long inDoubt = countOrZero(r.out(), "in doubt ");
        // Each of the two consumers reads every stored message once: none missed, none twice.
        assertThat(number(r.out(), "  duplicated ([0-9,]+)")).isZero();
        assertThat(lost).isLessThanOrEqualTo(2 * inDoubt);
        assertThat(number(r.out(), "\n  consumed ([0-9,]+)")).isEqualTo(2 * published - lost);
    }

    @Test
    void withRecoveryOffAClosedConnectionEndsTheRunWithASentence() throws Exception {
        java.util.concurrent.atomic.AtomicLong closedAt = new java.util.concurrent.atomic.AtomicLong();
        JarRunner.Result r = runWithFaultInto(1_500, () -> {
            closeConnections();
            closedAt.set(System.nanoTime());
        }, "--uri", URI, "-r", "500", "-c", "100", "-z", "20s", "--recovery", "off");
        long ended = System.nanoTime();
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        // Well before the 20 s limit, counted from the close: rabbitmqctl itself took seconds on a loaded machine
        // (a run that ended 17.7 s after its start, the close having come late).
        assertThat(TimeUnit.NANOSECONDS.toMillis(ended - closedAt.get())).as(r.all()).isLessThan(10_000);
        assertThat(r.all()).contains("closed by ConnectionLossIT").doesNotContain("Exception");
    }

    @Test
    void withRecoveryOffALostStreamConnectionEndsTheRunWithASentence() throws Exception {
        String stream = "connection-loss-it-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        java.util.concurrent.atomic.AtomicLong closedAt = new java.util.concurrent.atomic.AtomicLong();
        // The connections are closed 2 s into publishing, however long the JVM took to start.
        JarRunner.Result r = runWhile(() -> {
            awaitQueue(stream);
            sleep(2_000);
            closedAt.set(System.nanoTime());
            closeConnections();
        }, "--protocol", "stream", "--uri", "rabbitmq-stream://" + USER + ":" + USER + "@localhost:"
                        + WithRabbitMQ4.LOCAL_STREAM_PORT + "/%2F", "-r", "500", "-c", "100", "-z", "30s",
                "--queue", stream, "--recovery", "off");
        long ended = System.nanoTime();
        deleteQueue(stream); // a run that failed leaves its stream
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        // Well before the 30 s limit: the stream client takes from under 1 s to about 12 s to notice the loss.
        assertThat(TimeUnit.NANOSECONDS.toMillis(ended - closedAt.get())).as(r.all()).isLessThan(16_000);
        assertThat(r.all()).contains("lost its stream connection").doesNotContain("Exception");
    }


    /** Closes the connections of this class's user: every protocol's, no other class's. */
    private static void closeConnections() {
        ctl("close_all_user_connections", USER, "closed by ConnectionLossIT");
    }
}
