package io.amqpharness.containers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.containers.startupcheck.StartupCheckStrategy;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.rabbitmq.RabbitMQContainer;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.TestcontainersConfiguration;

/**
 * The Testcontainers part, kept apart so that it loads only when Docker is there. Every container
 * it starts publishes its ports on 127.0.0.1 only, carries the {@value #LABEL} label, and is
 * removed when its {@link StartedBroker} is closed or, at the latest, when the JVM exits (a
 * shutdown hook), also when a test fails or the run is interrupted.
 */
final class Containers {
    /** The label on every container started here (value: the JVM's process id). */
    static final String LABEL = "io.amqpharness.throwaway-broker";
    static final int AMQP_PORT = 5672;
    static final int HTTP_PORT = 15672;
    private static final int LOG_LINES = 5;

    private static final Set<Live> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile DockerClient raw;
    private static final AtomicBoolean HOOK = new AtomicBoolean();

    private Containers() {
    }

    /** Why Testcontainers cannot use Docker, or empty when it can. */
    static Optional<String> problem() {
        DockerClient raw;
        try {
            raw = rawClient();
            raw.pingCmd().exec();
        } catch (RuntimeException | LinkageError e) {
            return Optional.of(noEngine(e));
        }
        Optional<String> host = hostProblem(raw);
        if (host.isPresent()) {
            return host;
        }
        // Testcontainers starts Ryuk (its reaper) before anything else, and retries pulling its image
        // for minutes when no registry answers: find that out at once.
        if (!"true".equalsIgnoreCase(System.getenv("TESTCONTAINERS_RYUK_DISABLED"))) {
            @SuppressWarnings("deprecation")
            String ryuk = TestcontainersConfiguration.getInstance().getRyukImage();
            try {
                ensureImage(raw, ryuk);
            } catch (IllegalStateException e) {
                return Optional.of(ryukSentence(rootMessage(e)));
            }
        }
        try {
            DockerClientFactory.instance().client();
            return Optional.empty();
        } catch (RuntimeException | LinkageError e) {
            return Optional.of(mentions(e, "ryuk") ? ryukSentence(rootMessage(e)) : noEngine(e));
        }
    }

