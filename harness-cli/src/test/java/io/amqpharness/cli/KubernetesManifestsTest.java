package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.amqpharness.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The Kubernetes manifests under deploy/kubernetes agree with each other, with the image docker/
 * builds, with the options the harness really accepts, and with seed 001's connection test.
 */
class KubernetesManifestsTest {
    private static final Path ROOT = Path.of("..");
    private static final Path DIR = ROOT.resolve("deploy/kubernetes");
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final Pattern VARIABLE = Pattern.compile("\\$\\(([A-Z_]+)\\)");

    private static JsonNode read(String file) throws Exception {
        return YAML.readTree(DIR.resolve(file).toFile());
    }

    private static JsonNode container(JsonNode workload) {
        JsonNode spec = workload.path("kind").asText().equals("Pod") ? workload.path("spec")
                : workload.path("spec").path("template").path("spec");
        assertThat(spec.path("containers")).hasSize(1);
        return spec.path("containers").get(0);
    }

    private static JsonNode podSpec(JsonNode workload) {
        return workload.path("kind").asText().equals("Pod") ? workload.path("spec")
                : workload.path("spec").path("template").path("spec");
    }

    /** The args with each $(VAR) replaced as Kubernetes would, from the container's env (values given here). */
    private static List<String> expand(JsonNode container, Map<String, String> values) {
        List<String> declared = new ArrayList<>();
        container.path("env").forEach(e -> declared.add(e.path("name").asText()));
        List<String> args = new ArrayList<>();
        for (JsonNode a : container.path("args")) {
            Matcher m = VARIABLE.matcher(a.asText());
            StringBuilder b = new StringBuilder();
            while (m.find()) {
                assertThat(declared).as("$(%s) in args is declared in env, so Kubernetes expands it", m.group(1))
                        .contains(m.group(1));
                m.appendReplacement(b, Matcher.quoteReplacement(values.get(m.group(1))));
            }
            m.appendTail(b);
            args.add(b.toString());
        }
        return args;
    }

    /** The RabbitmqCluster the manifests name, and what its operator puts into {@code <cluster>-default-user}. */
    private static final String CLUSTER = "rabbitmq";
    private static final String BROKER_HOST = "rabbitmq.benchmarks.svc";
    private static final String BROKER_PASSWORD = "Zq3-xY_9kP2";
    private static final Map<String, Map<String, String>> SECRETS = Map.of(CLUSTER + "-default-user",
            Map.of("username", "default_user_Xk2", "password", BROKER_PASSWORD, "host", BROKER_HOST, "port", "5672"));

    /**
     * The container's environment as Kubernetes makes it: Secret and ConfigMap keys, the completion
     * index, and {@code $(VAR)} in a value replaced by an earlier variable's value.
     */
    private static Map<String, String> environment(JsonNode container, String index, String startAt) {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        for (JsonNode e : container.path("env")) {
            String name = e.path("name").asText();
            JsonNode from = e.path("valueFrom");
            String value;
            if (e.has("value")) {
                Matcher m = VARIABLE.matcher(e.path("value").asText());
                StringBuilder b = new StringBuilder();
                while (m.find()) {
                    assertThat(env).as("$(%s) in %s is declared before it", m.group(1), name).containsKey(m.group(1));
                    m.appendReplacement(b, Matcher.quoteReplacement(env.get(m.group(1))));
                }
                m.appendTail(b);
                value = b.toString();
            } else if (from.has("secretKeyRef")) {
                String secret = from.path("secretKeyRef").path("name").asText();
                assertThat(SECRETS).as("the RabbitMQ cluster operator's Secret <cluster>-default-user").containsKey(secret);
                value = SECRETS.get(secret).get(from.path("secretKeyRef").path("key").asText());
                assertThat(value).as("key %s of %s", from.path("secretKeyRef").path("key").asText(), secret).isNotNull();
            } else if (from.has("configMapKeyRef")) {
                assertThat(from.path("configMapKeyRef").path("key").asText()).isEqualTo("startAt");
                value = startAt;
            } else if (from.has("fieldRef")) {
                assertThat(from.path("fieldRef").path("fieldPath").asText()).contains("job-completion-index");
                value = index;
            } else {
                throw new AssertionError("env " + name + " has no value");
            }
            env.put(name, value);
        }
        return env;
    }

    private static String after(List<String> args, String option) {
        int i = args.indexOf(option);
        assertThat(i).as("%s in %s", option, args).isNotNegative();
        return args.get(i + 1);
    }

