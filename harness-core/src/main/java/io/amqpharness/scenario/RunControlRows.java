package io.amqpharness.scenario;

import static io.amqpharness.scenario.Declaration.option;
import static io.amqpharness.scenario.Rows.nonEmpty;
import static io.amqpharness.scenario.Setting.Group.RUN_CONTROL;

import java.time.Duration;

/**
 * The declarations of the rows of {@link Setting} in {@link Setting.Group#RUN_CONTROL}, one method
 * per constant, in the table's order. The order of help and documentation is the order of the
 * constants in {@link Setting}; a method here only states one option's {@link Declaration}.
 */
final class RunControlRows {
    private RunControlRows() {
    }

    static Declaration.Draft<?> time() {
        return option(RUN_CONTROL, ValueType.DURATION, "-z", "--time").label("DURATION")
            .help("Stop publishing after this long: 10s, 5m, or plain seconds (default: until the "
                    + "message counts are reached, or Ctrl-C).")
            .read(s -> s.run().time()).apply(Scenario.Builder::time)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 30s")
            .doc("no limit",
                "stop publishing after this long. A paced run sends exactly `rate × time` messages per publisher");
    }

    static Declaration.Draft<?> warmup() {
        return option(RUN_CONTROL, ValueType.DURATION, "--warmup").label("DURATION")
            .help("Traffic flows this long before measuring, on top of --time; 0 for none (default 5s for "
                    + "--step without --time, with --time of 10s or more and no message count or --exit-when, "
                    + "for sweep and find-max; else none).")
            .read(RunControlRows::givenWarmup).byDefault(RunControlRows::defaultWarmup).apply(Scenario.Builder::warmup)
            .doc("5s with `--time` of 10s or more, and with `--step` and no `--time`; else none",
                "traffic flows this long (rounded up to whole reporting intervals) before measurement starts, "
                + "added to `--time` (not taken from it: `-z 10s` publishes for 15 s and measures the last 10 s): "
                + "latency and rates leave it out; message totals include it. A run with `--time` of 10 s or "
                + "more warms up for 5 s unless told otherwise, so its tail is not the JVM's and the broker's "
                + "first seconds; shorter runs, and runs that message counts (`--pmessages`, `--cmessages`) or "
                + "`--exit-when` may end, start measuring at once. "
                + "A run with `--step` and no "
                + "`--time` warms up for 5 s at the first step's settings unless told otherwise, so the first "
                + "step does not measure the client's and the broker's own warm-up (JIT compilation, first "
                + "connections); steps are timed from the end of the warm-up. `sweep` runs a 5 s warm-up run "
                + "at its first combination's settings before the first measured run, and `find-max` warms "
                + "up for 5 s at `--start-rate` before its first probe, unless `--warmup` is given (with "
                + "`sweep`, each run then warms up itself, as runs with `--time` of 10 s or more do by default). "
                + "`--warmup 0` means no warm-up");
    }

    static Declaration.Draft<?> interval() {
        return option(RUN_CONTROL, ValueType.DURATION, "-i", "--interval").label("DURATION")
            .help("Reporting interval (default {default}).")
            .read(s -> s.run().interval()).byDefault(Duration.ofSeconds(1)).apply(Scenario.Builder::interval)
            .doc(
                "reporting interval, at least 100ms");
    }

