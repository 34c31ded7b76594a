package io.amqpharness.fault;

import io.amqpharness.scenario.Durations;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The faults of a run ({@code --fault}, in time order) and how node faults reach a node
 * ({@code --fault-ctl}). Immutable.
 *
 * @param faults the faults, earliest first
 * @param ctl    the command that runs {@code rabbitmqctl} against a node, with {@code {node}} where the
 *               fault's {@code node=} goes; the harness appends the subcommand ({@code stop_app}). Default
 *               {@link #DEFAULT_CTL}
 */
public record FaultPlan(List<Fault> faults, String ctl) {
    /** {@code rabbitmqctl -n {node}}: rabbitmqctl on this machine's PATH, against the named node. */
    public static final String DEFAULT_CTL = "rabbitmqctl -n {node}";
    /** The placeholder of {@link #ctl} for a fault's {@code node=}. */
    public static final String NODE = "{node}";

    public FaultPlan {
        faults = faults.stream().sorted(Comparator.comparing(Fault::at)).toList();
        if (ctl == null || ctl.isBlank()) {
            ctl = DEFAULT_CTL;
        }
    }

    /**
     * Reads {@code --fault} values and {@code --fault-ctl}.
     *
     * @throws IllegalArgumentException one sentence about the first bad value
     */
    public static FaultPlan parse(List<String> faults, Optional<String> ctl) {
        return new FaultPlan(faults.stream().map(Fault::parse).toList(), ctl.orElse(DEFAULT_CTL));
    }

    /** No faults. */
    public boolean isEmpty() {
        return faults.isEmpty();
    }

    /**
     * Checks the plan against the run: every fault must come before the end of publishing
     * ({@code --time} or the steps, when the run has either), and a node fault whose {@code --fault-ctl} names
     * {@code {node}} must give {@code node=}.
     *
     * @param time how long the run publishes (its {@code --time}, or else its steps, plus any warm-up), if it is limited
     * @throws IllegalArgumentException one sentence about the first problem
     */
    public void check(Optional<Duration> time) {
        for (Fault f : faults) {
            if (time.isPresent() && f.at().compareTo(time.get()) >= 0) {
                throw new IllegalArgumentException("--fault '" + f.text() + "' comes at " + Durations.format(f.at())
                        + ", not before publishing ends (" + Durations.format(time.get())
                        + " in, the warm-up included); give an at= within the run, for example at=" + Durations.format(time.get().dividedBy(2)) + ".");
            }
            boolean usesCtl = f.kind() == FaultKind.STOP_NODE || f.kind() == FaultKind.RESTART_BROKER
                    || f.kind() == FaultKind.MEMORY_ALARM;
            if (usesCtl && ctl.contains(NODE) && f.node().isEmpty()) {
                throw new IllegalArgumentException("--fault '" + f.text() + "' has no node=, which --fault-ctl '" + ctl
                        + "' needs for its {node}; for example --fault 'at=10s,kind=" + f.kind().id() + ",node=rabbit@host'.");
            }
        }
    }

    /** The {@link #ctl} command for {@code node}, as words for a shell: {@code rabbitmqctl -n rabbit@a}. */
    public String ctlFor(Optional<String> node) {
        return ctl.replace(NODE, node.orElse(""));
    }
}
