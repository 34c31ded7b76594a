package io.amqpharness.junit.oracle;

import io.amqpharness.measure.CountSnapshot;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.spi.TopologyPlan;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Compares a run's {@link RunResult} with the history the oracle recorded and read. Sets are
 * taken per publisher: S sent, C confirmed, R refused, D delivered, B found in the queue
 * afterwards, K = D ∪ B what the broker demonstrably had. Shares no code with the harness's
 * counters.
 */
final class Judge {
    private final RunResult result;
    private final History history;
    private final CountSnapshot counts;
    private final List<OracleVerdict.Check> checks = new ArrayList<>();

    private Judge(RunResult result, History history) {
        this.result = result;
        this.history = history;
        this.counts = result.counts();
    }

    static OracleVerdict judge(RunResult result, History history) {
        Judge j = new Judge(result, history);
        j.all();
        return new OracleVerdict(result.runId(), j.checks);
    }

    private void all() {
        long sent = 0;
        long confirmed = 0;
        long refused = 0;
        for (PublisherHistory p : history.publishers()) {
            sent += p.sent().cardinality();
            confirmed += p.confirmed().cardinality();
            refused += p.refused().cardinality();
        }
        exact("published", sent, counts.published(), "messages handed to the driver");
        verdicts(confirmed, refused);
        Optional<List<Group>> groups = Routing.groups(history,
                result.scenario().consuming().requestReply().isPresent());
        deliveries(groups.isPresent());
        if (groups.isEmpty()) {
            cannot("lost", "the run used " + queueCount() + " queues with routing the oracle does not model (topic,"
                    + " headers, random keys, several bindings of one key)");
            return;
        }
        List<Group> all = groups.get();
        reader(all);
        phantoms(all);
        lost(all);
        left(all);
        accounted(all);
    }

    private void verdicts(long confirmed, long refused) {
        if (!result.scenario().publishing().confirms() && result.scenario().publishing().txSize().isEmpty()) {
            exact("verdicts", confirmed + refused, 0, "verdicts without confirms");
            return;
        }
        long open = counts.timedOut() + result.unconfirmedAtStop() + counts.inDoubt();
        long harnessRefused = counts.nacked() + counts.returned() + counts.released() + counts.modified();
        bounded("confirmed", confirmed, counts.confirmed(), counts.confirmed() + open,
                "confirms the driver reported (the harness may count late ones as timed out, unconfirmed or in doubt)");
        bounded("refused", refused, harnessRefused, harnessRefused + open,
                "nacks, returns, releases and modified outcomes the driver reported");
    }

    private void deliveries(boolean routed) {
        long all = 0;
        long unique = 0;
        long dup = 0;
        long streamRepeats = 0;
        long heldTwice = 0;
        java.util.Set<String> own = ownIds();
        for (QueueDeliveries q : history.deliveries().values()) {
            all += q.deliveries();
            if (isStream(q.queue())) {
                streamRepeats += q.repeatedUnflagged();
                QueueHoldings held = history.holdings().get(q.queue());
                heldTwice += held == null ? 0 : held.heldTwice() * Math.max(1, consumersOf(q.queue()));
            } else {
                dup += q.repeatedUnflagged();
            }
            for (Map.Entry<String, BitSet> e : q.delivered().entrySet()) {
                if (own.contains(e.getKey())) {
                    unique += e.getValue().cardinality();
                }
            }
        }
        long lateHandled = 0;
        for (QueueDeliveries q : history.deliveries().values()) {
            lateHandled += q.late();
        }
        long back = backInQueue() + lateHandled;
        String late = back == 0 ? "" : String.format(Locale.ROOT, "; up to %,d of them the run may not count: %,d went"
                + " back to the queue unsettled and %,d were still being handled when the run closed the consumer",
                back, back - lateHandled, lateHandled);
        bounded("consumed", counts.consumed(), all - back, all, "deliveries the driver handed over" + late);
        if (routed) {
            bounded("unique", counts.ownUnique(), unique - back, unique,
                    "this run's messages delivered at least once, per queue" + late);
        } else {
            cannot("unique", "routing the oracle does not model: which queue's first delivery counts is unknown");
        }
        // A stream keeps what it delivered: a repeat is a re-read (a consumer that recovered reads again from its
        // last offset), a redelivery whatever flag the driver set, unless the stream holds the message twice.
        // A repeat among the deliveries the run may not count (see consumed) may be missing from duplicated too.
        long harnessDup = counts.duplicated();
        bounded("duplicated", harnessDup, Math.max(0, dup - back), dup + Math.min(streamRepeats, heldTwice),
                "repeat deliveries without the redelivered flag (queues), or of a message a stream holds twice"
                        + late);
    }