    @Test
    void theIndexedJobRunsSeed001AsFourInstancesOfOneWorkload() throws Exception {
        JsonNode job = read("job.yaml");
        assertThat(job.path("kind").asText()).isEqualTo("Job");
        JsonNode spec = job.path("spec");
        assertThat(spec.path("completionMode").asText()).isEqualTo("Indexed");
        int completions = spec.path("completions").asInt();
        assertThat(completions).isEqualTo(4);
        assertThat(spec.path("parallelism").asInt()).as("all instances run at once").isEqualTo(completions);
        assertThat(podSpec(job).path("restartPolicy").asText()).isEqualTo("Never");

        JsonNode c = container(job);
        JsonNode indexEnv = null;
        for (JsonNode e : c.path("env")) {
            if (e.path("name").asText().equals("INSTANCE_INDEX")) {
                indexEnv = e;
            }
        }
        assertThat(indexEnv).isNotNull();
        assertThat(indexEnv.path("valueFrom").path("fieldRef").path("fieldPath").asText())
                .isEqualTo("metadata.annotations['batch.kubernetes.io/job-completion-index']");
        // Environment variables that are option defaults must name real options.
        for (JsonNode e : c.path("env")) {
            String name = e.path("name").asText();
            if (name.startsWith("HARNESS_")) {
                String option = "--" + name.substring("HARNESS_".length()).toLowerCase().replace('_', '-');
                assertThat(HarnessCommand.commandLine(new Main.Session()).getCommandSpec().findOption(option))
                        .as("%s is the default of an option", name).isNotNull();
            }
        }

        String startAt = "2026-11-23T15:00:00Z";
        Map<String, Scenario> instances = new HashMap<>();
        for (int k = 0; k < completions; k++) {
            Map<String, String> env = environment(c, Integer.toString(k), startAt);
            List<String> args = expand(c, env);
            // The real command line, with the pod's real environment: options the harness accepts,
            // and the broker the manifest names (not the default localhost).
            Scenario s = Main.parseScenario(env, args.toArray(String[]::new));
            assertThat(s.uri().host()).as("the broker of the default-user Secret").isEqualTo(BROKER_HOST);
            assertThat(s.uri().port()).isEqualTo(5672);
            assertThat(s.uri().toString()).doesNotContain(BROKER_PASSWORD);
            instances.put("pod-" + k, s);
            assertThat(s.coordination().instance()).contains("pod-" + k);
            assertThat(s.coordination().barrier().getAsInt()).as("--barrier is the completion count").isEqualTo(completions);
            assertThat(s.coordination().startAt().map(Object::toString)).contains(startAt);
            assertThat(after(args, "--output-dir")).isEqualTo("/results/seed-001/pod-" + k);
        }
        assertThat(instances.values().stream().map(s -> s.coordination().instance().orElseThrow()).distinct())
                .hasSize(completions);

        // Together they are seed 001's connection test: 40,000 idle connections with two sessions or
        // channels each for 2 minutes (docs/scenarios/seed-001-many-connections.yml scales it to one machine).
        JsonNode seed = YAML.readTree(ROOT.resolve("docs/scenarios/seed-001-many-connections.yml").toFile());
        Scenario one = instances.get("pod-0");
        assertThat(one.connections().idleConnections() * completions).isEqualTo(40_000);
        assertThat(one.connections().idleChannels()).isEqualTo(seed.path("idle-channels").asInt()).isEqualTo(2);
        assertThat(one.publishing().producers()).isZero();
        assertThat(one.consuming().consumers()).isEqualTo(seed.path("consumers").asInt()).isZero();
        assertThat(one.run().time()).contains(Duration.ofMinutes(2));

        // The comment's arithmetic names the option that splits seed 001's 40,000 connections.
        Matcher perPod = Pattern.compile("(--[a-z-]+) is 40,000 / completions").matcher(Files.readString(DIR.resolve("job.yaml")));
        assertThat(perPod.find()).as("job.yaml says which option is 40,000 / completions").isTrue();
        List<String> args = expand(c, environment(c, "0", startAt));
        assertThat(Integer.parseInt(after(args, perPod.group(1))) * completions).isEqualTo(40_000);

        // Prometheus scrapes the port the harness serves.
        JsonNode annotations = spec.path("template").path("metadata").path("annotations");
        assertThat(annotations.path("prometheus.io/scrape").asText()).isEqualTo("true");
        assertThat(args).contains("--metrics-prometheus");
        assertThat(annotations.path("prometheus.io/port").asText()).isEqualTo(after(args, "--metrics-port"));
        assertThat(annotations.path("prometheus.io/path").asText()).isEqualTo("/metrics");
        assertThat(c.path("ports").get(0).path("containerPort").asText()).isEqualTo(after(args, "--metrics-port"));

        // The results go onto the shared volume.
        assertMountsTheClaim(job, after(args, "--output-dir"));
    }

    @Test
    void theMergeJobMergesEveryInstanceFromTheSameVolume() throws Exception {
        JsonNode job = read("job.yaml");
        int completions = job.path("spec").path("completions").asInt();
        JsonNode merge = read("merge-job.yaml");
        assertThat(merge.path("kind").asText()).isEqualTo("Job");
        List<String> args = expand(container(merge), Map.of());
        CommandLine cl = HarnessCommand.commandLine(new Main.Session());
        CommandLine.ParseResult parsed = cl.parseArgs(args.toArray(String[]::new));
        assertThat(parsed.hasSubcommand()).isTrue();
        ReportCommand report = parsed.subcommand().commandSpec().commandLine().getCommand();
        assertThat(report.merge).isTrue();
        List<Path> expected = new ArrayList<>();
        for (int k = 0; k < completions; k++) {
            expected.add(Path.of("/results/seed-001/pod-" + k));
        }
        assertThat(report.results).as("one directory per completion index, as the Job writes them")
                .containsExactlyElementsOf(expected);
        assertThat(report.output).isEqualTo(Path.of("/results/seed-001/merged"));
        assertMountsTheClaim(merge, report.output.toString());
        assertMountsTheClaim(read("results-pod.yaml"), "/results/seed-001");
    }

