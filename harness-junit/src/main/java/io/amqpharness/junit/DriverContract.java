package io.amqpharness.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.amqpharness.HarnessException;
import io.amqpharness.junit.BrokerIndependent.Why;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.spi.BrokerUnreachableException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * What every protocol driver does the same way through the core, run against a real broker: a confirmed
 * run's counts close for every queue type the driver can use and its queue goes afterwards, the broker
 * declares what was asked for, the confirm window bounds what is in flight (and a stepped one can grow), a time limit sends rate × time
 * exactly, a consumer's message goal ends the run, every consumer of a stream reads every message, a
 * stream is read from each offset spec, and a missing queue, a port where nothing listens and a wrong
 * password are each one sentence without the password.
 *
 * <p>A driver module extends this class once per broker it is tested on (annotated {@link WithRabbitMQ} or
 * {@link WithRabbitMQ4}), names its protocol ({@link #protocol()}) and, where it is not the broker's AMQP
 * address, its address of the broker ({@link #uri()}), and may add its own checks of a result through the
 * {@code check} methods. The tests whose outcome is the harness's own or involves no broker are marked
 * {@link BrokerIndependent}: a subclass that runs the contract again on another broker generation
 * ({@link RunsAgain}) leaves them out, and a subclass leaves any other test out by overriding it without
 * {@code @Test} (or {@code @TestFactory}), saying in a comment which test covers it. Tests run one after the other,
 * each with its own queues.
 */
public abstract class DriverContract {
    /** The broker the tests run against. */
    protected final RabbitMQBroker broker;

    /**
     * @param broker the broker the tests run against, from {@link BrokerExtension}
     */
    protected DriverContract(RabbitMQBroker broker) {
        this.broker = broker;
    }

    /** The driver's protocol name ({@code Scenario.Builder.protocol}): {@code amqp091}, {@code amqp10}, {@code stream}. */
    protected abstract String protocol();

    /** This driver's address of {@link #broker}: {@link RabbitMQBroker#uri()} by default. */
    protected String uri() {
        return broker.uri();
    }

    /**
     * A scenario of this driver against {@link #broker}: its protocol and address, without broker metrics
     * (their own tests test them), a 500 ms interval and a 20 s drain limit.
     */
    protected Scenario.Builder scenario() {
        return Scenario.builder().protocol(protocol()).uri(uri()).interval(Duration.ofMillis(500))
                .drainTimeout(Duration.ofSeconds(20)).noBrokerMetrics(true);
    }

    /** {@link #uri()} with the user {@code guest} and the password {@code wrong-password}. */
    protected String wrongPasswordUri() {
        URI u = URI.create(uri());
        return address(u, "guest:wrong-password", u.getPort());
    }

    /** {@link #uri()} on port 1, where nothing listens, with the user {@code guest} and the password {@code topsecret}. */
    protected String unreachableUri() {
        return address(URI.create(uri()), "guest:topsecret", 1);
    }

    private static String address(URI u, String userInfo, int port) {
        return u.getScheme() + "://" + userInfo + "@" + u.getHost() + (port > 0 ? ":" + port : "")
                + (u.getRawPath() == null ? "" : u.getRawPath());
    }

    /** The queue types a run of this driver can use: all of them by default. */
    protected Set<QueueType> queueTypes() {
        return Set.of(QueueType.values());
    }

    /** More checks of a confirmed 3,000-message run on a queue of {@code type}; none by default. */
    protected void checkConfirmedRun(RunResult r, QueueType type) {
    }

    /** More checks of a run that read a stream from its first message; none by default. */
    protected void checkStreamRead(RunResult r) {
    }

    /** Checks the sentence for a predeclared queue that is not there; by default that it names the queue. */
    protected void checkMissingQueueSentence(String message, String queue) {
        assertThat(message).contains("'" + queue + "' does not exist").endsWith(".");
    }

    /** Checks the sentence for a port where nothing listens; by default that it names the address, password hidden. */
    protected void checkUnreachableSentence(String message) {
        assertThat(message).startsWith("Cannot connect to RabbitMQ")
                .contains(" at " + unreachableUri().replace("topsecret", "***") + ": connection refused");
    }

    /** A queue name no other test uses. */
    protected static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** The broker's management API; the contract needs it. */
    protected ManagementClient management() {
        return broker.management().orElseThrow(() -> new AssertionError("the management plugin is needed"));
    }

    /** Deletes a queue or stream over AMQP 0.9.1, whichever driver made it. */
    protected void deleteQueue(String queue) throws Exception {
        try (Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDelete(queue);
        }
    }

    /** 3,000 persistent messages with confirms on each of {@link #queueTypes()}: every count closes, the latencies are all recorded, and the run's queue is deleted afterwards. */
    @TestFactory
    protected Stream<DynamicTest> eachQueueTypeRunsWithCountsThatCloseAndIsDeletedAfterwards() {
        return queueTypes().stream().sorted().map(type -> DynamicTest.dynamicTest(type.toString(), () -> {
            RunResult r = new LoadRunner(scenario().queueType(type).producerMessageCount(3_000).confirm(100)
                    .qos(200).multiAckEvery(50).flag(MessageFlag.PERSISTENT).build()).run();
            assertThat(r.failure()).isEmpty();
            assertThat(r.broker().product()).isEqualTo("RabbitMQ");
            assertThat(r.broker().version()).isEqualTo(broker.version());
            assertThat(r.counts().published()).isEqualTo(3_000);
            assertThat(r.counts().confirmed()).isEqualTo(3_000);
            assertThat(r.counts().consumed()).isEqualTo(3_000);
            assertThat(r.counts().lost()).isZero();
            assertThat(r.counts().duplicated()).isZero();
            assertThat(r.counts().outOfOrder()).isZero();
            assertThat(r.counts().redelivered()).isZero();
            assertThat(r.counts().foreign()).as("the messages carry the publisher's identity").isZero();
            assertThat(r.unaccountedPublished()).isZero();
            assertThat(r.latency(Metric.END_TO_END).count()).isEqualTo(3_000);
            assertThat(r.latency(Metric.CONFIRM).count()).isEqualTo(3_000);
            assertThat(management().queue("/", r.queues().get(0))).as("deleted after the run").isEmpty();
            checkConfirmedRun(r, type);
        }));
    }

    /** The broker's own view of a queue the run declared and kept: its type and durability. */
    @TestFactory
    protected Stream<DynamicTest> theBrokerDeclaresTheRequestedQueueType() {
        return queueTypes().stream().sorted().map(type -> DynamicTest.dynamicTest(type.toString(), () -> {
            String queue = unique("contract-type");
            try {
                new LoadRunner(scenario().queueType(type).queue(queue).keepTopology(true).consumers(0)
                        .producerMessageCount(10).confirm(10).build()).run();
                JsonNode q = management().queue("/", queue).orElseThrow();
                assertThat(q.get("type").asText()).isEqualTo(type.argumentValue());
                assertThat(q.get("durable").asBoolean()).isTrue();
            } finally {
                deleteQueue(queue);
            }
        }));
    }

    /** Two publishers with a window of 5: never more than 10 messages in flight in any interval. */
    @Test
    @BrokerIndependent(Why.HARNESS_SIDE)
    protected void theConfirmWindowBoundsWhatIsInFlight() {
        RunResult r = new LoadRunner(scenario().producers(2).confirm(5).time(Duration.ofSeconds(2))
                .interval(Duration.ofMillis(100)).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().confirmed()).isEqualTo(r.counts().published()).isPositive();
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
        assertThat(r.intervals()).extracting(IntervalStats::inFlight)
                .allSatisfy(n -> assertThat(n).as("two publishers, 5 each").isLessThanOrEqualTo(10));
        assertThat(r.unaccountedPublished()).isZero();
    }

    /**
     * A stepped confirm window, 10 then 200, one publisher sending flat out: the second step has more than
     * 20 messages in flight at some interval's end, so the driver's own in-flight limit follows the largest
     * window of the run ({@code PublisherSpec.maxInFlight}), not the first step's.
     */
    @Test
    protected void aSteppedConfirmWindowLetsTheLargerWindowFill() {
        RunResult r = new LoadRunner(scenario().step(StepSetting.CONFIRM, 10, 200).stepDuration(Duration.ofMillis(1_500))
                .interval(Duration.ofMillis(100)).warmup(Duration.ZERO).build()).run(); // no 5 s warm-up: not tested here
        assertThat(r.failure()).isEmpty();
        assertThat(r.steps()).hasSize(2);
        assertThat(r.counts().confirmed()).isEqualTo(r.counts().published()).isPositive();
        assertThat(r.intervals()).extracting(IntervalStats::inFlight)
                .allSatisfy(n -> assertThat(n).as("the largest window").isLessThanOrEqualTo(200))
                .anySatisfy(n -> assertThat(n).as("in flight in the 200 step").isGreaterThan(20));
        assertThat(r.unaccountedPublished()).isZero();
    }

    /** 200 msg/s for 2 s sends exactly 400 messages, each with a publish delay, and the drain receives them all. */
    @Test
    @BrokerIndependent(Why.HARNESS_SIDE)
    protected void aTimeLimitSendsRateTimesTimeAndTheDrainReceivesEverything() {
        RunResult r = new LoadRunner(scenario().rate(200).time(Duration.ofSeconds(2)).qos(50).multiAckEvery(20)
                .ackTimeout(Duration.ofMillis(30)).confirm(50).build()).run();
        assertThat(r.failure()).isEmpty();
        // The count shows where publishing ended; the time is bounded below only (a busy machine can only add to it).
        assertThat(r.counts().published()).as("rate x time, exactly").isEqualTo(400);
        assertThat(r.publishingTime()).isGreaterThanOrEqualTo(Duration.ofMillis(1_950));
        assertThat(r.counts().consumed()).isEqualTo(r.counts().published());
        // Nothing ready at the end (a stream keeps what was read, and the result counts no backlog for it).
        r.leftInQueues().ifPresent(n -> assertThat(n).as("ready in the queue at the end").isZero());
        assertThat(r.latency(Metric.PUBLISH_DELAY).count()).isEqualTo(r.counts().published());
    }

    /**
     * A {@code --size} mix of 100 B, 1 KiB and 8 KiB: every message arrives with one of its sizes (the per-size
     * counts add up to all that was received), in about the shares asked for, and a second run with the same
     * seed sends exactly the same number of each size.
     */
    @Test
    protected void aSizeMixSendsEachSizeInItsShareAndMeasuresLatencyPerSize() {
        io.amqpharness.scenario.SizeMix mix = io.amqpharness.scenario.SizeMix.parse("100:50%,1kb:40%,8kb:10%")
                .orElseThrow();
        java.util.function.Supplier<RunResult> run = () -> new LoadRunner(scenario().size(mix).seed(11)
                .producerMessageCount(4_000).confirm(200).qos(200).build()).run();
        RunResult r = run.get();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).isEqualTo(4_000);
        assertThat(r.counts().lost()).isZero();
        assertThat(r.latencyBySize()).extracting(io.amqpharness.measure.SizeLatency::bytes)
                .containsExactly(100, 1024, 8192);
        long[] counts = r.latencyBySize().stream().mapToLong(s -> s.endToEnd().count()).toArray();
        assertThat(counts[0] + counts[1] + counts[2]).as("every body arrived with a size of the mix")
                .isEqualTo(4_000).isEqualTo(r.latency(Metric.END_TO_END).count());
        // Five binomial standard deviations of 4,000 draws: 158, 155 and 95 messages.
        assertThat(counts[0]).isBetween(2_000L - 158, 2_000L + 158);
        assertThat(counts[1]).isBetween(1_600L - 155, 1_600L + 155);
        assertThat(counts[2]).isBetween(400L - 95, 400L + 95);
        RunResult again = run.get();
        assertThat(again.latencyBySize()).extracting(s -> s.endToEnd().count())
                .as("the same seed sends the same sizes").containsExactly(counts[0], counts[1], counts[2]);
    }

    /** A consumer's message goal of 300 ends the run at 300. */
    @Test
    @BrokerIndependent(Why.HARNESS_SIDE)
    protected void aConsumersMessageGoalEndsTheRun() {
        RunResult r = new LoadRunner(scenario().rate(500).consumerMessageCount(300).qos(100).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).isEqualTo(300);
    }

    /** Two consumers of one stream are independent readers: each reads all 300 messages, and neither is the other's duplicate. */
    @Test
    protected void everyConsumerOfAStreamReadsEveryMessageWithoutFalseDuplicatesOrLosses() {
        RunResult r = new LoadRunner(scenario().queueType(QueueType.STREAM).consumers(2).producerMessageCount(300)
                .confirm(50).streamOffset(new StreamOffset.First()).build()).run();
        assertThat(r.failure()).isEmpty();
        assertThat(r.counts().consumed()).as("two independent readers").isEqualTo(600);
        assertThat(r.counts().duplicated()).isZero();
        assertThat(r.counts().lost()).isZero();
        assertThat(r.counts().outOfOrder()).isZero();
        assertThat(r.expectedDeliveries()).hasValue(600);
        assertThat(r.counts().ownUnique()).as("each consumer's first receipts").isEqualTo(600);
    }

    /** A kept stream of 1,000 messages read from first, offset 900, next, an interval and a future timestamp. */
    @Test
    protected void aStreamIsReadFromEachOffsetSpec() throws Exception {
        String queue = unique("contract-stream");
        try {
            RunResult published = new LoadRunner(scenario().queueType(QueueType.STREAM).queue(queue).keepTopology(true)
                    .consumers(0).producerMessageCount(1_000).confirm(100).build()).run();
            assertThat(published.counts().confirmed()).isEqualTo(1_000);
            RunResult read = new LoadRunner(reader(queue).streamOffset(new StreamOffset.First())
                    .consumerMessageCount(1_000).build()).run();
            assertThat(read.counts().consumed()).isEqualTo(1_000);
            assertThat(read.counts().foreign()).as("published by the earlier run").isEqualTo(1_000);
            assertThat(read.counts().duplicated()).isZero();
            checkStreamRead(read);
            RunResult fromOffset = new LoadRunner(reader(queue).streamOffset(new StreamOffset.Offset(900))
                    .time(Duration.ofSeconds(1)).build()).run();
            assertThat(fromOffset.counts().consumed()).isEqualTo(100);
            assertThat(fromOffset.counts().lost()).as("a stream read from an offset misses nothing before it").isZero();
            RunResult fromNext = new LoadRunner(reader(queue).streamOffset(new StreamOffset.Next())
                    .time(Duration.ofSeconds(1)).build()).run();
            assertThat(fromNext.counts().consumed()).isZero();
            RunResult fromInterval = new LoadRunner(reader(queue).streamOffset(new StreamOffset.Interval("1h"))
                    .consumerMessageCount(1_000).build()).run();
            assertThat(fromInterval.counts().consumed()).isEqualTo(1_000);
            RunResult fromTimestamp = new LoadRunner(reader(queue)
                    .streamOffset(new StreamOffset.Timestamp(Instant.now().plusSeconds(3600)))
                    .time(Duration.ofSeconds(1)).build()).run();
            assertThat(fromTimestamp.counts().consumed()).as("nothing stored after an hour from now").isZero();
            assertThat(management().queue("/", queue)).as("a stream the run did not create stays").isPresent();
        } finally {
            deleteQueue(queue);
        }
    }

    private Scenario.Builder reader(String stream) {
        return scenario().queueType(QueueType.STREAM).queue(stream).keepTopology(true).producers(0);
    }

    /** A predeclared queue that is not there: one sentence naming it ({@link #checkMissingQueueSentence}). */
    @Test
    @BrokerIndependent(Why.HARNESS_SIDE)
    protected void aPredeclaredQueueThatIsNotThereIsOneSentence() {
        String queue = unique("contract-missing");
        assertThatThrownBy(() -> new LoadRunner(scenario().predeclared(true).queue(queue).build()).run())
                .isInstanceOf(HarnessException.class)
                .satisfies(e -> checkMissingQueueSentence(e.getMessage(), queue));
    }

    /** Port 1: one sentence within 10 s ({@link #checkUnreachableSentence}), without the password. */
    @Test
    @BrokerIndependent(Why.NO_BROKER)
    protected void aPortWhereNothingListensIsOneSentenceWithinSecondsWithoutThePassword() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> new LoadRunner(scenario().uri(unreachableUri()).build()).run())
                .isInstanceOf(BrokerUnreachableException.class)
                .satisfies(e -> checkUnreachableSentence(e.getMessage()))
                .message().doesNotContain("topsecret");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    /** A wrong password: one sentence naming the user, without the password. */
    @Test
    @BrokerIndependent(Why.HARNESS_SIDE)
    protected void aWrongPasswordIsOneSentenceWithoutThePassword() {
        assertThatThrownBy(() -> new LoadRunner(scenario().uri(wrongPasswordUri()).build()).run())
                .isInstanceOf(BrokerUnreachableException.class)
                .hasMessageContaining("refused the credentials of user 'guest'")
                .message().doesNotContain("wrong-password");
    }
}
