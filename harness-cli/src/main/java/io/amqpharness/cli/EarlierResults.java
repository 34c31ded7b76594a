package io.amqpharness.cli;

import io.amqpharness.report.files.OutputDirectory;
import io.amqpharness.scenario.ScenarioException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Never overwrite a result silently: a directory a command would write its results into is refused
 * before anything starts when an earlier run or sweep left its files there, unless the user gave
 * {@code --overwrite}. The refusal is one sentence naming what the directory holds (exit code 2).
 */
final class EarlierResults {
    /** The table a sweep writes into its directory. */
    static final String SWEEP_TABLE = "sweep.md";

    /** At most this many file names in the sentence. */
    private static final int NAMES_SHOWN = 3;

    private EarlierResults() {
    }

    /**
     * Refuses the first of {@code directories} that holds an earlier result, unless {@code overwrite}.
     *
     * @param option the option as the user typed it: {@code --output-dir} or {@code -o}
     * @param given the directory the user gave; files are named relative to it
     * @param directories {@code given} and the subdirectories the command writes into, in that order
     * @throws ScenarioException with one sentence, for example "--output-dir out already holds run z99du7
     *     (result.json); choose another directory or add --overwrite."
     */
    static void refuse(String option, Path given, List<Path> directories, boolean overwrite) {
        if (overwrite) {
            return;
        }
        for (Path d : directories) {
            Optional<OutputDirectory.Held> held = held(d);
            if (held.isPresent()) {
                List<Path> files = held.get().files();
                String names = files.stream().limit(NAMES_SHOWN).map(f -> given.relativize(f).toString())
                        .collect(Collectors.joining(", ")) + (files.size() > NAMES_SHOWN ? ", ..." : "");
                throw new ScenarioException(List.of(option + " " + given + " already holds "
                        + held.get().description() + " (" + names + "); choose another directory or add --overwrite."));
            }
        }
    }

    private static Optional<OutputDirectory.Held> held(Path directory) {
        Path table = directory.resolve(SWEEP_TABLE);
        if (Files.isRegularFile(table)) {
            return Optional.of(new OutputDirectory.Held("a sweep", List.of(table)));
        }
        return OutputDirectory.heldResult(directory);
    }
}