    @Test
    void everyImageIsTheOneDockerBuilds() throws Exception {
        String dockerfile = Files.readString(ROOT.resolve("docker/Dockerfile"));
        Matcher m = Pattern.compile("docker build -f docker/Dockerfile -t ([a-z0-9._/-]+)").matcher(dockerfile);
        assertThat(m.find()).as("docker/Dockerfile says how to build the image").isTrue();
        String image = m.group(1);
        for (String file : List.of("job.yaml", "merge-job.yaml")) {
            JsonNode c = container(read(file));
            assertThat(c.path("image").asText()).as(file).isEqualTo(image + ":latest");
            assertThat(c.path("imagePullPolicy").asText()).as(file + ": a locally loaded image is used")
                    .isEqualTo("IfNotPresent");
        }
        String doc = Files.readString(ROOT.resolve("docs/kubernetes.md"));
        assertThat(doc).contains("-t " + image + ":latest");
        try (var files = Files.list(DIR)) {
            files.forEach(f -> assertThat(doc).as("docs/kubernetes.md uses %s", f.getFileName())
                    .contains("deploy/kubernetes/" + f.getFileName()));
        }
    }

    @Test
    void theHarnessPodsWriteTheVolumeAsTheImagesUserAndIgnoreServiceLinks() throws Exception {
        Matcher uid = Pattern.compile("--uid ([0-9]+)").matcher(Files.readString(ROOT.resolve("docker/Dockerfile")));
        assertThat(uid.find()).as("docker/Dockerfile creates its user with a fixed uid").isTrue();
        for (String file : List.of("job.yaml", "merge-job.yaml")) {
            JsonNode pod = podSpec(read(file));
            assertThat(pod.path("securityContext").path("fsGroup").asText())
                    .as("%s: the volume is group-writable for the image's user", file).isEqualTo(uid.group(1));
            assertThat(pod.path("enableServiceLinks").isBoolean() && !pod.path("enableServiceLinks").asBoolean())
                    .as("%s: no Service's *_PORT variables land on HARNESS_* defaults", file).isTrue();
        }
    }

    @Test
    void thePodMonitorScrapesTheInstancesMetricsPort() throws Exception {
        JsonNode job = read("job.yaml");
        JsonNode monitor = read("podmonitor.yaml");
        assertThat(monitor.path("apiVersion").asText()).isEqualTo("monitoring.coreos.com/v1");
        assertThat(monitor.path("kind").asText()).isEqualTo("PodMonitor");
        JsonNode labels = job.path("spec").path("template").path("metadata").path("labels");
        monitor.path("spec").path("selector").path("matchLabels").fields().forEachRemaining(l ->
                assertThat(labels.path(l.getKey()).asText()).as("label %s of the Job's pods", l.getKey())
                        .isEqualTo(l.getValue().asText()));
        assertThat(monitor.path("spec").path("selector").path("matchLabels").size()).isPositive();
        JsonNode endpoint = monitor.path("spec").path("podMetricsEndpoints").get(0);
        JsonNode port = container(job).path("ports").get(0);
        assertThat(endpoint.path("port").asText()).isEqualTo(port.path("name").asText());
        List<String> args = expand(container(job), environment(container(job), "0", "2026-11-23T15:00:00Z"));
        assertThat(port.path("containerPort").asText()).isEqualTo(after(args, "--metrics-port"));
        assertThat(endpoint.path("path").asText()).isEqualTo("/metrics");
    }

    /** The workload mounts the PersistentVolumeClaim of results-pvc.yaml at a directory holding {@code path}. */
    private static void assertMountsTheClaim(JsonNode workload, String path) throws Exception {
        JsonNode pvc = read("results-pvc.yaml");
        assertThat(pvc.path("kind").asText()).isEqualTo("PersistentVolumeClaim");
        String claim = pvc.path("metadata").path("name").asText();
        JsonNode spec = podSpec(workload);
        Map<String, String> claims = new HashMap<>();
        spec.path("volumes").forEach(v -> claims.put(v.path("name").asText(),
                v.path("persistentVolumeClaim").path("claimName").asText()));
        boolean mounted = false;
        for (JsonNode mount : container(workload).path("volumeMounts")) {
            assertThat(claims).as("volume %s is declared", mount.path("name").asText())
                    .containsKey(mount.path("name").asText());
            if (claims.get(mount.path("name").asText()).equals(claim)
                    && path.startsWith(mount.path("mountPath").asText() + "/")) {
                mounted = true;
            }
        }
        assertThat(mounted).as("%s is on the volume of claim %s", path, claim).isTrue();
    }
}
