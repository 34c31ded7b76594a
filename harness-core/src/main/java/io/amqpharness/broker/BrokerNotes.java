package io.amqpharness.broker;

import io.amqpharness.scenario.ProtocolTraits;
import io.amqpharness.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What the broker's side of a run tells the user, as one sentence per note. */
final class BrokerNotes {
    private BrokerNotes() {
    }

    static List<String> of(BrokerMetricsReport r, CrossCheck.HarnessCounts harness, double receivedPerSecond,
                           Scenario scenario, String firstFailure) {
        List<String> notes = new ArrayList<>();
        if (r.failed() > 0) {
            notes.add(String.format(Locale.ROOT, "%d of %d samples of the broker's metrics failed (first: %s).",
                    r.failed(), r.samples() + r.failed(), firstFailure == null ? "see above" : firstFailure));
        }
        r.crossCheck().ifPresent(c -> notes.addAll(c.notes()));
        if (!r.alarms().isEmpty()) {
            notes.add("The broker raised a resource alarm during the run (" + String.join(", ", r.alarms())
                    + "): it blocks publishers while the alarm lasts, which shows up as publish delay and latency.");
        }
        r.growth().filter(g -> g.notable() && harness.consumers()).ifPresent(g -> notes.add(growth(g, r,
                receivedPerSecond, scenario)));
        return notes;
    }

    /** The queues grew: by how much, how fast, and what to do about it. */
    static String growth(QueueGrowth g, BrokerMetricsReport r, double receivedPerSecond, Scenario s) {
        String advice;
        if (s.publishing().paced()) {
            advice = String.format(Locale.ROOT, "lower --rate to what consumers keep up with (they received about %,.0f "
                    + "msg/s)", receivedPerSecond);
        } else if (s.publishing().confirms()) {
            advice = String.format(Locale.ROOT, "pace the publishers with --rate below what consumers keep up with "
                    + "(they received about %,.0f msg/s), or lower --confirm", receivedPerSecond);
        } else {
            advice = String.format(Locale.ROOT, "pace the publishers with --rate below what consumers keep up with "
                    + "(they received about %,.0f msg/s), or bound the messages in flight with --confirm, for example "
                    + "--confirm 100", receivedPerSecond);
        }
        String how = g.basis().equals("harness")
                ? (g.exact() ? "messages routed to them minus messages consumed"
                        : "at least: messages the broker confirmed into them minus messages consumed; it refused others")
                        + r.peakDepth().stream().filter(d -> d > 0)
                        .mapToObj(d -> String.format(
                        Locale.ROOT, "; the broker's queue depth reached %,d in its statistics, which it refreshes "
                        + "every few seconds", d)).findFirst().orElse("")
                : "from the broker's queue depth";
        if (ProtocolTraits.of(s.protocol()).streamsOnly()) {
            // A stream keeps every message whether read or not: what grew is how far the consumers are behind.
            return String.format(Locale.ROOT, "The consumers fell %,d messages behind the stream while publishing "
                    + "(consumer lag), about %,.0f per second over %.1f s (%s): publishers outran consumers, so "
                    + "end-to-end latency includes the time messages waited in the stream before consumers read "
                    + "them. To measure latency without a lag, %s.",
                    g.messages(), g.perSecond(), g.over().toNanos() / 1e9, how, advice);
        }
        return String.format(Locale.ROOT, "The run's queues grew by %,d messages while publishing, about %,.0f per "
                + "second over %.1f s (%s): publishers outran consumers, so end-to-end latency includes the time "
                + "messages waited in the queue. To measure latency without a backlog, %s.",
                g.messages(), g.perSecond(), g.over().toNanos() / 1e9, how, advice);
    }
}
