package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's and getting-started's first run is a paced one (a saturated broker's seconds of
 * latency are not a first impression), and the unpaced flood comes second, named for what it is.
 */
class QuickStartDocTest {
    private static final String PACED = "./harness --queue-type quorum -r 2000 -c 100 -q 200 -z 10s";
    private static final String FLOOD = "./harness --queue-type quorum -z 10s";

    private static List<String> harnessCommands(Path file) throws Exception {
        return Files.readAllLines(file).stream().filter(l -> l.contains("./harness ")).toList();
    }

    @Test
    void theReadmeLeadsWithAPacedRunAndShowsTheFloodSecond() throws Exception {
        Path readme = Path.of("..", "README.md");
        assertThat(harnessCommands(readme).get(0)).as("the first command of the README").contains(PACED);
        String text = Files.readString(readme);
        assertThat(text.indexOf(FLOOD + "`")).as("the unpaced run, after the paced one")
                .isGreaterThan(text.indexOf(PACED));
        assertThat(text).contains("What\nsaturation looks like").doesNotContain("the first command above, unpaced");
    }

    @Test
    void gettingStartedLeadsWithAPacedRunAndShowsTheFloodSecond() throws Exception {
        String text = Files.readString(Path.of("..", "docs", "getting-started.md"));
        int paced = text.indexOf(PACED);
        assertThat(paced).isPositive();
        assertThat(text.indexOf(FLOOD + "`")).isGreaterThan(paced);
        assertThat(text).contains("What saturation looks like");
    }
}
