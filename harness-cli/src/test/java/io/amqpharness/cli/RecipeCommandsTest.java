package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How RecipesIT reads a recipe's bash block into the harness's argument lists, as bash would. */
class RecipeCommandsTest {
    @Test
    void wordsAreSplitUnquotedAndVariablesExpandedAsBashWould() {
        String block = "./harness -y 0 -f persistent -z \"${DURATION:-10m}\"   # durable\n\n"
                + "./harness --fail-if 'e2e.p99>20ms' --instance $NAME \"a b\"\n";
        assertThat(RecipesIT.commands(block, Map.of("NAME", "it-1"))).hasValue(List.of(
                List.of("-y", "0", "-f", "persistent", "-z", "10m"),
                List.of("--fail-if", "e2e.p99>20ms", "--instance", "it-1", "a b")));
        assertThat(RecipesIT.commands(block, Map.of("DURATION", "2s", "NAME", "x")).orElseThrow().get(0))
                .containsExactly("-y", "0", "-f", "persistent", "-z", "2s");
    }

    @Test
    void aBlockThatNeedsTheShellIsLeftToBash() {
        Map<String, String> env = Map.of();
        assertThat(RecipesIT.commands("for q in 1 10; do ./harness -x $q; done", env)).isEmpty();
        assertThat(RecipesIT.commands("./harness -z 1s | tee out.txt", env)).isEmpty();
        assertThat(RecipesIT.commands("./harness -z 1s > out.txt", env)).isEmpty();
        assertThat(RecipesIT.commands("RATE=10 ./harness -r $RATE", env)).isEmpty();
        assertThat(RecipesIT.commands("./harness -z \"$(cat time)\"", env)).isEmpty();
        assertThat(RecipesIT.commands("./harness --vary $LIST", Map.of("LIST", "rate=1 rate=2"))).isEmpty();
        assertThat(RecipesIT.commands("./harness --fail-if 'unterminated", env)).isEmpty();
        assertThat(RecipesIT.commands("docker compose up -d", env)).isEmpty();
    }

    @Test
    void aRecipesFaultsAreLeftOutOfItsOneSecondRun() {
        assertThat(RecipesIT.shortened(List.of("-z", "60s", "--fault", "at=15s,kind=stop-node,node=1,for=10s",
                "--fault-ctl", "scripts/rabbitmq-cluster.sh ctl {node}", "-r", "200")))
                .containsExactly("-z", "1s", "-r", "200");
    }

    @Test
    void durationsAreCutShortAndFilesFoundInTheRecipesDirectory() {
        List<String> args = RecipesIT.shortened(List.of("run", "--scenario", "docs/scenarios/s.yml", "--step-duration",
                "30s", "-z", "10m", "--output-dir", "results/seed-003"));
        assertThat(args).containsExactly("run", "--scenario", "docs/scenarios/s.yml", "--step-duration", "1s", "-z", "1s",
                "--output-dir", "results/seed-003", "--warmup", "0s");
        Path dir = Path.of("/tmp/recipes");
        assertThat(RecipesIT.inDirectory(args, dir)).containsSubsequence("--scenario", "/tmp/recipes/docs/scenarios/s.yml")
                .containsSubsequence("--output-dir", "/tmp/recipes/results/seed-003");
        assertThat(RecipesIT.inDirectory(List.of("-o", "/abs/report.html"), dir)).containsExactly("-o", "/abs/report.html");
    }

    @Test
    void scenarioRatesAreCappedForCi() throws Exception {
        String cut = RecipesIT.shortenedScenario("rate: 50000\ntotal-rate: 1000\nvary:\n  rate: [10000, 20000]\n"
                + "  producers: [1, 2]\ntime: 5m\n");
        assertThat(cut).contains("rate: 2000", "total-rate: 1000", "time: \"1s\"").doesNotContain("50000", "10000");
        assertThat(cut.replaceAll("\\s+", " ")).contains("rate: - 2000", "producers: - 1");
    }

    @Test
    void aScenariosQueuePatternGetsTheFilesNameSoThatRecipesRunSideBySide() throws Exception {
        String cut = RecipesIT.shortenedScenario("queue-pattern: perf-test-%d\nqueue-pattern-to: 100\n",
                java.util.Optional.of("seed-000-queues.yml"));
        assertThat(new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(cut).path("queue-pattern").asText())
                .isEqualTo("seed-000-queues-perf-test-%d");
        assertThat(RecipesIT.shortenedScenario("queue: my-stream\n", java.util.Optional.of("seed-001-streams.yml")))
                .contains("queue: \"my-stream\"");
    }
}