    static Declaration.Draft<?> step() {
        return option(RUN_CONTROL, ValueType.STEP, "--step").label("NAME=V1,V2,...")
            .help("Change a setting while the run goes on, every --step-duration: rate, confirm, qos, "
                    + "multi-ack-every, producers or consumers. Repeat for several settings (they change together). "
                    + "Without --time the run ends after the last step.")
            .repeatable().read(s -> s.run().steps().map(StepPlan::steps).orElse(null))
            .apply(Scenario.Builder::step)
            .doc("none",
                "change a setting while the run goes on, every `--step-duration`: `rate`, `confirm`, `qos`, "
                + "`multi-ack-every`, `producers` or `consumers`. Repeat for several settings; they change "
                + "together, so each lists as many values. The first step's values replace the plain options (do "
                + "not give both). Changes take effect live: rates from the step's time (a publisher behind "
                + "schedule still owes its backlog at the old rate, and a second step while it still lags keeps "
                + "the first step's rate for the stretch between them; a publisher waiting for its next message at "
                + "the old rate is woken and follows the new rate from the step's time), confirm windows at once, a new prefetch by subscribing again on the same "
                + "channel (AMQP 0.9.1) or by changing the credit granted (AMQP 1.0), publishers and consumers "
                + "opened or closed (a consumer that leaves first handles and acknowledges what the broker already "
                + "gave it, so its messages do not come back redelivered). Results are reported per step (a table "
                + "like the seed reports', in `result.json` and in `report.html`). Steps are timed from the end of "
                + "`--warmup`. Without `--time`, the run ends after its last step");
    }

    static Declaration.Draft<?> stepDuration() {
        return option(RUN_CONTROL, ValueType.DURATION, "--step-duration").label("DURATION")
            .help("How long each step lasts (rounded up to whole intervals), e.g. 5m.")
            .read(s -> s.run().steps().map(StepPlan::stepDuration)).apply(Scenario.Builder::stepDuration)
            .doc("",
                "how long each step lasts; steps end on reporting-interval boundaries");
    }

    static Declaration.Draft<?> drainTimeout() {
        return option(RUN_CONTROL, ValueType.DURATION, "--drain-timeout").label("DURATION")
            .help("After publishing stops, wait at most this long for confirms and deliveries (default {default}).")
            .read(s -> s.run().drainTimeout()).byDefault(Scenario.DEFAULT_DRAIN).apply(Scenario.Builder::drainTimeout)
            .doc(
                "once publishing stops, how long to wait for outstanding confirms and for consumers to receive "
                + "what is still on its way; the drain ends sooner once consumers have everything expected, or once "
                + "they received nothing for a while with the queues empty (1 s, or 5 s while deliveries the run "
                + "expects are missing: a broker's ingress holds messages no depth counts)");
    }

    static Declaration.Draft<?> recovery() {
        return option(RUN_CONTROL, ValueType.RECOVERY, "--recovery").label("MODE")
            .help("Reconnect when the broker drops a connection: auto (default: on with --time or --step), on, "
                    + "or off (fail fast).")
            .read(s -> s.run().recovery()).byDefault(RecoveryMode.AUTO).apply(Scenario.Builder::recovery)
            .doc(
                "when the broker drops a connection (a restart, `close_connection`): `on` reconnects with "
                + "backoff, redeclares the run's topology if it is gone, resubscribes consumers and resumes "
                + "publishing on schedule, so the outage shows as latency; `off` ends the run with the reason; "
                + "`auto` is `on` for runs with `--time` or `--step`. Stream consumers resume after the last "
                + "offset they received");
    }

    static Declaration.Draft<?> recoveryTimeout() {
        return option(RUN_CONTROL, ValueType.DURATION, "--recovery-timeout").label("DURATION")
            .help("With recovery, give up when one outage lasts this long (default 60s).")
            .read(s -> s.run().recoveryTimeout()).byDefault(RunSettings.DEFAULT_RECOVERY_TIMEOUT)
            .apply(Scenario.Builder::recoveryTimeout)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 60s")
            .doc("60s", "with recovery, how long one outage may last before the run fails");
    }

    static Declaration.Draft<?> clock() {
        return option(RUN_CONTROL, ValueType.CLOCK, "--clock").label("CLOCK")
            .help("Message timestamps: monotonic (default; publishers and consumers in this process), "
                    + "wall (epoch ns, as omq) or wall-millis (epoch ms, as PerfTest --use-millis) for "
                    + "publishers and consumers in different processes or hosts.")
            .read(s -> s.run().clock()).byDefault(ClockMode.MONOTONIC).apply(Scenario.Builder::clock)
            .doc(
                "what message timestamps mean: `monotonic`, `wall` (epoch ns) or `wall-millis` (epoch ms); see "
                + "[output.md](output.md)");
    }

