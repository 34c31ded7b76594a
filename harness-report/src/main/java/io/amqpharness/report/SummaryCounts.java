package io.amqpharness.report;

import io.amqpharness.report.document.Counts;
import io.amqpharness.report.document.ResultDocument;
import java.util.Locale;
import io.amqpharness.result.DeliveryAccount;
import java.util.Optional;

/** The summary's "Messages" section: published and consumed counts, and whether they add up. */
final class SummaryCounts {
    private SummaryCounts() {
    }

    static void append(StringBuilder b, ResultDocument d) {
        Counts c = d.counts();
        Format.line(b, "Messages");
        if (d.scenario().producers() > 0) {
            Format.line(b, "%s", published(d, c));
        }
        if (DocumentFacts.consumers(d)) {
            StringBuilder q = new StringBuilder();
            q.append(String.format(Locale.ROOT, "  consumed %s  redelivered %s  duplicated %s  out of order %s  lost %s",
                    Format.count(c.consumed()), Format.count(c.redelivered()), Format.count(c.duplicated()),
                    Format.count(c.outOfOrder()), Format.count(c.lost())));
            if (c.foreign() > 0) {
                q.append("  from other runs ").append(Format.count(c.foreign()));
            }
            if (c.unidentified() > 0) {
                q.append("  unidentified ").append(Format.count(c.unidentified()));
            }
            if (c.clockSkew() > 0) {
                q.append("  clock skew ").append(Format.count(c.clockSkew()));
            }
            d.leftInQueues().ifPresent(n -> q.append("  left in queue ").append(Format.count(n)));
            Format.line(b, "%s", q);
        } else {
            d.leftInQueues().ifPresent(n -> Format.line(b, "  left in queue %s", Format.count(n)));
        }
        accounting(b, d, c);
    }

    private static StringBuilder published(ResultDocument d, Counts c) {
        StringBuilder p = new StringBuilder();
        p.append(String.format(Locale.ROOT, "  published %s", Format.count(c.published())));
        if (d.scenario().confirms()) {
            p.append(String.format(Locale.ROOT, "  confirmed %s  nacked %s  returned %s  timed out %s"
                            + "  unconfirmed at stop %s", Format.count(c.confirmed()), Format.count(c.nacked()),
                    Format.count(c.returned()), Format.count(c.timedOut()), Format.count(d.unconfirmedAtStop())));
            if (c.released() + c.modified() > 0) {
                p.append(String.format(Locale.ROOT, "  released %s  modified %s",
                        Format.count(c.released()), Format.count(c.modified())));
            }
        } else if (DocumentFacts.mandatory(d)) {
            p.append("  returned ").append(Format.count(c.returned()));
        }
        if (d.unsentAtStop() > 0) {
            p.append("  due but not sent at stop ").append(Format.count(d.unsentAtStop()));
        }
        return p;
    }

    private static void accounting(StringBuilder b, ResultDocument d, Counts c) {
        StringBuilder a = new StringBuilder("  accounting: ");
        boolean any = false;
        if (d.scenario().confirms()) {
            a.append(String.format(Locale.ROOT, "published %s = settled %s + %sunconfirmed %s %s",
                    Format.count(c.published()), Format.count(DocumentFacts.settled(c)),
                    c.inDoubt() > 0 ? "in doubt " + Format.count(c.inDoubt()) + " + " : "",
                    Format.count(d.unconfirmedAtStop()), verdict(d.unaccountedPublished())));
            any = true;
        }
        Optional<DeliveryAccount> deliveries = DocumentFacts.deliveryAccount(d);
        if (deliveries.isPresent()) {
            if (any) {
                a.append("; ");
            }
            a.append(deliveries(d, deliveries.get()));
            any = true;
        }
        if (any) {
            Format.line(b, "%s", a);
        }
    }

    /**
     * "expected deliveries X = consumed once Y [- in doubt D] + left in queue L (verdict)"; for a
     * stream, which has no depth, "+ not received Z", and when Z is above 0 why the run ended
     * without them: the harness cannot vouch that the stream holds them.
     */
    private static String deliveries(ResultDocument d, DeliveryAccount account) {
        Counts c = d.counts();
        String arrived = String.format(Locale.ROOT, "expected deliveries %s = consumed once %s%s",
                Format.count(account.expected()), Format.count(c.ownUnique()),
                c.inDoubtArrived() > 0 ? " - in doubt " + Format.count(c.inDoubtArrived()) : "");
        long unaccounted = account.unaccounted();
        if (!account.stream()) {
            return arrived + " + left in queue " + Format.count(account.leftInQueues().orElse(0)) + " "
                    + verdict(unaccounted);
        }
        long notReceived = Math.max(0, unaccounted);
        return arrived + " + not received " + Format.count(notReceived) + " "
                + (unaccounted > 0 ? "(INCOMPLETE: " + whyNotReceived(d) + "; whether the stream holds them is not known)"
                : verdict(unaccounted));
    }

    /**
     * Why a stream run ended before its consumers received every expected message: they may have
     * started after the publishers' first messages, the run failed, it was stopped, or the drain
     * timed out.
     */
    private static String whyNotReceived(ResultDocument d) {
        String offset = d.scenario().streamOffset().orElse("");
        if (!offset.isEmpty() && !offset.equals("first") && !offset.equals("next")) {
            return "consumers started at --stream-offset " + offset + ", which may be after the publishers' first messages";
        }
        if (!offset.equals("first") && d.scenario().consumerStartDelay().isPresent()) {
            return "consumers started at next after --consumer-start-delay, after the publishers' first messages";
        }
        if (d.failure().isPresent()) {
            return "the run failed before they arrived";
        }
        if (d.interrupted()) {
            return "the stop ended the drain before they arrived";
        }
        return "the drain timeout ended the drain before they arrived";
    }

    /** "ok", or how many messages the counts do not explain. */
    private static String verdict(long unexplained) {
        if (unexplained == 0) {
            return "(ok)";
        }
        return unexplained > 0 ? "(MISMATCH: " + Format.count(unexplained) + " unexplained)"
                : "(" + Format.count(-unexplained) + " more than expected: deliveries of messages still unconfirmed)";
    }
}
