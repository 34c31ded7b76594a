package io.amqpharness.report;

import io.amqpharness.report.document.FaultEntry;
import io.amqpharness.report.document.ResultDocument;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The summary's {@code Faults} lines ({@code --fault}): per fault when it came and was undone, the longest gap
 * in sends and confirms, the time to the first confirm and delivery after it, the messages in doubt and lost, and
 * per node the connections that dropped. Stateless.
 */
final class FaultLines {
    private FaultLines() {
    }

    static void append(StringBuilder b, ResultDocument d) {
        if (d.faults().isEmpty()) {
            return;
        }
        Format.line(b, "Faults    (from the start of publishing; gaps and first confirm or delivery to within 10 ms)");
        for (FaultEntry f : d.faults()) {
            StringBuilder l = new StringBuilder("  ").append(f.kind()).append(f.node().map(n -> " " + n).orElse(""))
                    .append(" at ").append(s(f.begun()));
            if (f.made().isPresent()) {
                l.append(", made at ").append(s(f.made().getAsLong()));
            }
            f.undone().ifPresent(u -> l.append(", undone at ").append(s(u)));
            l.append(": longest gap in sends ").append(s(f.sendGap()));
            f.confirmGap().ifPresent(g -> l.append(", in confirms ").append(s(g)));
            l.append("; first confirm ").append(after(f.firstConfirm(), "confirms"))
                    .append(", first delivery ").append(after(f.firstDelivery(), "deliveries"))
                    .append("; in doubt ").append(Format.count(f.inDoubt()))
                    .append(", lost ").append(Format.count(f.lost()));
            b.append(l).append('\n');
            f.error().ifPresent(e -> Format.line(b, "    FAILED: %s", e));
            for (FaultEntry.FaultNode n : f.nodes()) {
                Format.line(b, "    %s: %d of %d connection%s dropped%s", n.node(), n.dropped(), n.connections(),
                        n.connections() == 1 ? "" : "s",
                        n.dropped() > 0 ? ", longest outage " + s(n.longestOutage()) : "");
            }
        }
    }

    private static String after(OptionalLong nanos, String what) {
        return nanos.isPresent() ? s(nanos.getAsLong()) + " after" : "none";
    }

    private static String s(long nanos) {
        return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }
}
