package io.amqpharness.scenario;

import static io.amqpharness.scenario.Declaration.option;
import static io.amqpharness.scenario.Setting.Group.RUN_CONTROL;

/**
 * The declarations of the backlog rows of {@link Setting} ({@code --backlog}, {@code --backlog-then},
 * {@code --consumer-arrival}), in {@link Setting.Group#RUN_CONTROL}, in the table's order.
 */
final class BacklogRows {
    private BacklogRows() {
    }

    static Declaration.Draft<?> backlog() {
        return option(RUN_CONTROL, ValueType.BACKLOG, "--backlog").label("N|SIZE")
            .help("Fill the queues to N messages (or SIZE of bodies, e.g. 50mb) with the consumers held back, then "
                    + "let them arrive and drain it; the run ends once drained (or at --time).")
            .read(s -> s.run().backlog().map(Backlog::size)).apply(Scenario.Builder::backlog)
            .doc("none",
                "a backlog run: publishers fill the run's queues (together) to `N` messages, or to `SIZE` of "
                + "message bodies (`50mb`: that many bodies of the mean `--size`), while the `--consumers` are "
                + "held back; then the consumers arrive (all at once, or `--consumer-arrival` per second) and "
                + "drain it while the publishers keep publishing or stop (`--backlog-then`). The run ends once "
                + "the backlog has drained (the queues back to what the publishers keep in flight, or empty "
                + "after `drain`), or at `--time`, whichever comes first. Reported: fill time and rate, the depth "
                + "the broker reported, time to drain, drain rate, the consumers' rate, and the publishers' rate "
                + "and confirm latency before and during the drain (the run's two steps, `fill` and `drain`). "
                + "Not for streams (reading a stream does not drain it), nor with `--step`, `--warmup`, "
                + "`--consumer-start-delay`, message counts or `--exit-when`; see "
                + "[recipes.md](recipes.md#consumers-arriving-at-a-backlog)");
    }

    static Declaration.Draft<?> backlogThen() {
        return option(RUN_CONTROL, ValueType.BACKLOG_THEN, "--backlog-then").label("WHAT")
            .help("Once --backlog is reached: keep-publishing (default) at the publishers' rate, or drain "
                    + "(publishers stop).")
            .read(s -> s.run().backlog().map(Backlog::then)).apply(Scenario.Builder::backlogThen)
            .doc("keep-publishing",
                "with `--backlog`, what publishers do once the backlog is reached: `keep-publishing` at their "
                + "rate (`--rate`, or as fast as they can) while the consumers drain it, or `drain`: they stop, "
                + "and the run ends when the queues are empty");
    }

    static Declaration.Draft<?> consumerArrival() {
        return option(RUN_CONTROL, ValueType.RATE, "--consumer-arrival").label("N")
            .help("With --backlog, consumers arrive N per second once the backlog is reached (default: all at once).")
            .read(s -> s.run().backlog().map(Backlog::consumerArrival).orElse(null))
            .apply(Scenario.Builder::consumerArrival)
            .check(v -> v > 0, "%s must be above 0 consumers per second; for example %1$s 5")
            .doc("all at once",
                "with `--backlog`, how many consumers (connections of `--consumer-channels` each) arrive per "
                + "second once the backlog is reached: the first at once, the next ones checked every 10 ms. "
                + "Without it all `--consumers` arrive at once: their connections open together "
                + "(`--connection-open-concurrency` at a time) and they subscribe together once all are open");
    }
}
