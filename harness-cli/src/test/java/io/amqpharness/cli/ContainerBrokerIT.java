package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.containers.Brokers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code --broker container[:IMAGE]} for real, with the image the container tests share
 * ({@code HARNESS_RABBITMQ_IMAGE}: the local amqp-harness/rabbitmq:4.0.5 in CI): the run works and
 * its container is gone afterwards, also after Ctrl-C; a missing image and a missing Docker engine
 * are one sentence and exit code 1.
 */
@Tag("integration")
@Tag("container")
@org.junit.jupiter.api.Order(6) // after HarnessImageIT, beside the 4.0 broker's and the cluster's classes
@Tag("faults")
class ContainerBrokerIT {
    private static final String LABEL = "io.amqpharness.throwaway-broker";

    static String image() {
        return Brokers.defaultImage();
    }

    static void assumeDockerAndImage() {
        Brokers.imageProblem(image()).ifPresent(p -> Assumptions.abort("Docker and the RabbitMQ image are needed: "
                + p + "; or set " + Brokers.IMAGE_SETTING + "."));
    }

    /**
     * The containers the harness started in process {@code pid} and has not removed (their label's value is the
     * process id): other processes' throwaway brokers (harness-junit's and harness-containers' tests, which
     * run-tests runs beside this class) come and go meanwhile.
     */
    static List<String> throwawayBrokers(long pid) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("docker", "ps", "-aq", "--filter", "label=" + LABEL + "=" + pid)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out.lines().filter(l -> !l.isBlank()).toList();
    }

    @Test
    void aRunAgainstAThrowawayBrokerCompletesAndRemovesItsContainer() throws Exception {
        assumeDockerAndImage();
        long self = ProcessHandle.current().pid(); // JarRunner.run runs the command line in this JVM
        List<String> before = throwawayBrokers(self);
        JarRunner.Result r = JarRunner.run("--broker", "container:" + image(), "-C", "2000");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("Starting a throwaway broker from " + image())
                .containsPattern("Broker RabbitMQ 4\\.[0-9.]+ is up on amqp://guest:\\*\\*\\*@127\\.0\\.0\\.1:[0-9]+/%2F; "
                        + "it is removed after the run.")
                .contains("\n  published 2,000").contains("\n  consumed 2,000");
        assertThat(r.all()).doesNotContain("\tat ").doesNotContain("guest:guest");
        assertThat(throwawayBrokers(self)).isEqualTo(before);
    }

    @Test
    void ctrlCDrainsTheRunThenRemovesTheContainer() throws Exception {
        assumeDockerAndImage();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-jar", JarRunner.jar().toString(), "--broker", "container:" + image(),
                "-z", "60s", "-r", "200", "-c", "20");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            boolean interrupted = false;
            while ((line = out.readLine()) != null) {
                lines.add(line);
                if (!interrupted && line.matches("\\s+[0-9.]+s\\s+sent .*")) { // the first progress line: the run is on
                    interrupted = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor() == 0;
                }
            }
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        String all = String.join("\n", lines);
        assertThat(p.exitValue()).as(all).isEqualTo(130);
        assertThat(all).contains("Interrupted: publishing stopped early").contains("accounting: published")
                .doesNotContain("MISMATCH").doesNotContain("\tat ");
        assertThat(throwawayBrokers(p.pid())).as("removed after the drain").isEmpty();
    }

    @Test
    void anImageThatIsNotThereIsOneSentenceNamingItAndExitCode1() throws Exception {
        Brokers.dockerProblem().ifPresent(p -> Assumptions.abort("Docker is needed: " + p + "."));
        JarRunner.Result r = JarRunner.run("--broker", "container:amqp-harness/no-such-rabbitmq:0.0", "-C", "10");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.err().strip()).startsWith("--broker container:amqp-harness/no-such-rabbitmq:0.0: the image "
                        + "amqp-harness/no-such-rabbitmq:0.0 is not on this machine and could not be pulled (")
                .contains("build the local RabbitMQ image with scripts/build-images.sh")
                .endsWith("or pull one with docker pull amqp-harness/no-such-rabbitmq:0.0.")
                .doesNotContain("\n");
        assertThat(r.all()).doesNotContain("\tat ");
    }

    @Test
    void noDockerEngineIsOneSentenceAndExitCode1() throws Exception {
        // A machine without Docker: the jar runs in its own mount namespace with an empty /run, so
        // there is no /var/run/docker.sock (needs root and unshare, as CI has).
        Assumptions.assumeTrue(new ProcessBuilder("unshare", "-m", "true").start().waitFor() == 0,
                "unshare -m is needed to hide the Docker socket (root)");
        ProcessBuilder pb = new ProcessBuilder("unshare", "-m", "sh", "-c", "mount -t tmpfs tmpfs /run && exec \"$@\"", "sh",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1", "-jar",
                JarRunner.jar().toString(), "--broker", "container", "-C", "10");
        pb.environment().remove("DOCKER_HOST");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out + err).isEqualTo(1);
        assertThat(err.strip()).isEqualTo("--broker container cannot start a container: no Docker engine answers "
                + "(DOCKER_HOST is unset and there is no /var/run/docker.sock); scripts/ensure-docker.sh starts one "
                + "on Debian; or run against a broker with --uri.");
        assertThat(out).isEmpty();
    }

    @Test
    void ryukThatCannotBeHadIsOneSentenceAtOnceNamingTheSetting() throws Exception {
        Brokers.dockerProblem().ifPresent(p -> Assumptions.abort("Docker is needed: " + p + "."));
        JarRunner.Result r = JarRunner.run(java.util.Map.of("TESTCONTAINERS_RYUK_DISABLED", "false"),
                "--broker", "container:" + image(), "-C", "10");
        assertThat(r.all()).doesNotContain("\tat ");
        if (r.exitCode() != 0) { // no registry here (CI): Ryuk's image cannot be pulled
            assertThat(r.err().strip()).startsWith("--broker container:" + image() + " cannot start a container: "
                    + "Testcontainers could not start its Ryuk container, whose image comes from a registry (")
                    .endsWith("); set TESTCONTAINERS_RYUK_DISABLED=true: the harness removes its containers itself; "
                            + "or run against a broker with --uri.").doesNotContain("\n");
            assertThat(r.exitCode()).isEqualTo(1);
        }
    }
}
