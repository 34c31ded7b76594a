package io.amqpharness.scenario;

import static io.amqpharness.scenario.Declaration.option;
import static io.amqpharness.scenario.Setting.Group.INSTANCES;

/**
 * The declarations of the rows of {@link Setting} in {@link Setting.Group#INSTANCES}, one method
 * per constant, in the table's order. The order of help and documentation is the order of the
 * constants in {@link Setting}; a method here only states one option's {@link Declaration}.
 */
final class InstanceRows {
    private InstanceRows() {
    }

    static Declaration.Draft<?> instance() {
        return option(INSTANCES, ValueType.TEXT, "--instance").label("ID")
            .help("This instance's name when several harness instances make one workload: it goes into "
                    + "publisher identities, connection names and result.json (default host name and process id).")
            .read(s -> s.coordination().instance().orElse(null)).apply(Scenario.Builder::instance)
            .check(Coordination::validName, "%s must be 1 to 64 letters, digits, dots, dashes or underscores, "
                    + "got '%2$s'; for example %1$s loadgen-1")
            .doc("host name and process id",
                "this instance's name in a workload of several instances: publisher identities "
                + "(`ID-RUNID-p0`) and connection names carry it, and `harness report --merge` lists each "
                + "instance under it; without it identities are as in a single run (`RUNID-p0`) and "
                + "`result.json` records the host name and process id; see [output.md](output.md#several-instances)");
    }

    static Declaration.Draft<?> startAt() {
        return option(INSTANCES, ValueType.START_TIME, "--start-at").label("TIME")
            .help("Start publishing at TIME: an ISO-8601 instant (2026-11-23T15:00:00Z) or a local time of "
                    + "day (15:00:00, today in this machine's time zone). Connections open before.")
            .read(s -> s.coordination().startAt().orElse(null)).apply(Scenario.Builder::startAt)
            .doc("at once",
                "publishing starts at this time, after connections and links are open: an ISO-8601 instant "
                + "(`2026-11-23T15:00:00Z`) or `HH:MM:SS`, a time of day today in the client's time zone. "
                + "A time already past starts at once, with a note saying how late");
    }

    static Declaration.Draft<?> barrier() {
        return option(INSTANCES, ValueType.INT, "--barrier").label("N")
            .help("Start publishing when N instances (this one included) are ready: they meet through the "
                    + "broker (a fanout exchange, or with --protocol stream a stream, named after --barrier-name), "
                    + "no other server needed.")
            .read(s -> s.coordination().barrier().isPresent() ? s.coordination().barrier().getAsInt() : null)
            .apply(Scenario.Builder::barrier)
            .check(n -> n >= 1, "%s must be at least 1, got %2$s; for example %1$s 4")
            .doc("none",
                "publishing starts when this many instances, this one included, have opened their "
                + "connections and links: each announces itself on the fanout exchange "
                + "`harness.barrier.NAME` (AMQP 0.9.1 on the broker of `--uri`; with `--protocol stream`, which "
                + "is given the stream port only, the stream `harness.barrier.NAME` over the stream protocol, read "
                + "from its next offset and deleted when the run ends), and all start within a few milliseconds "
                + "of each other; with `--start-at`, the later of the two");
    }

    static Declaration.Draft<?> barrierName() {
        return option(INSTANCES, ValueType.TEXT, "--barrier-name").label("NAME")
            .help("The barrier's name: instances meet when they give the same name and broker (default {default}).")
            .read(s -> s.coordination().barrierName()).byDefault(Coordination.DEFAULT_BARRIER_NAME)
            .apply(Scenario.Builder::barrierName)
            .check(Coordination::validName, "%s must be 1 to 64 letters, digits, dots, dashes or underscores, "
                    + "got '%2$s'; for example %1$s nightly-run")
            .doc(
                "instances with the same barrier name on the same broker meet; give each workload its own");
    }

    static Declaration.Draft<?> barrierTimeout() {
        return option(INSTANCES, ValueType.DURATION, "--barrier-timeout").label("DURATION")
            .help("How long to wait for the other instances at the barrier before failing (default 60s).")
            .read(s -> s.coordination().barrierTimeout()).byDefault(Coordination.DEFAULT_BARRIER_TIMEOUT)
            .apply(Scenario.Builder::barrierTimeout)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 5m")
            .doc("60s",
                "how long an instance waits at the barrier; then the run fails (exit code 1) naming how "
                + "many of how many instances arrived");
    }
}
