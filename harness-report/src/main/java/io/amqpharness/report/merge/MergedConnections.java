package io.amqpharness.report.merge;

import io.amqpharness.report.build.SectionValues;
import io.amqpharness.broker.CrossCheck;
import io.amqpharness.report.document.BrokerMetrics;
import io.amqpharness.report.document.ResultDocument.Churn;
import io.amqpharness.report.document.ResultDocument.Connections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * What a merged result says about the broker and the connections: the broker metrics of one
 * instance (every instance watched the same broker), with the cross-check of every instance added
 * up when each checked queues of its own (else labelled with the instance whose it is), and the
 * instances' connections added up.
 */
final class MergedConnections {
    private MergedConnections() {
    }

    /**
     * The broker metrics of the first instance that sampled the broker, with a note naming it;
     * empty when none did.
     */
    static Optional<BrokerMetrics> brokerMetrics(List<ResultMerge.Instance> instances, List<String> notes) {
        Optional<ResultMerge.Instance> sampled = instances.stream()
                .filter(i -> i.result().brokerMetrics().isPresent()).findFirst();
        if (sampled.isEmpty()) {
            return Optional.empty();
        }
        String name = ResultMerge.name(sampled.get());
        notes.add("Broker metrics are those " + name + " sampled: every instance watched the "
                + "same broker over the same run.");
        BrokerMetrics m = sampled.get().result().brokerMetrics().get();
        if (m.crossCheck().isEmpty()) {
            return Optional.of(m);
        }
        Optional<BrokerMetrics.CrossCheck> summed = summedCrossCheck(instances).map(MergedConnections::document);
        if (summed.isEmpty()) {
            BrokerMetrics.CrossCheck c = m.crossCheck().get();
            summed = Optional.of(new BrokerMetrics.CrossCheck(c.basis(), c.brokerPublished(), c.harnessPublished(),
                    c.brokerDelivered(), c.harnessDelivered(), c.brokerRestarts(), c.verdict(), c.agrees(),
                    Optional.of(name), c.messagesPerEntry()));
            notes.add("The cross-check compares the broker's counts with " + name
                    + "'s own counts, not the merged ones (the instances share queues, or not every one "
                    + "checked its own queues' counters).");
        }
        return Optional.of(new BrokerMetrics(m.source(), m.url(), m.cpuUrl(), m.unavailable(), m.samples(), m.failed(),
                m.first(), m.last(), m.peakDepth(), m.peakMemoryBytes(), m.memoryLimitBytes(), m.peakCpuCores(),
                m.peakConnections(), m.peakChannels(), m.alarms(), summed, m.growth()));
    }

    private static BrokerMetrics.CrossCheck document(CrossCheck c) {
        return new BrokerMetrics.CrossCheck(c.basis(), c.brokerPublished(), c.harnessPublished(), c.brokerDelivered(),
                c.harnessDelivered(), c.brokerRestarts(), Optional.of(SectionValues.id(c.verdict())), c.agrees(),
                Optional.empty(), c.messagesPerEntry() > 1 ? java.util.OptionalInt.of(c.messagesPerEntry())
                        : java.util.OptionalInt.empty());
    }

    /**
     * The instances' cross-checks added up, when each instance checked the counters of queues of its
     * own (no queue shared): the broker's counts of all the queues next to all the harness's counts.
     * Empty otherwise: node-wide counters and shared queues count every instance's messages in
     * each instance's check.
     */
    static Optional<CrossCheck> summedCrossCheck(List<ResultMerge.Instance> instances) {
        java.util.Set<String> queues = new java.util.HashSet<>();
        List<BrokerMetrics.CrossCheck> checks = new java.util.ArrayList<>();
        for (ResultMerge.Instance i : instances) {
            Optional<BrokerMetrics.CrossCheck> c = i.result().brokerMetrics().flatMap(BrokerMetrics::crossCheck);
            if (c.isEmpty() || !"queues".equals(c.get().basis())) {
                return Optional.empty();
            }
            for (String q : i.result().queues()) {
                if (!queues.add(q)) {
                    return Optional.empty();
                }
            }
            checks.add(c.get());
        }
        return Optional.of(new CrossCheck("queues", total(checks, BrokerMetrics.CrossCheck::brokerPublished),
                total(checks, BrokerMetrics.CrossCheck::harnessPublished),
                total(checks, BrokerMetrics.CrossCheck::brokerDelivered),
                total(checks, BrokerMetrics.CrossCheck::harnessDelivered),
                (int) checks.stream().mapToLong(BrokerMetrics.CrossCheck::brokerRestarts).max().orElse(0),
                checks.stream().mapToInt(BrokerMetrics.CrossCheck::entrySize).max().orElse(1)));
    }

    /** The sum of a count over the checks; empty if any lacks it. */
    private static OptionalLong total(List<BrokerMetrics.CrossCheck> checks,
                                      Function<BrokerMetrics.CrossCheck, OptionalLong> field) {
        if (checks.stream().anyMatch(c -> field.apply(c).isEmpty())) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(checks.stream().mapToLong(c -> field.apply(c).getAsLong()).sum());
    }

    /**
     * The instances' connections: counts summed; the opening time the longest (the instances open
     * at the same time), so opens per second are all the opens over it; churn alike. Null when no
     * instance reported connections (files older than the field).
     */
    static Connections connections(List<ResultMerge.Instance> instances) {
        List<Connections> all = instances.stream().map(i -> i.result().connections()).filter(Objects::nonNull).toList();
        if (all.isEmpty()) {
            return null;
        }
        long opened = sum(all, Connections::opened);
        long openingTime = longest(all, Connections::openingTime);
        return new Connections(opened, openingTime, sum(all, Connections::retries), sum(all, Connections::idle),
                churn(instances), perSecond(opened, openingTime));
    }

    /** Churn counts summed, its duration the longest, the first failure named by its instance; empty without churn. */
    private static Optional<Churn> churn(List<ResultMerge.Instance> instances) {
        List<ResultMerge.Instance> churned = instances.stream()
                .filter(i -> i.result().connections() != null && i.result().connections().churn().isPresent()).toList();
        if (churned.isEmpty()) {
            return Optional.empty();
        }
        List<Churn> all = churned.stream().map(i -> i.result().connections().churn().get()).toList();
        long opened = sum(all, Churn::opened);
        long duration = longest(all, Churn::duration);
        Optional<String> firstFailure = churned.stream()
                .filter(i -> i.result().connections().churn().get().firstFailure().isPresent())
                .map(i -> ResultMerge.name(i) + ": " + i.result().connections().churn().get().firstFailure().get())
                .findFirst();
        return Optional.of(new Churn(opened, sum(all, Churn::closed), sum(all, Churn::failed), firstFailure, duration,
                sum(all, Churn::behind), perSecond(opened, duration)));
    }

    private static <T> long sum(List<T> values, ToLongFunction<T> field) {
        return values.stream().mapToLong(field).sum();
    }

    private static <T> long longest(List<T> values, ToLongFunction<T> field) {
        return values.stream().mapToLong(field).max().orElse(0);
    }

    /** {@code count} per second over {@code nanos}; 0 over no time. */
    private static double perSecond(long count, long nanos) {
        return nanos == 0 ? 0 : count / (nanos / 1e9);
    }
}
