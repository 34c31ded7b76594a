package io.amqpharness.containers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Ports;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testcontainers.DockerClientFactory;

/**
 * Throwaway brokers for real: started from {@link Brokers#defaultImage()} (the local
 * amqp-harness/rabbitmq:4.0.5 in CI), published on 127.0.0.1 only, and removed on close, when
 * they never become ready, and when the JVM that started them is killed.
 */
@Tag("integration")
@Tag("container")
@Tag("faults")
class ContainersIT {
    private static final String PID = Long.toString(ProcessHandle.current().pid());

    @BeforeEach
    void dockerAndImage() {
        DockerTests.assumeDockerAndImage();
    }

    @Test
    void aStartedBrokerHasItsPluginsListensOnLoopbackOnlyAndIsRemovedOnClose() throws Exception {
        String id;
        try (StartedBroker broker = Brokers.startContainer(DockerTests.image())) {
            assertThat(broker.product()).isEqualTo("RabbitMQ");
            assertThat(broker.version()).startsWith("4.");
            assertThat(broker.owned()).isTrue();
            assertThat(broker.uri()).startsWith("amqp://guest:guest@127.0.0.1:");
            HttpURLConnection c = (HttpURLConnection) broker.managementUri().orElseThrow().resolve("/api/overview")
                    .toURL().openConnection();
            c.setRequestProperty("Authorization", "Basic Z3Vlc3Q6Z3Vlc3Q="); // guest:guest
            assertThat(c.getResponseCode()).as("the management plugin answers").isEqualTo(200);
            assertThat(new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                    .contains("rabbitmq_version\":\"4.");

            List<String> ids = DockerTests.labelled(PID);
            assertThat(ids).hasSize(1);
            id = ids.get(0);
            InspectContainerResponse info = DockerClientFactory.instance().client().inspectContainerCmd(id).exec();
            List<Ports.Binding> bindings = info.getNetworkSettings().getPorts().getBindings().values().stream()
                    .filter(b -> b != null).flatMap(Arrays::stream).toList();
            assertThat(bindings).isNotEmpty().allSatisfy(b -> assertThat(b.getHostIp()).isEqualTo("127.0.0.1"));
        }
        assertThat(DockerTests.labelled(PID)).as("removed on close").isEmpty();
        assertThat(Containers.live()).isZero();
    }

    @Test
    void aBrokerThatNeverBecomesReadyIsOneSentenceWithTheEndOfItsLogAndIsRemoved() {
        assertThatThrownBy(() -> Containers.start(DockerTests.image(), Duration.ofSeconds(3), Duration.ZERO,
                "sh", "-c", "echo booting; echo the broker cannot start here; sleep 600"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the " + DockerTests.image() + " container did not become ready")
                .hasMessageContaining("it did not log Server startup complete within 3 s")
                .hasMessageContaining("the last lines of its log: booting | the broker cannot start here")
                .hasMessageEndingWith("it was removed");
        assertThat(DockerTests.labelled(PID)).isEmpty();
        assertThat(Containers.live()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"echo the broker crashed; exit 3", "echo starting; sleep 2; echo the broker crashed; exit 3"})
    void aBrokerThatExitsIsReportedWithItsExitCodeAndTheEndOfItsLog(String command) {
        // at once (before Docker maps its ports), and once running (a broker that crashes while booting)
        assertThatThrownBy(() -> Containers.start(DockerTests.image(), Duration.ofSeconds(120), Duration.ZERO,
                "sh", "-c", command))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("(it exited with code 3 before logging Server startup complete)")
                .hasMessageContaining("the broker crashed; it was removed")
                .hasMessageContaining("the last lines of its log: ")
                .hasMessageNotContaining("InspectContainerResponse");
        assertThat(DockerTests.labelled(PID)).isEmpty();
    }

    @Test
    void anImageThatIsNotThereAndCannotBePulledIsOneSentenceNamingItAndHowToGetOne() {
        assertThatThrownBy(() -> Brokers.startContainer("amqp-harness/no-such-rabbitmq:0.0"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the image amqp-harness/no-such-rabbitmq:0.0 is not on this machine and could "
                        + "not be pulled (")
                .hasMessageContaining("scripts/build-images.sh")
                .hasMessageEndingWith("docker pull amqp-harness/no-such-rabbitmq:0.0");
    }

    @Test
    void aBrokerLeftOpenIsRemovedWhenTheJvmThatStartedItIsKilled() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), HoldBroker.class.getName(), DockerTests.image());
        pb.redirectErrorStream(true);
        Process child = pb.start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String line;
            StringBuilder seen = new StringBuilder();
            while ((line = out.readLine()) != null && !line.startsWith("started ")) {
                seen.append(line).append('\n');
            }
            assertThat(line).as("the child started a broker; it printed:%n%s", seen).isNotNull();
            String childPid = line.split(" ")[1];
            assertThat(DockerTests.labelled(childPid)).hasSize(1);

            child.destroy(); // SIGTERM: what an interrupted run or a killed test JVM gets
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(DockerTests.labelled(childPid)).as("removed by the shutdown hook").isEmpty();
        } finally {
            child.destroyForcibly();
        }
    }
}
