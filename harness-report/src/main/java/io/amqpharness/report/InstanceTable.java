package io.amqpharness.report;

import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.Counts;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.ResultDocument;
import java.util.Locale;

/**
 * The rows of a merged result's summary: per instance and in all, published, confirmed and
 * consumed messages and end-to-end p50, p99 and max in milliseconds, then the merged losses; or,
 * for a run of several client groups, the same per group and for all groups.
 */
final class InstanceTable {
    private InstanceTable() {
    }

    /** The table, after a blank line; nothing for one instance's result. */
    static void append(StringBuilder b, ResultDocument d) {
        if (!d.mergedResult()) {
            return;
        }
        b.append('\n');
        boolean groups = !d.groupRows().isEmpty();
        b.append(String.format(Locale.ROOT, "%-28s %12s %12s %12s %10s %10s %10s%n", groups ? "group" : "instance",
                "published", "confirmed", "consumed", "e2e p50 ms", "p99 ms", "max ms"));
        for (ResultDocument.InstanceRow row : groups ? d.groupRows() : d.instanceRows()) {
            b.append(row(row.instance() + (row.failure().isPresent() && groups ? " (failed)" : ""), row.counts(),
                    row.latency().get(Metric.END_TO_END)));
        }
        b.append(row(groups ? "all groups" : "all (merged)", d.counts(), d.latency().get(Metric.END_TO_END)));
        Counts c = d.counts();
        b.append(String.format(Locale.ROOT, "lost %,d, duplicated %,d, clock skew %,d, unaccounted %,d%n",
                c.lost(), c.duplicated(), c.clockSkew(), Math.max(0, d.unaccountedPublished())
                        + Math.max(0, DocumentFacts.unaccountedDeliveries(d).orElse(0))));
    }

    private static String row(String name, Counts c, Ladder e2e) {
        return String.format(Locale.ROOT, "%-28s %,12d %,12d %,12d %10.3f %10.3f %10.3f%n", name,
                c.published(), c.confirmed(), c.consumed(), e2e.p50() / 1e6, e2e.p99() / 1e6, e2e.max() / 1e6);
    }
}
