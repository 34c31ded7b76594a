package io.amqpharness.run;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.Measurements;
import io.amqpharness.measure.Metric;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.scenario.MessageProperties;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.ReplyMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Request/reply ({@code --request-reply}): the links consumers answer on, what they sent, and the
 * replies coming back to the publishers (through the reply queue, or direct reply-to on the
 * publishers' own channels), which measure the round trip. Opened and closed by the runner's
 * thread; consumers answer on their own threads.
 */
final class RequestReply {
    private final Scenario scenario;
    private final String runId;
    private final ProtocolDriver driver;
    private final Measurements measurements;
    private final RunControl control;
    private final NanoClock clock;
    private final ReplyCollector collector;
    /** The consumer of the reply queue ({@link ReplyMode#QUEUE}); empty until opened, and with direct reply-to. */
    private Optional<ConsumerLink> replyQueue = Optional.empty();
    /** The links consumers answer on, one connection each. */
    private final List<PublisherLink> repliers = new CopyOnWriteArrayList<>();
    private final LongAdder sent = new LongAdder();

    RequestReply(Scenario scenario, String runId, ProtocolDriver driver, Measurements measurements,
                 PayloadClock payloadClock, RunControl control, NanoClock clock) {
        this.scenario = scenario;
        this.runId = runId;
        this.driver = driver;
        this.measurements = measurements;
        this.control = control;
        this.clock = clock;
        this.collector = new ReplyCollector(payloadClock, measurements.recorder(Metric.ROUND_TRIP), clock, control);
    }

    /** Where replies arrive: the reply queue's consumer, or each publisher's channel with direct reply-to. */
    ReplyCollector collector() {
        return collector;
    }

    /** With a reply queue, opens its consumer (it receives once {@link #start()} runs). */
    void openReplyQueue(String connectionName) {
        if (scenario.consuming().requestReply().orElseThrow() == ReplyMode.QUEUE) {
            replyQueue = Optional.of(driver.openConsumer(new ConsumerSpec(scenario.consuming().consumerChannels(),
                    connectionName, TopologyPlanner.replyQueue(runId), QueueType.CLASSIC,
                    OptionalInt.empty(), true, Optional.empty(), Map.of(), false, Duration.ZERO, Optional.empty())));
        }
    }

    /** The link consumer {@code i} answers requests on, on a connection of its own. */
    Replier openReplier(int i, String connectionName) {
        PublisherLink link = driver.openPublisher(new PublisherSpec(i, runId + "-r" + i, connectionName, "",
                TopologyPlanner.replyQueue(runId), false, false, false, OptionalInt.empty(), MessageProperties.NONE, OptionalInt.empty(), List.of()),
                new UnconfirmedOutcomes(new Counters(), control, seq -> { }, measurements.blocks().gate()));
        repliers.add(link);
        return new Replier(link, TopologyPlanner.replyQueue(runId), sent);
    }

    void start() {
        replyQueue.ifPresent(l -> l.start(collector));
    }

    /** Waits until every reply the consumers sent has come back, or the deadline (on the run's clock). */
    void drain(long deadline) {
        while (collector.received() < sent.sum() && control.failure() == null && clock.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(10_000_000L);
        }
    }

    /** Closes the reply queue's consumer and the consumers' reply links; idempotent. */
    void close() {
        replyQueue.ifPresent(RequestReply::closeQuietly);
        repliers.forEach(RequestReply::closeQuietly);
    }

    /** The result's note: how many requests were answered, and how many replies came back. */
    String note() {
        long answered = sent.sum();
        long received = collector.received();
        String path = scenario.consuming().requestReply().orElseThrow() == ReplyMode.DIRECT
                ? "direct reply-to" : TopologyPlanner.replyQueue(runId);
        return String.format("Request/reply: consumers answered %,d requests through %s; %,d replies came back%s.",
                answered, path, received, received < answered
                        ? String.format(" (%,d had not when the drain ended)", answered - received) : "");
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing at the end or after a failure: nothing more to report
        }
    }
}
