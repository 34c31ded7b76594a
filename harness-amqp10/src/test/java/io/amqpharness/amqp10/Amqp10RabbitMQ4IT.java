package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.run.RunResult;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.testcontainers.rabbitmq.RabbitMQContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * RabbitMQ 4.x behaviour, against a throwaway {@value #IMAGE} container: v2 addresses, described
 * stream filters, the released outcome for unroutable messages, and the note on link credit. Skipped,
 * with the reason in the test report, where Docker is not available.
 */
@Tag("integration")
@EnabledIf(value = "dockerAvailable", disabledReason = "RabbitMQ 4.x tests need Docker for a Testcontainers "
        + "rabbitmq:4 broker, and Docker is not available here")
class Amqp10RabbitMQ4IT {
    static final String IMAGE = "rabbitmq:4";
    private static RabbitMQContainer container;
    private static String uri;

    /** Docker is asked only when a socket or DOCKER_HOST hints at one: the full probe takes seconds. */
    static boolean dockerAvailable() {
        boolean hint = System.getenv("DOCKER_HOST") != null || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".docker", "run", "docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".testcontainers.properties"));
        if (!hint) {
            return false;
        }
        try {
            return org.testcontainers.DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    @BeforeAll
    static void startBroker() {
        container = new RabbitMQContainer(DockerImageName.parse(IMAGE).asCompatibleSubstituteFor("rabbitmq"));
        container.start();
        uri = "amqp://guest:guest@" + container.getHost() + ":" + container.getAmqpPort() + "/%2F";
    }

    @AfterAll
    static void stopBroker() {
        if (container != null) {
            container.stop();
        }
    }

    private static Scenario.Builder scenario() {
        return Scenario.builder().protocol("amqp10").uri(uri).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20));
    }

    @Test
    void usesV2AddressesAndSaysTheLinkCreditBoundsTheConfirmWindow() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.QUORUM).producerMessageCount(3_000).confirm(1_000)
                .qos(500).flag(MessageFlag.PERSISTENT).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.broker().version()).startsWith("4.");
        assertThat(r.counts().confirmed()).isEqualTo(3_000);
        assertThat(r.counts().consumed()).isEqualTo(3_000);
        assertThat(r.counts().foreign()).isZero();
        assertThat(r.driverFacts()).containsEntry("address-format", "v2");
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("max_link_credit")
                .contains("--confirm 1000 acts as about 255"));
        assertThat(r.intervals()).allSatisfy(i -> assertThat(i.inFlight()).as("bounded by the broker, not --confirm").isLessThanOrEqualTo(500));
    }

    @Test
    void describedStreamFiltersStartWhereAsked() throws Exception {
        String queue = "it10-v4-stream-" + UUID.randomUUID().toString().substring(0, 8);
        RunResult published = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                .consumers(0).producerMessageCount(500).confirm(100).build()).run();
        assertThat(published.counts().confirmed()).isEqualTo(500);
        RunResult first = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                .producers(0).streamOffset(new StreamOffset.First()).consumerMessageCount(500).build()).run();
        assertThat(first.counts().consumed()).isEqualTo(500);
        assertThat(first.driverFacts()).containsEntry("stream-filter", "described");
        RunResult fromOffset = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue)
                .producers(0).streamOffset(new StreamOffset.Offset(400)).time(Duration.ofSeconds(1)).build()).run();
        assertThat(fromOffset.counts().consumed()).isEqualTo(100);
        deleteQueue(queue);
    }

    @Test
    void unroutableMessagesAreCountedAsReleased() {
        RunResult r = new LoadRunner(scenario().predeclared(true).exchange("amq.direct")
                .routingKey("nowhere-" + UUID.randomUUID()).consumers(0).producerMessageCount(50).confirm(10)
                .build()).run();
        assertThat(r.counts().released()).isEqualTo(50);
        assertThat(r.counts().confirmed()).isZero();
        assertThat(r.unaccountedPublished()).isZero();
    }

    @Test
    void namesThatNeedEncodingWorkWithV2() {
        String queue = "it10 v4/q #" + UUID.randomUUID().toString().substring(0, 4);
        RunResult r = new LoadRunner(scenario().queue(queue).producerMessageCount(100).confirm(10).build()).run();
        assertThat(r.counts().consumed()).isEqualTo(100);
    }

    private static void deleteQueue(String queue) throws Exception {
        ConnectionFactory f = new ConnectionFactory();
        f.setUri(uri);
        try (Connection c = f.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDelete(queue);
        }
    }
}