    /**
     * Delivered messages the reader found back in a (non-stream) queue afterwards: handed to the
     * run's consumer but never settled, as when the run stops counting while a consumer still holds
     * prefetched messages. The run may leave them out of its consumed count.
     */
    private long backInQueue() {
        long back = 0;
        for (Map.Entry<String, QueueDeliveries> e : history.deliveries().entrySet()) {
            boolean stream = planned(e.getKey()).map(q -> q.type() == QueueType.STREAM).orElse(true);
            QueueHoldings held = history.holdings().get(e.getKey());
            if (stream || held == null) {
                continue;
            }
            for (Map.Entry<String, BitSet> d : e.getValue().delivered().entrySet()) {
                BitSet b = (BitSet) d.getValue().clone();
                b.and(held.of(d.getKey()));
                back += b.cardinality();
            }
        }
        return back;
    }

    private void reader(List<Group> groups) {
        List<String> found = new ArrayList<>();
        List<String> incomplete = new ArrayList<>();
        for (Group g : groups) {
            for (QueueHoldings held : g.holdings()) {
                found.add(String.format(Locale.ROOT, "%,d messages in %s (broker's count %,d): %,d of this run, %,d"
                        + " without its identity, %,d twice", held.messages(), held.queue(), held.counted(),
                        held.messages() - held.foreign(), held.foreign(), held.heldTwice()));
                held.incomplete().ifPresent(w -> incomplete.add(held.queue() + ": " + w));
            }
        }
        String text = "the oracle's reader found " + String.join("; ", found);
        if (!incomplete.isEmpty()) {
            cannot("reader", text + "; incomplete: " + String.join("; ", incomplete));
        } else {
            agree("reader", text);
        }
    }

    /** Delivered or held messages of this run's publishers that were never sent: a decoding fault. */
    private void phantoms(List<Group> groups) {
        long phantoms = 0;
        for (Group g : groups) {
            for (PublisherHistory p : history.publishers()) {
                BitSet k = g.had(p.publisherId());
                k.andNot(p.sent());
                phantoms += k.cardinality();
            }
        }
        add("phantoms", phantoms == 0, String.format(Locale.ROOT,
                "%,d delivered or held messages of this run were never sent", phantoms));
    }

    private void lost(List<Group> groups) {
        long lower = 0;
        long upper = 0;
        List<String> blind = new ArrayList<>();
        for (Group g : groups) {
            for (PublisherHistory p : history.publishers()) {
                BitSet k = g.had(p.publisherId());
                BitSet missingConfirmed = p.confirmed();
                missingConfirmed.andNot(k);
                lower += missingConfirmed.cardinality();
                BitSet notRefused = p.sent();
                notRefused.andNot(p.refused());
                notRefused.andNot(k);
                upper += notRefused.cardinality();
            }
            lowerBoundBlind(g).ifPresent(blind::add);
        }
        String where = Group.names(groups);
        long lost = counts.lost();
        if (lost > upper) {
            disagree("lost", String.format(Locale.ROOT, "the result says %,d lost, but only %,d sent messages were"
                    + " neither refused by the broker nor delivered nor found in %s", lost, upper, where));
        } else if (!blind.isEmpty()) {
            cannot("lost", String.format(Locale.ROOT, "the result's %,d is within the %,d messages not refused and"
                    + " not found, but whether confirmed ones were lost cannot be told: %s", lost, upper,
                    String.join("; ", blind)));
        } else if (lost < lower) {
            disagree("lost", String.format(Locale.ROOT, "%,d confirmed messages were neither delivered nor found in %s,"
                    + " but the result says %,d lost", lower, where, lost));
        } else {
            agree("lost", String.format(Locale.ROOT, "result %,d; the broker lacks %,d confirmed messages and at most"
                    + " %,d sent and not refused", lost, lower, upper));
        }
    }

