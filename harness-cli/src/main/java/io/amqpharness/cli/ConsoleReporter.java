package io.amqpharness.cli;

import io.amqpharness.report.ProgressLine;
import io.amqpharness.report.TextSummary;
import io.amqpharness.run.IntervalStats;
import io.amqpharness.run.RunListener;
import io.amqpharness.run.RunResult;
import io.amqpharness.run.RunStart;
import io.amqpharness.scenario.Scenario;
import java.io.PrintWriter;

/** Prints the run header, a progress line per interval and the final summary. */
final class ConsoleReporter implements RunListener {
    private final PrintWriter out;
    private final Scenario scenario;

    ConsoleReporter(PrintWriter out, Scenario scenario) {
        this.out = out;
        this.scenario = scenario;
    }

    @Override
    public void started(RunStart start) {
        out.printf("amqp-harness %s run %s: %s over %s at %s%s%n", VersionProvider.version(), start.runId(),
                start.broker(), scenario.protocol(), scenario.addresses().redacted(),
                start.queues().isEmpty() ? "" : ", queue " + String.join(", ", start.queues()));
        out.flush();
    }

    @Override
    public void interval(IntervalStats stats) {
        out.println(ProgressLine.format(stats, scenario));
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
}
