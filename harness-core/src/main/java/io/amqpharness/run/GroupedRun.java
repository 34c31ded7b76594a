package io.amqpharness.run;

import io.amqpharness.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Several groups of clients in one run: each group is a whole {@link LoadRunner} with its own
 * scenario (protocol, queues, counts, rate, size, confirms, prefetch, acks), run on a thread of its
 * own, and all are tied together:
 * <ul>
 *   <li>their run ids share a prefix ({@code k3x9pq-load}, {@code k3x9pq-probe}), so a consumer
 *   of one group checks the sequences of another group's publishers on a queue they share (lost,
 *   duplicates, order) and times them on the same clock, whatever protocols the two use;</li>
 *   <li>they start publishing together, once every group has connected and opened its links;</li>
 *   <li>a group that fails, or that cannot start, stops every group; {@link #stop()} stops all;</li>
 *   <li>no group deletes its queues before every group has drained, so a shared queue stays until
 *   the last reader is done.</li>
 * </ul>
 * Each group otherwise ends by its own limits (normally the same {@code --time}).
 *
 * <pre>{@code
 * List<GroupedRun.Outcome> outcomes = new GroupedRun(List.of(
 *         new GroupedRun.Group("load", new LoadRunner(load)),
 *         new GroupedRun.Group("probe", new LoadRunner(probe)))).run();
 * }</pre>
 *
 * <p>Used once. {@link #stop()} may be called from any thread.
 */
public final class GroupedRun {
    /** A group's name: lowercase letters, digits and dashes, at most 32, starting with a letter. */
    public static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,31}");

    private final List<Group> groups;

    /**
     * One group: its name (see {@link #NAME}) and the runner of its scenario, with its listeners.
     *
     * @param name   the group's name, unique in the run
     * @param runner its runner, not yet run
     */
    public record Group(String name, LoadRunner runner) {
        public Group {
            Objects.requireNonNull(runner, "runner");
            if (name == null || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("a group name is lowercase letters, digits and dashes, got " + name);
            }
        }
    }

    /**
     * How one group's run ended: its result, or the error that kept it from running (a broker it
     * could not reach, a topology refused).
     *
     * @param name    the group's name
     * @param result  its result, if it ran
     * @param problem what kept it from running, if it did not
     */
    public record Outcome(String name, Optional<RunResult> result, Optional<RuntimeException> problem) {
    }

    /**
     * @param groups at least one, names unique
     * @throws IllegalArgumentException if there is none or two share a name
     */
    public GroupedRun(List<Group> groups) {
        if (groups.isEmpty()) {
            throw new IllegalArgumentException("a grouped run needs at least one group");
        }
        Set<String> names = new LinkedHashSet<>();
        for (Group g : groups) {
            if (!names.add(g.name())) {
                throw new IllegalArgumentException("two groups are named " + g.name());
            }
        }
        this.groups = List.copyOf(groups);
    }

    /**
     * Runs every group, each on a thread {@code harness-group-NAME}, and waits for all.
     *
     * @return each group's outcome, in the order given
     */
    public List<Outcome> run() {
        GroupTies ties = new GroupTies(RunIds.next(), groups.size(), this::stop);
        List<Thread> threads = new ArrayList<>();
        Outcome[] outcomes = new Outcome[groups.size()];
        for (int i = 0; i < groups.size(); i++) {
            Group g = groups.get(i);
            g.runner().inGroup(ties.tie(g.name()));
            int k = i;
            Thread t = new Thread(() -> {
                try {
                    outcomes[k] = new Outcome(g.name(), Optional.of(g.runner().run()), Optional.empty());
                } catch (RuntimeException e) {
                    outcomes[k] = new Outcome(g.name(), Optional.empty(), Optional.of(e));
                }
            }, "harness-group-" + g.name());
            threads.add(t);
        }
        threads.forEach(Thread::start);
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                    stop(); // the groups drain and return their results
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return List.of(outcomes);
    }

    /** Ends every group's run early: publishing stops, the drain and the results happen as usual. */
    public void stop() {
        groups.forEach(g -> g.runner().stop());
    }
}