    private void left(List<Group> groups) {
        long neverDelivered = 0;
        long found = 0;
        boolean any = false;
        for (Group g : groups) {
            if (g.stream()) {
                continue; // a stream keeps what it delivered: "left" does not apply
            }
            any = true;
            Optional<String> incomplete = g.incomplete();
            if (incomplete.isPresent()) {
                cannot("left", "the oracle's reader: " + incomplete.get());
                return;
            }
            for (QueueHoldings held : g.holdings()) {
                neverDelivered += held.foreign();
                found += held.messages();
                for (Map.Entry<String, BitSet> e : held.held().entrySet()) {
                    BitSet b = (BitSet) e.getValue().clone();
                    b.andNot(g.delivered(e.getKey()));
                    neverDelivered += b.cardinality();
                }
            }
        }
        if (!any) {
            return;
        }
        if (result.leftInQueues().isEmpty()) {
            cannot("left", String.format(Locale.ROOT, "the result does not say; the oracle found %,d in %s", found,
                    Group.names(groups)));
            return;
        }
        bounded("left", result.leftInQueues().getAsLong(), neverDelivered, found,
                "messages in the queues at the end (at least those never delivered, at most all the reader found,"
                        + " which includes deliveries not acknowledged when the consumers closed)");
    }

    /** Every confirmed message the consumers did not get must be counted as left in the queue or lost. */
    private void accounted(List<Group> groups) {
        if (!anyConsumer()) {
            return;
        }
        long missing = 0;
        boolean stream = false;
        for (Group g : groups) {
            for (PublisherHistory p : history.publishers()) {
                BitSet m = p.confirmed();
                m.andNot(g.delivered(p.publisherId()));
                missing += m.cardinality();
            }
            Optional<String> blind = deliveryBlind(g);
            if (blind.isPresent()) {
                cannot("accounting", blind.get());
                return;
            }
            stream |= g.stream();
        }
        if (!stream && result.leftInQueues().isEmpty() && missing > counts.lost()) {
            cannot("accounting", String.format(Locale.ROOT, "%,d confirmed messages never reached a consumer; the"
                    + " result counts %,d lost and does not say how many were left in the queue", missing,
                    counts.lost()));
            return;
        }
        long counted = counts.lost() + (stream ? 0 : result.leftInQueues().orElse(0));
        long unaccounted = result.unaccountedDeliveries().orElse(0);
        if (missing > counted + Math.max(0, unaccounted)) {
            disagree("accounting", String.format(Locale.ROOT, "%,d confirmed messages never reached a consumer, but"
                    + " the result counts only %,d (lost %,d%s%s)", missing, counted + Math.max(0, unaccounted),
                    counts.lost(), stream ? "" : ", left " + result.leftInQueues().orElse(0),
                    result.unaccountedDeliveries().isPresent() ? ", unaccounted " + unaccounted : ", no delivery line"));
        } else {
            agree("accounting", String.format(Locale.ROOT, "%,d confirmed messages never reached a consumer; the"
                    + " result counts %,d as lost, left or unaccounted", missing, counted + Math.max(0, unaccounted)));
        }
    }

    /** Why the broker cannot show that a confirmed message it lacks was lost; empty if it can. */
    private Optional<String> lowerBoundBlind(Group g) {
        Optional<String> incomplete = g.incomplete();
        if (incomplete.isPresent()) {
            return Optional.of("the oracle's reader: " + incomplete.get());
        }
        for (String queue : g.queues()) {
            Optional<String> drop = mayDrop(queue);
            if (drop.isPresent()) {
                return drop;
            }
        }
        if (history.consumers().stream().anyMatch(ConsumerFacts::autoAck)) {
            return Optional.of("auto-ack: the broker forgets a message once sent, and one sent to a consumer as it"
                    + " closed may never reach the client");
        }
        if (g.stream()) {
            return Optional.empty(); // a stream keeps everything: others' messages or consumers take nothing away
        }
        long foreign = g.holdings().stream().mapToLong(QueueHoldings::foreign).sum();
        if (foreign > 0 && g.queues().stream().anyMatch(history.created()::contains)) {
            return Optional.of(String.format(Locale.ROOT, "the reader found %,d messages in the run's own queue that"
                    + " carry no identity of this run's publishers", foreign));
        }
        if (!history.created().containsAll(g.queues())) {
            return Optional.of("the queue existed before the run: other clients may have consumed its messages");
        }
        return Optional.empty();
    }