    static Declaration.Draft<?> seed() {
        return option(RUN_CONTROL, ValueType.LONG, "--seed").label("N")
            .help("Seed of what publishers draw per message (sizes of a --size mix, random routing keys and start "
                    + "delays); the same seed sends the same sequence again (default {default}).")
            .read(s -> s.run().seed()).byDefault(0L).apply(Scenario.Builder::seed)
            .doc(
                "seed of what publishers draw: the size of each message of a `--size` mix, its routing key, "
                + "priority, TTL and headers (`--routing-keys`, `--priority`, `--message-ttl`, `--header`), the "
                + "`--random-routing-key` pool and each draw from it, `--producer-random-start-delay`. Publisher "
                + "N's draws depend only on the seed and N (a size, key or property only on the seed, N and the "
                + "message's sequence number), so the same seed sends the same sizes, keys and properties again");
    }

    static Declaration.Draft<?> failIf() {
        return option(RUN_CONTROL, ValueType.GATE, "--fail-if").label("EXPR")
            .help("Fail the run (exit code 1) when a measured value compares so: e2e.p99>20ms, confirm.p999>100ms, "
                    + "lost>0, rate.received<9000 (quote it for the shell). Repeatable; checked on the whole run and "
                    + "on each step.")
            .repeatable().read(s -> nonEmpty(s.run().gates())).apply(Scenario.Builder::failIf)
            .doc("none",
                "a pass/fail gate, `QUANTITY OP VALUE` (quote it: `>` and `<` are shell redirections): the run "
                + "fails, exit code 1 with one sentence per broken gate, when the measured value compares to the "
                + "threshold as written. `QUANTITY` is a latency " + GateQuantity.latencyNames("`") + " with `.p50`, "
                + "`.p75`, `.p90`, `.p95`, `.p99`, `.p999`, `.p9999`, `.min`, `.max` or `.mean` (values with a "
                + "unit: `ns`, `us`, `ms`, `s`); a count `lost`, `duplicated`, `out-of-order`, `nacked`, "
                + "`returned`, `timed-out`, `redelivered`, `unaccounted`; or a rate in msg/s `rate.sent`, "
                + "`rate.confirmed`, `rate.received`, `throughput`. `OP` is `<`, `<=`, `>` or `>=`. Repeat for "
                + "several gates. Checked on the whole run and, in a stepped run, on each step; see "
                + "[Gates](#gates)");
    }
    /** {@code --warmup} as given: none for the default warm-up, 0 for none where there would be one. */
    private static Duration givenWarmup(Scenario s) {
        RunSettings r = s.run();
        java.util.Optional<Duration> byDefault = RunSettings.defaultWarmup(r.steps().isPresent(), r.time(),
                s.publishing().messagesPerProducer().isPresent() || s.consuming().messagesPerConsumer().isPresent()
                        || s.consuming().exitWhen().isPresent() || r.backlog().isPresent());
        if (r.warmup().equals(byDefault)) {
            return null;
        }
        return r.warmup().orElse(Duration.ZERO);
    }

    /** The warm-up of a run without {@code --warmup}: see {@link RunSettings#defaultWarmup}. */
    private static Duration defaultWarmup(DraftValues d) {
        boolean stepped = !d.list(Setting.STEP).isEmpty() && d.get(Setting.STEP_DURATION) != null;
        boolean bounded = d.get(Setting.PRODUCER_MESSAGES) != null || d.get(Setting.CONSUMER_MESSAGES) != null
                || d.get(Setting.EXIT_WHEN) != null || d.get(Setting.BACKLOG) != null;
        return RunSettings.defaultWarmup(stepped, java.util.Optional.ofNullable(d.duration(Setting.TIME)), bounded)
                .orElse(null);
    }
}
