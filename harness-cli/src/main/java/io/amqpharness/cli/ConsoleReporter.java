package io.amqpharness.cli;

import io.amqpharness.report.ProgressLine;
import io.amqpharness.report.TextSummary;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.result.RunStart;
import io.amqpharness.run.RunListener;
import io.amqpharness.scenario.Scenario;
import java.io.PrintWriter;
import java.util.function.BiConsumer;

/**
 * Prints the run header, a progress line per interval and the final summary. At the end it builds
 * the run's result document, once: the summary is rendered from it, then it goes on to whatever
 * else writes the run's result (the output directory, a sweep's table).
 */
final class ConsoleReporter implements RunListener {
    private final PrintWriter out;
    private final Scenario scenario;
    private final BiConsumer<RunResult, ResultDocument> then;

    /**
     * @param out      where the header, the progress lines and the summary go
     * @param scenario the run's scenario
     * @param then     given the run and its document after the summary is printed
     */
    ConsoleReporter(PrintWriter out, Scenario scenario, BiConsumer<RunResult, ResultDocument> then) {
        this.out = out;
        this.scenario = scenario;
        this.then = then;
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
        ResultDocument document = RunDocument.of(result);
        out.println();
        out.print(TextSummary.format(document));
        out.flush();
        then.accept(result, document);
    }
}