    /** Why "which confirmed messages should consumers have received" cannot be told; empty if it can. */
    private Optional<String> deliveryBlind(Group g) {
        Optional<String> blind = lowerBoundBlind(g);
        if (blind.isPresent()) {
            return blind;
        }
        for (ConsumerFacts c : history.consumers()) {
            if (c.queueType() == QueueType.STREAM && c.startedAfterSends()
                    && !(c.streamOffset().orElse(null) instanceof StreamOffset.First)) {
                return Optional.of("a stream consumer attached after publishing began and did not read from the first"
                        + " offset: which messages it should get depends on when it attached");
            }
        }
        for (String q : g.queues()) {
            if (consumersOf(q) == 0) {
                return Optional.of("no consumer read " + q);
            }
        }
        return Optional.empty();
    }

    /** Why the broker may drop a confirmed message by design; empty if it never does. */
    private Optional<String> mayDrop(String queue) {
        var scenario = result.scenario();
        if (scenario.publishing().messagesExpire()) {
            return Optional.of("messages carry an expiration (TTL): the broker drops them when it passes");
        }
        var c = scenario.consuming();
        if ((c.nackPercent() > 0 || c.rejectPercent() > 0) && c.requeuePercent() < 100) {
            return Optional.of("consumers nack or reject without requeue: the broker drops or dead-letters those");
        }
        Map<String, Object> args = planned(queue).map(TopologyPlan.Queue::arguments).orElse(Map.of());
        for (String k : List.of("x-message-ttl", "x-expires", "x-dead-letter-exchange", "x-max-age")) {
            if (args.containsKey(k)) {
                return Optional.of(k + " is set: the broker may drop or dead-letter messages it confirmed");
            }
        }
        boolean limited = args.containsKey("x-max-length") || args.containsKey("x-max-length-bytes");
        String overflow = String.valueOf(args.getOrDefault("x-overflow", "drop-head"));
        boolean stream = planned(queue).map(q -> q.type() == QueueType.STREAM).orElse(false);
        if (limited && (stream || !overflow.startsWith("reject-publish"))) {
            return Optional.of("a length limit with " + (stream ? "stream retention" : "x-overflow=" + overflow)
                    + ": the broker drops the oldest messages it confirmed");
        }
        return Optional.empty();
    }

    private boolean anyConsumer() {
        return !history.consumers().isEmpty();
    }

    private int queueCount() {
        return history.plan().map(p -> p.queues().size()).orElse(0);
    }

    private java.util.Set<String> ownIds() {
        java.util.Set<String> ids = new java.util.HashSet<>();
        history.publishers().forEach(p -> ids.add(p.publisherId()));
        return ids;
    }

    private boolean isStream(String queue) {
        return planned(queue).map(q -> q.type() == QueueType.STREAM).orElse(false);
    }

    /** The consumers the run started on {@code queue} (a consumer that recovered counts once more). */
    private long consumersOf(String queue) {
        return history.consumers().stream().filter(c -> c.queue().equals(queue)).count();
    }

    private Optional<TopologyPlan.Queue> planned(String queue) {
        return history.plan().flatMap(p -> p.queues().stream().filter(q -> q.name().equals(queue)).findFirst());
    }

    private void exact(String name, long oracle, long harness, String what) {
        add(name, oracle == harness, String.format(Locale.ROOT, "%s: recorded %,d, result %,d", what, oracle, harness));
    }

    private void bounded(String name, long value, long min, long max, String what) {
        add(name, value >= min && value <= max,
                String.format(Locale.ROOT, "%s: %,d, expected between %,d and %,d", what, value, min, max));
    }

    private void add(String name, boolean ok, String detail) {
        checks.add(new OracleVerdict.Check(name, ok ? OracleVerdict.Status.AGREES : OracleVerdict.Status.DISAGREES,
                detail));
    }

    private void agree(String name, String detail) {
        add(name, true, detail);
    }

    private void disagree(String name, String detail) {
        add(name, false, detail);
    }

    private void cannot(String name, String detail) {
        checks.add(new OracleVerdict.Check(name, OracleVerdict.Status.CANNOT_JUDGE, detail));
    }
}
