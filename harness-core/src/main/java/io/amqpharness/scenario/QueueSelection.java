package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which queues a run uses: one with a generated name, named ones ({@code --queue a,b,c}), or a
 * numbered pattern ({@code --queue-pattern 'perf-test-%d' --queue-pattern-from 1
 * --queue-pattern-to 100}). Producers and consumers are spread over them round-robin.
 */
public sealed interface QueueSelection {

    /** The queue names, given the run id for a generated name. */
    List<String> names(String runId);

    /** True if the names are chosen by the harness. */
    default boolean generated() {
        return false;
    }

    /** One queue named {@code harness-<run id>}. */
    record Generated() implements QueueSelection {
        @Override
        public List<String> names(String runId) {
            return List.of("harness-" + runId);
        }

        @Override
        public boolean generated() {
            return true;
        }
    }

    /** Queues named by the user, in order. */
    record Named(List<String> queues) implements QueueSelection {
        public Named {
            queues = List.copyOf(queues);
            if (queues.isEmpty()) {
                throw new IllegalArgumentException("at least one queue name");
            }
        }

        @Override
        public List<String> names(String runId) {
            return queues;
        }

        @Override
        public String toString() {
            return String.join(",", queues);
        }
    }

    /**
     * Numbered queues: {@code String.format(pattern, n)} for {@code n} from {@code from} to
     * {@code to}, both included.
     */
    record Pattern(String pattern, int from, int to) implements QueueSelection {
        @Override
        public List<String> names(String runId) {
            List<String> names = new ArrayList<>(to - from + 1);
            for (int n = from; n <= to; n++) {
                names.add(String.format(Locale.ROOT, pattern, n));
            }
            return names;
        }
    }
}
