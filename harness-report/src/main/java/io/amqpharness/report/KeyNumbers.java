package io.amqpharness.report;

import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.ResultDocument;
import java.util.List;
import java.util.OptionalLong;

/**
 * The numbers a pull request or a chat thread needs from one run, read from its result document:
 * the throughput, end-to-end and confirm latency, what was lost, and the verdicts (accounting,
 * gates). The HTML report shows them at the top of the page and {@link MarkdownReport} tabulates
 * them.
 *
 * @param throughput  messages per second received (sent when the run had no consumers), over the measured part
 * @param sent        messages per second sent, over the measured part
 * @param e2eP50      median end-to-end latency over the measured part, nanoseconds; empty if none was recorded
 * @param e2eP99      99th percentile end-to-end latency, nanoseconds; empty if none was recorded
 * @param confirmP99  99th percentile confirm latency, nanoseconds; empty without confirms
 * @param published   messages published over the whole run
 * @param consumed    messages consumed over the whole run
 * @param lost        messages lost (published and settled, never delivered)
 * @param unaccounted published messages the counts do not explain (0 when they add up)
 * @param accounting  the summary's accounting line without its label ({@code published 10 = settled 10 + unconfirmed 0
 *                    (ok)}), or {@code not checked} when the run had neither confirms nor a known expected delivery count
 * @param gates       the {@code --fail-if} verdict ({@code passed}, {@code all 3 passed}, {@code 1 of 3 FAILED}), or {@code none}
 * @param failed      whether the run failed
 */
public record KeyNumbers(double throughput, double sent, OptionalLong e2eP50, OptionalLong e2eP99,
        OptionalLong confirmP99, long published, long consumed, long lost, long unaccounted, String accounting,
        String gates, boolean failed) {

    private static final String ACCOUNTING = "  accounting: ";

    /** The key numbers of a run's (or a merged) result document. */
    public static KeyNumbers of(ResultDocument d) {
        Ladder e2e = DocumentFacts.ladder(d.latency(), Metric.END_TO_END);
        Ladder confirm = DocumentFacts.ladder(d.latency(), Metric.CONFIRM);
        return new KeyNumbers(DocumentFacts.throughput(d), d.rates().sent(), rung(e2e, e2e.p50()), rung(e2e, e2e.p99()),
                rung(confirm, confirm.p99()), d.counts().published(), d.counts().consumed(), d.counts().lost(),
                d.unaccountedPublished(), accounting(d), gates(d.gates()), d.failed());
    }

    /** Whether the counts add up and no gate failed (and the run did not fail). */
    public boolean ok() {
        return !failed && unaccounted == 0 && !accounting.contains("MISMATCH") && !gates.contains("FAILED");
    }

    /**
     * The accounting verdict alone: {@code ok} when every equation adds up, {@code not checked}
     * without one, else each verdict that is not ok ({@code MISMATCH: 3 unexplained}).
     */
    public String accountingVerdict() {
        if (accounting.equals("not checked")) {
            return accounting;
        }
        List<String> bad = new java.util.ArrayList<>();
        for (String part : accounting.split("; ")) {
            int open = part.lastIndexOf(" (");
            String verdict = open < 0 || !part.endsWith(")") ? part : part.substring(open + 2, part.length() - 1);
            if (!verdict.equals("ok")) {
                bad.add(verdict);
            }
        }
        return bad.isEmpty() ? "ok" : String.join("; ", bad);
    }

    private static OptionalLong rung(Ladder l, long value) {
        return l.any() ? OptionalLong.of(value) : OptionalLong.empty();
    }

    /** The text summary's accounting line, so that the page, the table and the summary say the same. */
    private static String accounting(ResultDocument d) {
        StringBuilder b = new StringBuilder();
        SummaryCounts.append(b, d);
        for (String line : b.toString().split("\n")) {
            if (line.startsWith(ACCOUNTING)) {
                return line.substring(ACCOUNTING.length());
            }
        }
        return "not checked";
    }

    private static String gates(List<ResultDocument.Gate> gates) {
        if (gates.isEmpty()) {
            return "none";
        }
        long broken = gates.stream().filter(ResultDocument.Gate::broken).count();
        return broken == 0 ? (gates.size() == 1 ? "passed" : "all " + gates.size() + " passed") : broken + " of " + gates.size() + " FAILED";
    }
}