    /**
     * On a machine that looks like a container (/.dockerenv), Testcontainers takes the default
     * bridge's gateway for the Docker host, and runs an alpine container (from a registry, retried
     * for minutes) when the bridge names none. The harness publishes on 127.0.0.1 and needs neither.
     */
    private static Optional<String> hostProblem(DockerClient raw) {
        String override = System.getenv("TESTCONTAINERS_HOST_OVERRIDE");
        if (!java.nio.file.Files.exists(java.nio.file.Path.of("/.dockerenv")) || (override != null && !override.isBlank())) {
            return Optional.empty();
        }
        try {
            boolean gateway = raw.inspectNetworkCmd().withNetworkId("bridge").exec().getIpam().getConfig().stream()
                    .anyMatch(c -> c.getGateway() != null);
            return gateway ? Optional.empty() : Optional.of("Testcontainers would look for the Docker host with an "
                    + "alpine container, as /.dockerenv exists and the default bridge names no gateway; set "
                    + "TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1 (or start dockerd with --bip, as scripts/ensure-docker.sh does)");
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String ryukSentence(String why) {
        return "Testcontainers could not start its Ryuk container, whose image comes from a registry (" + why
                + "); set TESTCONTAINERS_RYUK_DISABLED=true: the harness removes its containers itself";
    }

    private static String noEngine(Throwable e) {
        String why = rootMessage(e).startsWith("Could not find a valid Docker environment")
                ? Brokers.whereDockerWasLookedFor() : rootMessage(e);
        return "no Docker engine answers (" + why + "); scripts/ensure-docker.sh starts one on Debian";
    }

    /** A client of the engine Testcontainers found, without Ryuk (Testcontainers' own client() starts it). */
    private static DockerClient rawClient() {
        DockerClient c = raw;
        if (c == null) {
            c = DockerClientProviderStrategy.getClientForConfig(DockerClientFactory.instance().getTransportConfig());
            raw = c;
        }
        return c;
    }

    /**
     * Makes sure {@code image} is on this machine, pulling it if it is not.
     *
     * @throws IllegalStateException with a sentence naming the image and how to get one
     */
    static void ensureImage(String image) {
        try {
            ensureImage(rawClient(), image);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(e.getMessage() + "; build the local RabbitMQ image with "
                    + "scripts/build-images.sh (" + Brokers.LOCAL_IMAGE + ") or pull one with docker pull " + image, e);
        }
    }

    private static void ensureImage(DockerClient client, String image) {
        try {
            client.inspectImageCmd(image).exec();
            return;
        } catch (NotFoundException e) {
            // not here: try a pull
        }
        DockerImageName name = DockerImageName.parse(image);
        try {
            client.pullImageCmd(name.getUnversionedPart()).withTag(name.getVersionPart()).start()
                    .awaitCompletion(5, TimeUnit.MINUTES);
            client.inspectImageCmd(image).exec();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pulling " + image, e);
        } catch (RuntimeException e) {
            throw new IllegalStateException("the image " + image + " is not on this machine and could not be pulled ("
                    + rootMessage(e) + ")", e);
        }
    }

    /**
     * Starts {@code image} and waits for "Server startup complete" in its log.
     *
     * @param startupTimeout how long the broker may take to become ready
     * @param exitGrace      at JVM exit, how long to wait for the owner to close the broker (a run
     *                       draining after Ctrl-C) before removing it anyway
     * @param command        the container's command, or none for the image's
     * @throws IllegalStateException with a sentence (and the last lines of the container's log when
     *                               it started but never became ready); the container is removed
     */
    static StartedBroker start(String image, Duration startupTimeout, Duration exitGrace, String... command) {
        ensureImage(image);
        LogTail tail = new LogTail(LOG_LINES);
        RabbitMQContainer container = new RabbitMQContainer(DockerImageName.parse(image)
                .asCompatibleSubstituteFor("rabbitmq"))
                .withEnv("RABBITMQ_ENABLED_PLUGINS", Brokers.PLUGINS)
                .withLogConsumer(tail)
                .waitingFor(new ReadyOrExited(tail).withStartupTimeout(startupTimeout))
                .withStartupCheckStrategy(new StartupCheckStrategy() {
                    @Override
                    public StartupStatus checkStartupState(DockerClient client, String containerId) {
                        return StartupStatus.SUCCESSFUL; // ReadyOrExited notices an exit, with its code
                    }
                })
                .withCreateContainerCmdModifier(cmd -> {
                    // Publish on loopback only (Docker's default is every interface), on ports Docker picks.
                    Ports ports = new Ports();
                    List.of(AMQP_PORT, HTTP_PORT).forEach(p -> ports.bind(ExposedPort.tcp(p), Ports.Binding.bindIp("127.0.0.1")));
                    cmd.getHostConfig().withPortBindings(ports).withPublishAllPorts(false);
                    Map<String, String> labels = new HashMap<>(cmd.getLabels() == null ? Map.of() : cmd.getLabels());
                    labels.put(LABEL, Long.toString(ProcessHandle.current().pid()));
                    cmd.withLabels(labels);
                });
        container.setExposedPorts(List.of(AMQP_PORT, HTTP_PORT));
        if (command.length > 0) {
            container.withCommand(command);
        }
        Live live = new Live(container, exitGrace);
        registerHook();
        LIVE.add(live);
        try {
            container.start();
        } catch (RuntimeException e) {
            live.close(); // Testcontainers removes a container that failed; this makes sure of it
            String log = tail.lines();
            throw new IllegalStateException("the " + image + " container did not become ready (" + whyNotReady(e) + ")"
                    + (log.isEmpty() ? "; it logged nothing" : "; the last lines of its log: " + log)
                    + "; it was removed", e);
        }
        // The ports are published on this machine's loopback, whatever Testcontainers takes the Docker host to be.
        String host = "127.0.0.1";
        String uri = "amqp://guest:guest@" + host + ":" + container.getMappedPort(AMQP_PORT) + "/%2F";
        try {
            return Brokers.probe(uri, Optional.of(URI.create("http://" + host + ":" + container.getMappedPort(HTTP_PORT))),
                    live);
        } catch (RuntimeException e) {
            live.close();
            throw e;
        }
    }

    private static void registerHook() {
        if (HOOK.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(Containers::removeAtExit, "harness-container-cleanup"));
        }
    }

    /** At JVM exit: gives each owner its grace to close its broker, then removes what is left. */
    private static void removeAtExit() {
        long deadline = System.nanoTime() + LIVE.stream().mapToLong(l -> l.exitGrace.toNanos()).max().orElse(0);
        while (!LIVE.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                break;
            }
        }
        List.copyOf(LIVE).forEach(Live::close);
    }

