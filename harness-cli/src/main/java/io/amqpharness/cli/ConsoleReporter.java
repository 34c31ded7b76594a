package io.amqpharness.cli;

import io.amqpharness.report.ProgressLine;
import io.amqpharness.report.TextSummary;
import io.amqpharness.run.IntervalStats;
import io.amqpharness.run.RunListener;
import io.amqpharness.run.RunResult;
import io.amqpharness.run.RunStart;
import java.io.PrintWriter;

/** Prints the run header, a progress line per interval and the final summary. */
final class ConsoleReporter implements RunListener {
    private final PrintWriter out;

    ConsoleReporter(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void started(RunStart start) {
        out.printf("amqp-harness %s run %s: %s over %s at %s, queue %s%n", VersionProvider.version(), start.runId(),
                start.broker(), start.scenario().protocol(), start.scenario().uri().redacted(),
                String.join(", ", start.queues()));
        out.flush();
    }

    @Override
    public void interval(IntervalStats stats) {
        out.println(ProgressLine.format(stats, currentScenario));
        out.flush();
    }

    @Override
    public void note(String sentence) {
        out.println(sentence);
        out.flush();
    }

    @Override
    public void finished(RunResult result) {
        out.println();
        out.print(TextSummary.format(result));
        out.flush();
    }

    private io.amqpharness.scenario.Scenario currentScenario;

    ConsoleReporter scenario(io.amqpharness.scenario.Scenario scenario) {
        this.currentScenario = scenario;
        return this;
    }
}
