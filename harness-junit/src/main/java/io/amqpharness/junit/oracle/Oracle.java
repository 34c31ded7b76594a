package io.amqpharness.junit.oracle;

import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.run.RunListener;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import java.util.Objects;

/**
 * An independent check of a run's numbers: it records the run's raw history at the driver
 * boundary (sends, the broker's verdicts, deliveries), reads what the broker still holds with its
 * own AMQP 0.9.1 consumer before the run deletes its queues, and compares that with the
 * {@link RunResult}. It shares none of the harness's counting code. See {@code docs/oracle.md}.
 *
 * <pre>{@code
 * Oracle oracle = Oracle.reading("amqp://localhost:5672");
 * JudgedRun run = oracle.run(scenario);
 * OracleAssertions.assertThat(run.verdict()).agreesWithTheBroker();
 * }</pre>
 *
 * <p>Thread-safe: several threads may each run a scenario through one oracle; a run is recorded
 * only if {@link #run} is what starts it, on the calling thread.
 */
public final class Oracle {
    private final QueueReader reader;
    private final Duration idle;

    Oracle(QueueReader reader, Duration idle) {
        this.reader = reader;
        this.idle = idle;
    }

    /**
     * An oracle that reads the run's queues through {@code amqpUri} (AMQP 0.9.1, the broker the run
     * uses). A stream is read until every message of the run not refused was found, or 3 s passed
     * without a message (then the missing ones were not there). A stream-protocol run's streams are
     * re-read over the stream protocol, at the run's own address.
     */
    public static Oracle reading(String amqpUri) {
        return reading(amqpUri, Duration.ofSeconds(3));
    }

    /**
     * Like {@link #reading(String)}, with the silence after which the reader stops waiting for one
     * more message (a stream never says it is at its end): on a loaded machine, raise it.
     */
    public static Oracle reading(String amqpUri, Duration idle) {
        Objects.requireNonNull(amqpUri, "amqpUri");
        if (idle.isNegative() || idle.isZero()) {
            throw new IllegalArgumentException("idle must be positive, for example 1 s; was " + idle);
        }
        return new Oracle(new BrokerReader(amqpUri, idle), idle);
    }

    /** Runs {@code scenario} with a {@link LoadRunner}, recording it, and judges its result. */
    public JudgedRun run(Scenario scenario, RunListener... listeners) {
        LoadRunner runner = new LoadRunner(scenario);
        for (RunListener l : listeners) {
            runner.listener(l);
        }
        return run(runner);
    }

    /**
     * Runs {@code runner} (which has not run yet) on this thread, recording it, and judges its
     * result. Use this form to stop the run from another thread.
     */
    public JudgedRun run(LoadRunner runner) {
        Recorder recorder = record(runner);
        return recorder.judge(runner.run());
    }

    /**
     * Records the run {@code runner} makes when other code runs it (a command-line run in this JVM, for
     * example), and returns what judges its result once it ran. {@code runner} must not have run yet;
     * its driver is wrapped now and recorded on {@link LoadRunner#run()}.
     */
    public Recorder record(LoadRunner runner) {
        Recording recording = new Recording(reader, idle);
        runner.decorateDriver(real -> new RecordingDriverProvider(real, recording));
        return new Recorder(recording);
    }

    /**
     * What {@link #record(LoadRunner)} returns: the recording of one run, judged once the run is over.
     * Thread-safe.
     */
    public static final class Recorder {
        private final Recording recording;

        private Recorder(Recording recording) {
            this.recording = recording;
        }

        /**
         * Judges {@code result}, the recorded run's result, against what was recorded and what the
         * broker held. Call it after the run returned.
         */
        public JudgedRun judge(RunResult result) {
            Objects.requireNonNull(result, "result");
            recording.readQueues(); // kept topology: the run did not delete it, so nothing read it yet
            History history = recording.snapshot();
            return new JudgedRun(result, history, Judge.judge(result, history));
        }
    }

    /** Judges a result against a history recorded elsewhere (for tests of the judge itself). */
    public static OracleVerdict judge(RunResult result, History history) {
        return Judge.judge(result, history);
    }
}
