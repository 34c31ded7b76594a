package io.amqpharness.report.build;

import io.amqpharness.broker.BrokerMetricsReport;
import io.amqpharness.broker.CrossCheck;
import io.amqpharness.broker.NodeSample;
import io.amqpharness.broker.QueueGrowth;
import io.amqpharness.broker.QueueSample;
import io.amqpharness.report.document.BrokerMetrics;
import io.amqpharness.report.document.BrokerSample;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The broker's side of a run's document ({@code brokerMetrics} and {@code intervals[].broker}),
 * built by hand from the public accessors of the broker's report and samples: durations as
 * nanoseconds, the sums over the run's queues and nodes beside the per-queue and per-node values,
 * texts through the {@link Redaction}. Immutable.
 *
 * @param redaction keeps the broker password out of every text
 */
record BrokerSections(Redaction redaction) {

    BrokerMetrics metrics(BrokerMetricsReport r) {
        return new BrokerMetrics(redaction.text(r.source()), redaction.text(r.url()), redaction.text(r.cpuUrl()),
                redaction.text(r.unavailable()), r.samples(), r.failed(), r.first().map(this::sample),
                r.last().map(this::sample), r.peakDepth(), r.peakMemoryBytes(), r.memoryLimitBytes(),
                r.peakCpuCores(), r.peakConnections(), r.peakChannels(), redaction.texts(r.alarms()),
                r.crossCheck().map(this::crossCheck), r.growth().map(this::growth));
    }

    BrokerSample sample(io.amqpharness.broker.BrokerSample s) {
        return new BrokerSample(s.elapsed().toNanos(), s.queues().stream().map(this::queue).toList(),
                s.nodes().stream().map(this::node).toList(), s.connections(), s.channels(), s.cpuCores(),
                s.nodeReceived(), s.nodeDelivered(), s.depth(), s.published(), s.memoryBytes(), s.unacked(),
                s.delivered(), redaction.texts(s.alarms()), s.ready());
    }

    private BrokerSample.Queue queue(QueueSample q) {
        return new BrokerSample.Queue(redaction.text(q.name()), q.ready(), q.unacked(), q.published(), q.delivered(),
                q.publishRate(), q.deliverRate(), redaction.text(q.leader()));
    }

    private BrokerSample.Node node(NodeSample n) {
        return new BrokerSample.Node(redaction.text(n.name()), n.memoryBytes(), n.memoryLimitBytes(),
                redaction.texts(n.alarms()), nanos(n.uptime()));
    }

    private BrokerMetrics.CrossCheck crossCheck(CrossCheck c) {
        return new BrokerMetrics.CrossCheck(redaction.text(c.basis()), c.brokerPublished(), c.harnessPublished(),
                c.brokerDelivered(), c.harnessDelivered(), c.brokerRestarts(),
                Optional.of(RunSections.id(c.verdict())), c.agrees(), Optional.empty(), c.messagesPerEntry() > 1
                        ? java.util.OptionalInt.of(c.messagesPerEntry()) : java.util.OptionalInt.empty());
    }

    private BrokerMetrics.Growth growth(QueueGrowth g) {
        return new BrokerMetrics.Growth(redaction.text(g.basis()), g.messages(), g.over().toNanos(), g.perSecond(),
                Optional.of(g.exact()));
    }

    private static OptionalLong nanos(Optional<Duration> d) {
        return d.isPresent() ? OptionalLong.of(d.get().toNanos()) : OptionalLong.empty();
    }
}
