package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.containers.Brokers;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * docker/Dockerfile and docker/compose.yml for real. The image is built here as amqp-harness:latest
 * from the jar this build just packaged, on HARNESS_BASE_IMAGE (the local amqp-harness/java:17 of
 * scripts/build-images.sh in CI; eclipse-temurin:17-jre by default); compose brings up its RabbitMQ
 * (HARNESS_RABBITMQ_IMAGE) and harness services with those images, sees the run finish, and takes
 * them down. Every port is published on 127.0.0.1.
 */
@Tag("integration")
@Tag("container")
@org.junit.jupiter.api.Order(3) // the faults tier's third chain (ContainerBrokerIT after it): started first
@Tag("faults")
class HarnessImageIT {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final String IMAGE = "amqp-harness:latest";
    private static volatile boolean built;

    record Run(int exitCode, String output) {
    }

    static Run run(Map<String, String> env, int timeoutSeconds, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true);
        // compose.yml's variables come from env only, so that its defaults are what the tests see
        pb.environment().keySet().removeIf(k -> k.matches("(HARNESS|RABBITMQ|PROMETHEUS|GRAFANA)_.*"));
        pb.environment().putAll(env);
        Path out = Files.createTempFile("docker-out", ".txt");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish within " + timeoutSeconds + " s:\n"
                    + Files.readString(out));
        }
        Run r = new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        Files.deleteIfExists(out);
        return r;
    }

    static String baseImage() {
        String v = System.getenv("HARNESS_BASE_IMAGE");
        return v == null || v.isBlank() ? "eclipse-temurin:17-jre" : v;
    }

    /** Builds amqp-harness:latest once per JVM, or skips with the reason. */
    static synchronized void buildImage() throws IOException, InterruptedException {
        assumeDocker();
        if (built) {
            return;
        }
        JarRunner.jar();
        String base = baseImage();
        if (!imageHereOrPulled(base)) {
            Assumptions.abort("The base image " + base + " is not on this machine and cannot be pulled; "
                    + "scripts/build-images.sh makes amqp-harness/java:17 (then set HARNESS_BASE_IMAGE=amqp-harness/java:17).");
        }
        Run b = run(Map.of("DOCKER_BUILDKIT", "0"), 600, "docker", "build", "-q", "-f", "docker/Dockerfile",
                "--build-arg", "BASE_IMAGE=" + base, "-t", IMAGE, ".");
        assertThat(b.exitCode()).as(b.output()).isZero();
        built = true;
    }

    @Test
    void theImageRunsAWorkloadAgainstTheLocalBrokerAsANonRootUser() throws Exception {
        buildImage();
        Run r = run(Map.of(), 180, "docker", "run", "--rm", "--network", "host", IMAGE,
                "--uri", "amqp://localhost:5672", "-C", "500");
        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.output()).contains("RabbitMQ 3.10.8 over amqp091").contains("\n  published 500")
                .contains("\n  consumed 500");
        // -Xshare:on makes the JVM fail unless the entry point's class-data archive exists and fits the jar and JDK.
        Run cds = run(Map.of(), 60, "docker", "run", "--rm", "-e", "JAVA_TOOL_OPTIONS=-Xshare:on", IMAGE, "--version");
        assertThat(cds.exitCode()).as(cds.output()).isZero();
        assertThat(cds.output()).contains("amqp-harness ");
        Run id = run(Map.of(), 60, "docker", "run", "--rm", "--entrypoint", "id", IMAGE, "-u");
        assertThat(id.exitCode()).as(id.output()).isZero();
        assertThat(id.output().strip()).isNotEqualTo("0");
    }

    @Test
    void composeConfigIsValidWithItsDefaults() throws Exception {
        assumeCompose();
        Run r = run(Map.of(), 60, "docker-compose", "-f", "docker/compose.yml", "config");
        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.output()).contains("image: rabbitmq:4.1-management").contains("image: amqp-harness:latest")
                .contains("BASE_IMAGE: eclipse-temurin:17-jre").contains("127.0.0.1:35672:5672");
        assertThat(r.output().lines().filter(l -> l.strip().matches("- [0-9.:]*:[0-9]+/tcp")))
                .as("every published port is on 127.0.0.1").allMatch(l -> l.strip().startsWith("- 127.0.0.1:"))
                .hasSize(6);
    }

    @Test
    void composeRunsTheBrokerAndAHarnessRunToTheEndAndTakesThemDown() throws Exception {
        assumeCompose();
        buildImage();
        String rabbitmq = Brokers.defaultImage();
        Assumptions.assumeTrue(imageHereOrPulled(rabbitmq), "The RabbitMQ image " + rabbitmq + " is not on this machine "
                + "and cannot be pulled; scripts/build-images.sh makes amqp-harness/rabbitmq:4.0.5 (then set "
                + Brokers.IMAGE_SETTING + ").");
        String project = "amqp-harness-it-" + ProcessHandle.current().pid();
        Map<String, String> env = Map.of("HARNESS_RABBITMQ_IMAGE", rabbitmq, "HARNESS_IMAGE", IMAGE,
                "HARNESS_DURATION", "2s", "HARNESS_RATE", "200", "RABBITMQ_AMQP_PORT", freePort(),
                "RABBITMQ_HTTP_PORT", freePort(), "RABBITMQ_PROMETHEUS_PORT", freePort(), "HARNESS_METRICS_PORT", freePort());
        List<String> compose = List.of("docker-compose", "-p", project, "-f", "docker/compose.yml");
        try {
            Run up = run(env, 300, with(compose, "up", "--no-build", "--abort-on-container-exit", "--exit-code-from",
                    "harness", "rabbitmq", "harness"));
            assertThat(up.exitCode()).as(up.output()).isZero();
            assertThat(up.output()).containsPattern("Run [a-z0-9]{6} finished after").contains("accounting: published")
                    .doesNotContain("MISMATCH");
        } finally {
            Run down = run(env, 120, with(compose, "down", "-v"));
            assertThat(down.exitCode()).as(down.output()).isZero();
        }
        Run left = run(Map.of(), 60, "docker", "ps", "-aq", "--filter", "label=com.docker.compose.project=" + project);
        assertThat(left.output().strip()).as("taken down").isEmpty();
    }

    private static void assumeDocker() throws IOException, InterruptedException {
        Run info = run(Map.of(), 60, "docker", "info");
        Assumptions.assumeTrue(info.exitCode() == 0, "Docker is needed and does not answer (scripts/ensure-docker.sh "
                + "starts it): " + info.output().lines().reduce((a, b) -> b).orElse(""));
    }

    private static boolean imageHereOrPulled(String image) throws IOException, InterruptedException {
        return run(Map.of(), 60, "docker", "image", "inspect", image).exitCode() == 0
                || run(Map.of(), 600, "docker", "pull", image).exitCode() == 0;
    }

    private static void assumeCompose() throws InterruptedException {
        try {
            Assumptions.assumeTrue(run(Map.of(), 60, "docker-compose", "version").exitCode() == 0,
                    "docker-compose is needed (scripts/ensure-docker.sh installs Debian's)");
        } catch (IOException e) {
            Assumptions.abort("docker-compose is needed (scripts/ensure-docker.sh installs Debian's): " + e.getMessage());
        }
    }

    private static String[] with(List<String> head, String... tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(List.of(tail));
        return all.toArray(String[]::new);
    }

    private static String freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return Integer.toString(s.getLocalPort());
        }
    }
}