    /** Number of containers started here and not yet removed. */
    static int live() {
        return LIVE.size();
    }

    /** A started container until it is removed. */
    private static final class Live implements AutoCloseable {
        private final RabbitMQContainer container;
        private final Duration exitGrace;
        private final AtomicBoolean closed = new AtomicBoolean();

        Live(RabbitMQContainer container, Duration exitGrace) {
            this.container = container;
            this.exitGrace = exitGrace;
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                try {
                    container.stop();
                } finally {
                    LIVE.remove(this);
                }
            }
        }
    }

    /**
     * Ready once the broker logs "Server startup complete"; fails at once when the container exits
     * first (Testcontainers' log wait would wait out its whole timeout).
     */
    private static final class ReadyOrExited extends AbstractWaitStrategy {
        private final LogTail tail;

        ReadyOrExited(LogTail tail) {
            this.tail = tail;
        }

        @Override
        protected void waitUntilReady() {
            long deadline = System.nanoTime() + startupTimeout.toNanos();
            while (!tail.ready()) {
                InspectContainerResponse.ContainerState state = waitStrategyTarget.getCurrentContainerInfo().getState();
                if (state != null && !Boolean.TRUE.equals(state.getRunning())) {
                    throw new ContainerLaunchException("it exited with code " + state.getExitCodeLong()
                            + " before logging Server startup complete");
                }
                if (System.nanoTime() > deadline) {
                    throw new ContainerLaunchException("it did not log Server startup complete within "
                            + startupTimeout.toSeconds() + " s");
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ContainerLaunchException("interrupted while waiting for the broker");
                }
            }
        }
    }

    /** Keeps the last lines a container logged, and whether the broker said it is up. Thread-safe. */
    private static final class LogTail implements java.util.function.Consumer<OutputFrame> {
        private final int size;
        private final Deque<String> lines = new ArrayDeque<>();
        private volatile boolean ready;

        LogTail(int size) {
            this.size = size;
        }

        @Override
        public synchronized void accept(OutputFrame frame) {
            String line = frame.getUtf8StringWithoutLineEnding();
            if (line == null || line.isBlank()) {
                return;
            }
            if (line.contains("Server startup complete")) {
                ready = true;
            }
            if (lines.size() == size) {
                lines.removeFirst();
            }
            lines.addLast(line.length() > 200 ? line.substring(0, 200) + "..." : line.strip());
        }

        boolean ready() {
            return ready;
        }

        synchronized String lines() {
            return String.join(" | ", lines);
        }
    }

    /**
     * Why a start failed, in a few words: Testcontainers' own message for a container that exited
     * before its ports were mapped is the whole inspect response.
     */
    private static String whyNotReady(Throwable e) {
        String root = rootMessage(e);
        java.util.regex.Matcher exited = java.util.regex.Pattern.compile("status=exited.*?exitCode=(-?[0-9]+)").matcher(root);
        if (root.contains("InspectContainerResponse") && exited.find()) {
            return "it exited with code " + exited.group(1) + " before logging Server startup complete";
        }
        return root.length() > 300 ? root.substring(0, 300) + "..." : root;
    }

    private static boolean mentions(Throwable e, String word) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT).contains(word)
                    || t.getClass().getName().toLowerCase(Locale.ROOT).contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** The innermost message of a cause chain, on one line. */
    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return m.replaceAll("\\s+", " ").strip();
    }
}
