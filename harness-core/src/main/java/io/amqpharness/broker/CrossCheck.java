package io.amqpharness.broker;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The broker's message counts over the run next to the harness's own. Immutable.
 *
 * <p>The broker's counters live in memory: when a node restarts during the run (its uptime goes
 * down between two samples, or a counter does), they start again from zero. The counts are then
 * summed over the broker's incarnations, but what the broker counted between its last sample
 * before the restart and the restart itself is lost, so they are only a lower bound: the check
 * says so ({@link Verdict#INCOMPLETE}) instead of agreeing or differing, unless even the lower
 * bound is above the harness's count.
 *
 * @param basis            {@code queues}: the management API's counters of the run's queues;
 *                         {@code node}: the node-wide counters of the Prometheus endpoint (every
 *                         client's messages count, not only this run's)
 * @param brokerPublished  messages the broker says were published (into the run's queues, or to the node);
 *                         after a restart, at least this many
 * @param harnessPublished what the harness expected there: messages published (minus those returned),
 *                         times the queues each reaches for {@code queues}; empty when unknown
 * @param brokerDelivered  deliveries the broker says it made (from the run's queues, or from the node);
 *                         after a restart, at least this many
 * @param harnessDelivered deliveries the harness's consumers received, redeliveries included
 * @param brokerRestarts   how many times between two samples the broker's counters restarted (a node
 *                         restarted, a counter went down or a queue disappeared); 0 normally
 * @param messagesPerEntry 1, or for a stream run with {@code --sub-entry-size} N above 1, N: the broker's
 *                         counts are then of stream entries, each holding 1 to N messages, and the harness's
 *                         of messages, so a count agrees when the broker's lies between the harness's over N
 *                         (rounded up) and the harness's
 */
public record CrossCheck(String basis, OptionalLong brokerPublished, OptionalLong harnessPublished,
                         OptionalLong brokerDelivered, OptionalLong harnessDelivered, int brokerRestarts,
                         int messagesPerEntry) {

    public CrossCheck {
        if (messagesPerEntry < 1) {
            throw new IllegalArgumentException("messagesPerEntry " + messagesPerEntry);
        }
    }

    /** A check of messages against messages. */
    public CrossCheck(String basis, OptionalLong brokerPublished, OptionalLong harnessPublished,
                      OptionalLong brokerDelivered, OptionalLong harnessDelivered, int brokerRestarts) {
        this(basis, brokerPublished, harnessPublished, brokerDelivered, harnessDelivered, brokerRestarts, 1);
    }

    /** What the comparison says. */
    public enum Verdict {
        /** Every count both sides have is equal. */
        AGREE,
        /** A count differs (after a broker restart: the broker's lower bound is above the harness's count). */
        DIFFER,
        /** The broker's counters restarted (or a queue disappeared) during the run, so they cover only part of it: neither. */
        INCOMPLETE,
        /** No count is known on both sides. */
        NOTHING
    }

    /**
     * The harness's counts the broker's are compared with.
     *
     * @param published        messages published
     * @param expectedInQueues messages that should have entered the run's queues (routed times the
     *                         queues each reaches); empty when the topology does not tell
     * @param delivered        deliveries the consumers received
     * @param consumers        true if the run consumes
     * @param growth           how much the queues grew while publishing, by the harness's counts
     * @param messagesPerEntry 1, or the stream run's {@code --sub-entry-size} when above 1: the broker then
     *                         counts entries of up to this many messages (see {@link CrossCheck#messagesPerEntry()})
     */
    public record HarnessCounts(long published, OptionalLong expectedInQueues, long delivered, boolean consumers,
                                Optional<QueueGrowth> growth, int messagesPerEntry) {
        public HarnessCounts {
            if (messagesPerEntry < 1) {
                throw new IllegalArgumentException("messagesPerEntry " + messagesPerEntry);
            }
        }

        /** Counts of messages the broker counts one for one. */
        public HarnessCounts(long published, OptionalLong expectedInQueues, long delivered, boolean consumers,
                             Optional<QueueGrowth> growth) {
            this(published, expectedInQueues, delivered, consumers, growth, 1);
        }

        /** The same counts, for a broker that counts entries of up to {@code n} messages. */
        public HarnessCounts withMessagesPerEntry(int n) {
            return new HarnessCounts(published, expectedInQueues, delivered, consumers, growth, n);
        }
    }

    /** What the comparison says. */
    public Verdict verdict() {
        boolean compared = both(brokerPublished, harnessPublished) || both(brokerDelivered, harnessDelivered);
        if (!compared) {
            return Verdict.NOTHING;
        }
        if (brokerRestarts > 0) {
            return above(brokerPublished, harnessPublished) || above(brokerDelivered, harnessDelivered)
                    ? Verdict.DIFFER : Verdict.INCOMPLETE;
        }
        return same(brokerPublished, harnessPublished) && same(brokerDelivered, harnessDelivered)
                ? Verdict.AGREE : Verdict.DIFFER;
    }

    /** The fewest entries {@code messages} messages make: all of them in full entries. */
    private long fewest(long messages) {
        return (messages + messagesPerEntry - 1) / messagesPerEntry;
    }

    /** True if every count both sides have agrees (also when there is nothing to compare); false after a broker restart. */
    public boolean agrees() {
        Verdict v = verdict();
        return v == Verdict.AGREE || v == Verdict.NOTHING;
    }

    /** Compares the counts between two samples with the harness's (see {@link #of(List, HarnessCounts)}). */
    static Optional<CrossCheck> of(BrokerSample before, BrokerSample after, HarnessCounts h) {
        return of(List.of(before, after), h);
    }

    /**
     * Compares the counts over the samples of a run (the first taken before any traffic, the last
     * after the drain) with the harness's: the run's queues' counters when the broker keeps them
     * (AMQP 0.9.1, and AMQP 1.0 on 3.x), else the node-wide counters. Node-wide counters count
     * what the node took in, routed or not, so they never stand in for queue counters that differ.
     */
    static Optional<CrossCheck> of(List<BrokerSample> samples, HarnessCounts h) {
        if (samples.isEmpty()) {
            return Optional.empty();
        }
        boolean[] restarted = Incarnations.restarts(samples);
        Optional<CrossCheck> queues = queues(samples, restarted, h);
        return queues.isPresent() ? queues : node(samples, restarted, h);
    }

    /**
     * The check of a run's last samples, once the final wait is over, with the note that goes with it: as
     * {@link #of(List, HarnessCounts)}, except where the broker's publish counter of the run's queues stopped
     * below what its own depth shows entered them (the queues grew by more than it counted published). Its
     * statistics then lost publishes (RabbitMQ's management plugin sometimes never counts a closed channel's
     * last statistics interval): the published count is not compared, and the note says why, where the
     * comparison would have said DIFFER for a count the broker itself contradicts. Not for the final wait's
     * loop: there a counter below the depth is most often one still catching up.
     */
    static Checked afterTheWait(List<BrokerSample> samples, HarnessCounts h) {
        Optional<CrossCheck> check = of(samples, h);
        if (check.isEmpty() || !check.get().basis().equals("queues") || check.get().brokerRestarts() > 0
                || check.get().messagesPerEntry() != 1 || check.get().brokerPublished().isEmpty()
                || check.get().harnessPublished().isEmpty()) {
            return new Checked(check, Optional.empty());
        }
        CrossCheck c = check.get();
        long counted = c.brokerPublished().getAsLong();
        OptionalLong grew = depthGrowth(samples.get(0), samples.get(samples.size() - 1));
        if (grew.isEmpty() || counted >= grew.getAsLong() || counted >= c.harnessPublished().getAsLong()) {
            return new Checked(check, Optional.empty());
        }
        String note = String.format(Locale.ROOT, "The broker's publish counter of the run's queues stopped at %,d "
                + "while the queues themselves grew by %,d messages: its statistics lost publishes (the management "
                + "plugin sometimes never counts a closed channel's last statistics interval), so the harness's "
                + "%,d published are not compared with it.", counted, grew.getAsLong(),
                c.harnessPublished().getAsLong());
        return new Checked(Optional.of(new CrossCheck(c.basis(), OptionalLong.empty(), c.harnessPublished(),
                c.brokerDelivered(), c.harnessDelivered(), c.brokerRestarts(), c.messagesPerEntry())), Optional.of(note));
    }

    /**
     * What {@link #afterTheWait} found: the check, and a note when the broker's publish counter could not be
     * compared.
     *
     * @param check the comparison, if the broker's counters allow one
     * @param note  one sentence when the publish counter was left out of it
     */
    record Checked(Optional<CrossCheck> check, Optional<String> note) {
    }

    /**
     * How many messages the queues of the last sample grew by since the first (a queue the first sample lacks, or
     * lists without any statistics yet, is too new for the broker to have counted it: it started empty); empty
     * when a depth is unknown.
     */
    private static OptionalLong depthGrowth(BrokerSample first, BrokerSample last) {
        long grew = 0;
        for (QueueSample q : last.queues()) {
            if (q.depth().isEmpty()) {
                return OptionalLong.empty();
            }
            long before = 0;
            for (QueueSample f : first.queues()) {
                if (f.name().equals(q.name())) {
                    if (f.depth().isPresent()) {
                        before = f.depth().getAsLong();
                    } else if (f.published().isPresent()) {
                        return OptionalLong.empty(); // statistics, but not its depth: where it started is unknown
                    }
                }
            }
            grew += q.depth().getAsLong() - before;
        }
        return OptionalLong.of(grew);
    }

    private static Optional<CrossCheck> queues(List<BrokerSample> samples, boolean[] restarted, HarnessCounts h) {
        boolean[] resets = new boolean[samples.size()];
        OptionalLong published = Incarnations.queues(samples, restarted, QueueSample::published, resets);
        OptionalLong delivered = Incarnations.queues(samples, restarted, QueueSample::delivered, resets);
        if (published.isPresent() || delivered.isPresent()) {
            return Optional.of(new CrossCheck("queues", published, h.expectedInQueues(), delivered,
                    h.consumers() ? OptionalLong.of(h.delivered()) : OptionalLong.empty(), count(resets),
                    h.messagesPerEntry()));
        }
        return Optional.empty();
    }

    private static Optional<CrossCheck> node(List<BrokerSample> samples, boolean[] restartedNodes, HarnessCounts h) {
        boolean[] resets = new boolean[samples.size()];
        int n = samples.size();
        // Counters added up over a cluster's nodes: one node's starting again need not make the sum go down.
        boolean[] restarted = restartedNodes.clone();
        for (int k = 0; k < n; k++) {
            restarted[k] |= samples.get(k).nodeCountersRestarted();
        }
        java.util.function.IntPredicate clustered = Incarnations.clustered(samples);
        OptionalLong received = Incarnations.counter(n, restarted, k -> samples.get(k).nodeReceived(), k -> true,
                false, clustered, resets);
        if (received.isEmpty()) {
            return Optional.empty();
        }
        OptionalLong delivered = Incarnations.counter(n, restarted, k -> samples.get(k).nodeDelivered(), k -> true,
                false, clustered, resets);
        return Optional.of(new CrossCheck("node", received, OptionalLong.of(h.published()), delivered,
                OptionalLong.of(h.delivered()), count(resets), h.messagesPerEntry()));
    }

    private static int count(boolean[] flags) {
        int n = 0;
        for (boolean f : flags) {
            n += f ? 1 : 0;
        }
        return n;
    }

    /** One line for the summary: {@code published 50,000 (harness 50,000), delivered ... : agree}. */
    public String line() {
        List<String> parts = parts();
        String verdict = switch (verdict()) {
            case NOTHING -> ": nothing to compare";
            case AGREE -> ": agree";
            case DIFFER -> ": DIFFER";
            case INCOMPLETE -> ": not checked, the broker's counters cover only part of the run (a broker restart, "
                    + "or a queue gone)";
        };
        return String.join(", ", parts) + verdict + " ("
                + (basis.equals("queues") ? "counters of the run's queues" : "node-wide counters")
                + (messagesPerEntry > 1 ? "; the broker counts stream entries, the harness messages" : "") + ")";
    }

    /** The notes for counts that differ, one sentence each with both numbers. */
    List<String> notes() {
        List<String> notes = new ArrayList<>();
        String where = basis.equals("queues") ? "into the run's queues" : "to the node (node-wide: other clients count too)";
        Verdict verdict = verdict();
        if (verdict == Verdict.INCOMPLETE) {
            notes.add(String.format(Locale.ROOT, "The broker's message counters did not last the whole run (a node "
                    + "restarted, a counter started again from zero, or a queue disappeared: %d time%s), so its counts "
                    + "miss what it counted before each restart and the cross-check cannot tell whether they agree "
                    + "with the harness's (broker %s).",
                    brokerRestarts, brokerRestarts == 1 ? "" : "s", String.join(", ", parts())));
            return notes;
        }
        String atLeast = brokerRestarts > 0 ? "at least " : "";
        String from = basis.equals("queues") ? "from the run's queues" : "by the node (node-wide: other clients count too)";
        if (messagesPerEntry > 1) {
            if (verdict == Verdict.DIFFER && !same(brokerPublished, harnessPublished)) {
                notes.add(entries(atLeast + "published " + where, brokerPublished.getAsLong(),
                        harnessPublished.getAsLong(), "the harness published"));
            }
            if (verdict == Verdict.DIFFER && !same(brokerDelivered, harnessDelivered)) {
                notes.add(entries(atLeast + "delivered " + from, brokerDelivered.getAsLong(),
                        harnessDelivered.getAsLong(), "the harness's consumers received"));
            }
            return notes;
        }
        if (verdict == Verdict.DIFFER && !same(brokerPublished, harnessPublished)) {
            notes.add(String.format(Locale.ROOT, "The broker counted %s%,d messages published %s, the harness %,d "
                    + "(difference %+,d).", atLeast, brokerPublished.getAsLong(), where, harnessPublished.getAsLong(),
                    brokerPublished.getAsLong() - harnessPublished.getAsLong()));
        }
        if (verdict == Verdict.DIFFER && !same(brokerDelivered, harnessDelivered)) {
            notes.add(String.format(Locale.ROOT, "The broker counted %s%,d deliveries %s, the harness's consumers "
                    + "received %,d (difference %+,d).", atLeast, brokerDelivered.getAsLong(), from,
                    harnessDelivered.getAsLong(), brokerDelivered.getAsLong() - harnessDelivered.getAsLong()));
        }
        return notes;
    }

    /** A sub-entry count outside what the harness's messages can make. */
    private String entries(String what, long broker, long harness, String harnessWhat) {
        return String.format(Locale.ROOT, "The broker counted %,d stream entries %s; the %,d messages %s "
                + "make %,d to %,d entries of up to %d messages (--sub-entry-size), so they do not match.",
                broker, what, harness, harnessWhat, fewest(harness), harness, messagesPerEntry);
    }

    private List<String> parts() {
        List<String> parts = new ArrayList<>();
        String atLeast = brokerRestarts > 0 ? " at least" : "";
        part(parts, "published" + atLeast, brokerPublished, harnessPublished);
        part(parts, "delivered" + atLeast, brokerDelivered, harnessDelivered);
        return parts;
    }

    private void part(List<String> parts, String what, OptionalLong broker, OptionalLong harness) {
        if (broker.isEmpty()) {
            return;
        }
        if (messagesPerEntry == 1) {
            parts.add(String.format(Locale.ROOT, "%s %,d", what, broker.getAsLong())
                    + (harness.isPresent() ? String.format(Locale.ROOT, " (harness %,d)", harness.getAsLong()) : ""));
            return;
        }
        parts.add(String.format(Locale.ROOT, "%s %,d entries", what, broker.getAsLong()) + (harness.isPresent()
                ? String.format(Locale.ROOT, " (harness %,d messages: %,d to %,d entries of up to %d)",
                        harness.getAsLong(), fewest(harness.getAsLong()), harness.getAsLong(), messagesPerEntry) : ""));
    }

    private static boolean both(OptionalLong broker, OptionalLong harness) {
        return broker.isPresent() && harness.isPresent();
    }

    /** Above what the harness's count allows: more messages, or more entries than messages. */
    private static boolean above(OptionalLong broker, OptionalLong harness) {
        return both(broker, harness) && broker.getAsLong() > harness.getAsLong();
    }

    /** Equal; for entries, between the fewest the harness's messages make and one per message. */
    private boolean same(OptionalLong broker, OptionalLong harness) {
        if (broker.isEmpty() || harness.isEmpty()) {
            return true;
        }
        long b = broker.getAsLong();
        long h = harness.getAsLong();
        return messagesPerEntry == 1 ? b == h : b >= fewest(h) && b <= h;
    }
}
