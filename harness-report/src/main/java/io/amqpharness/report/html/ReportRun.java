package io.amqpharness.report.html;

import io.amqpharness.report.document.ResultDocument;
import java.util.Objects;

/**
 * One run in a report: a label and its result. On a comparison page the label names the run in
 * tables and legends and is its category on the per-run chart's x axis, so a sweep passes the
 * varied value here (for example {@code confirm=200}).
 *
 * @param label  short name shown for the run, for example its run id or directory name
 * @param result the run's result, as written to {@code result.json}
 */
public record ReportRun(String label, ResultDocument result) {
    public ReportRun {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(result, "result");
    }
}
