package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.flow.ConfirmTracker;
import io.amqpharness.measure.Counters;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.NanoClock;
import io.amqpharness.measure.Outages;
import io.amqpharness.scenario.MessageProperties;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.spi.BrokerControl;
import io.amqpharness.spi.BrokerInfo;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeclaredTopology;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.spi.TopologyPlan;
import io.amqpharness.testing.Await;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Recovering publishers and consumers against a scripted driver whose links fail on cue. */
class RecoveringLinksTest {
    /** A listener that takes deliveries and failures and does nothing with them. */
    private static final DeliveryListener IGNORING = new DeliveryListener() {
        @Override
        public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String id) {
        }

        @Override
        public void failed(Throwable cause) {
        }
    };
    private final Outages outages = new Outages(NanoClock.SYSTEM);
    private final Script driver = new Script();
    private final Recovery recovery = new Recovery(driver, Optional.empty(), new RunControl(1, 0, Thread.currentThread()),
            NanoClock.SYSTEM, Duration.ofSeconds(30), outages);

    @AfterEach
    void close() {
        recovery.close();
    }

    @Test
    void aPublisherReconnectsWhenItsLinkFailsNotAtItsNextSend() throws Exception {
        // The first link takes message 1, then reports its connection dropped. At 1 msg/s the next
        // send is a second away: the outage must not last until then.
        Counters counters = new Counters();
        ConfirmTracker tracker = tracker(counters);
        driver.publisher = (outcomes, n) -> new PublisherLink() {
            @Override
            public void send(long seq, byte[] body, String routingKey) {
                if (n == 1) {
                    outcomes.failed(new DriverException("connection reset"));
                } else {
                    outcomes.settled(seq, false, PublishOutcome.CONFIRMED);
                }
            }

            @Override
            public void close() {
            }
        };
        RecoveringPublisher p = RecoveringPublisher.open(publisherSpec(), tracker, Optional.of(tracker), recovery);
        tracker.register(1, System.nanoTime());
        p.send(1, new byte[12], "q");
        assertThat(driver.publishersOpened.await(10, TimeUnit.SECONDS)).as("a new link, without another send").isTrue();
        awaitReconnected();
        assertThat(counters.inDoubt.sum()).as("message 1 went out on the link that failed").isEqualTo(1);
        assertThat(tracker.pending()).isZero();
        tracker.register(2, System.nanoTime());
        p.send(2, new byte[12], "q");
        assertThat(counters.confirmed.sum()).as("message 2 on the new link").isEqualTo(1);
        assertThat(outages.summary().disconnects()).isEqualTo(1);
        p.close();
    }

    @Test
    void aLinkThatOpensButCannotPublishYetDoesNotEndTheOutage() {
        // A stream producer reopened while its partition has no leader: the open succeeds, the next send
        // fails again, for 1.5 s. That is one outage of about 1.5 s, not dozens of short ones.
        Counters counters = new Counters();
        ConfirmTracker tracker = tracker(counters);
        long[] failedAt = {0};
        driver.publisher = (outcomes, n) -> new PublisherLink() {
            @Override
            public void send(long seq, byte[] body, String routingKey) {
                if (n == 1) {
                    failedAt[0] = System.nanoTime();
                    throw new DriverException("Not leader available");
                }
                if (System.nanoTime() - failedAt[0] < 1_500_000_000L) {
                    throw new DriverException("Not leader available");
                }
                outcomes.settled(seq, false, PublishOutcome.CONFIRMED);
            }

            @Override
            public void close() {
            }
        };
        RecoveringPublisher p = RecoveringPublisher.open(publisherSpec(), tracker, Optional.of(tracker), recovery);
        tracker.register(1, System.nanoTime());
        p.send(1, new byte[12], "q");
        Outages.Summary s = outages.summary();
        System.out.printf("disconnects %d, downtime %s, links opened %d%n", s.disconnects(), s.downtime(),
                driver.opened());
        assertThat(s.disconnects()).as("one outage").isEqualTo(1);
        assertThat(s.downtime()).as("down until a send went through").isGreaterThanOrEqualTo(Duration.ofMillis(1_400));
        assertThat(s.connections()).noneMatch(Outages.Connection::stillDown);
        assertThat(driver.opened()).as("reopened with backoff, not in a tight loop").isLessThan(12);
        assertThat(counters.confirmed.sum()).isEqualTo(1);
        p.close();
    }

    @Test
    void aLinkThatBreaksAsItWritesItsLastSendsLeavesThemInDoubtInsteadOfFailingTheRun() {
        // A cluster node killed under a publisher whose sends were held back for one write: the write at
        // the end of publishing met "Broken pipe" before the connection reported itself lost, and the run
        // failed with "Publishing failed: Broken pipe." instead of recovering.
        Counters counters = new Counters();
        ConfirmTracker tracker = tracker(counters);
        driver.publisher = (outcomes, n) -> new PublisherLink() {
            @Override
            public void send(long seq, byte[] body, String routingKey) {
            }

            @Override
            public void flush() {
                throw new DriverException("Publishing failed: Broken pipe.");
            }

            @Override
            public void close() {
            }
        };
        RecoveringPublisher p = RecoveringPublisher.open(publisherSpec(), tracker, Optional.of(tracker), recovery);
        tracker.register(1, System.nanoTime());
        p.send(1, new byte[12], "q");
        p.flush();
        assertThat(counters.inDoubt.sum()).as("message 1 awaited its confirm on the broken link").isEqualTo(1);
        assertThat(tracker.pending()).isZero();
        assertThat(outages.summary().disconnects()).isEqualTo(1);
        p.close();
    }

    @Test
    void aConsumerLinkThatFinishesOpeningAfterTheConsumerClosedIsClosedNotLeftConsuming() throws Exception {
        CountDownLatch reopening = new CountDownLatch(1);
        CountDownLatch closedMeanwhile = new CountDownLatch(1);
        CountDownLatch reopened = new CountDownLatch(1);
        List<FakeConsumer> links = new CopyOnWriteArrayList<>();
        driver.consumer = spec -> {
            boolean again = !links.isEmpty();
            if (again) {
                reopening.countDown();
                try {
                    closedMeanwhile.await(10, TimeUnit.SECONDS); // the run ends while the broker answers
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            FakeConsumer c = new FakeConsumer();
            links.add(c);
            if (again) {
                reopened.countDown();
            }
            return c;
        };
        RecoveringConsumer c = RecoveringConsumer.open(consumerSpec(), recovery);
        c.start(IGNORING);
        links.get(0).listener.failed(new DriverException("connection reset"));
        assertThat(reopening.await(10, TimeUnit.SECONDS)).isTrue();
        c.cancel();
        c.close();
        closedMeanwhile.countDown();
        assertThat(reopened.await(10, TimeUnit.SECONDS)).as("the second link opened").isTrue();
        assertThat(links).hasSize(2);
        assertThat(links.get(1).closing.await(10, TimeUnit.SECONDS)).as("the link opened after the close is closed").isTrue();
        assertThat(links.get(1).closed).as("the link opened after the close").isTrue();
        assertThat(links.get(1).started).as("nobody consumes from it").isFalse();
    }

    @Test
    void aConsumerLinkWhoseConnectionClosesBeforeItStartsIsOpenedAgainInsteadOfFailingTheRun() {
        // ConnectionLossIT's flake in CI: the broker closed the connection between the link's opening and its start,
        // whose first credit then failed ("Cannot add credit: ENGINE_SHUTDOWN"), and the run ended on an unexpected error.
        List<FakeConsumer> links = new CopyOnWriteArrayList<>();
        driver.consumer = spec -> {
            FakeConsumer c = links.isEmpty() ? new FakeConsumer() {
                @Override
                public void start(DeliveryListener l) {
                    throw new IllegalStateException("Cannot add credit: ENGINE_SHUTDOWN");
                }
            } : new FakeConsumer();
            links.add(c);
            return c;
        };
        RecoveringConsumer c = RecoveringConsumer.open(consumerSpec(), recovery);
        c.start(IGNORING);
        Await.until("a second link started", Duration.ofSeconds(10), () -> links.size() >= 2 && links.get(1).started);
        awaitReconnected();
        assertThat(outages.summary().disconnects()).isEqualTo(1);
        c.close();
    }

    @Test
    void anAckOfTheOldLinkThatComesAfterTheSwapSettlesNothingOnTheNewOne() throws Exception {
        // A slow consumer (--consumer-latency) is still handing over delivery 5 of the first link
        // when that link fails and recovery opens a second one, whose tags start again at 1. Its
        // multiple ack for 5 must not settle deliveries 1..5 of the new link, not handed over yet.
        List<FakeConsumer> links = new CopyOnWriteArrayList<>();
        driver.consumer = spec -> {
            FakeConsumer c = new FakeConsumer();
            links.add(c);
            return c;
        };
        List<Long> tags = new CopyOnWriteArrayList<>();
        RecoveringConsumer c = RecoveringConsumer.open(consumerSpec(), recovery);
        c.start(new DeliveryListener() {
            @Override
            public void delivered(long tag, byte[] body, int offset, int length, boolean redelivered, String id) {
                tags.add(tag);
            }

            @Override
            public void failed(Throwable cause) {
            }
        });
        links.get(0).listener.delivered(5, new byte[12], 0, 12, false, "run-p0");
        long old = tags.get(0);
        links.get(0).listener.failed(new DriverException("connection reset"));
        awaitReconnected();
        Await.until("the new link started", Duration.ofSeconds(10),
                () -> links.size() >= 2 && links.get(1).listener != null);
        assertThat(links).hasSize(2);
        links.get(1).listener.delivered(1, new byte[12], 0, 12, false, "run-p0");
        long fresh = tags.get(1);
        assertThat(fresh).as("each link's tags stay apart").isNotEqualTo(old);

        c.ack(old, true); // the old hand-over ends now
        c.nack(old, false, true);
        c.reject(old, true);
        assertThat(links.get(1).settled).as("the old link's tag settles nothing on the new link").isEmpty();

        c.ack(fresh, true);
        assertThat(links.get(1).settled).containsExactly("ack 1 multiple");
        links.get(0).listener.failed(new DriverException("late news of the old link"));
        assertThat(outages.summary().disconnects()).as("a link already replaced breaks nothing").isEqualTo(1);
        c.close();
    }

    /** A confirm window of 10 with a 30 s timeout, counting into {@code counters}. */
    private static ConfirmTracker tracker(Counters counters) {
        return new ConfirmTracker(10, 10, 30_000_000_000L, counters, new LatencyRecorder("confirm"), NanoClock.SYSTEM);
    }

    private void awaitReconnected() {
        Await.until("every connection back up", Duration.ofSeconds(10),
                () -> outages.summary().connections().stream().noneMatch(Outages.Connection::stillDown));
        assertThat(outages.summary().connections()).noneMatch(Outages.Connection::stillDown);
    }

    private static PublisherSpec publisherSpec() {
        return new PublisherSpec(0, "run-p0", "harness-run-p0", "", "q", false, false, true, OptionalInt.empty(),
                MessageProperties.NONE, OptionalInt.of(100));
    }

    private static ConsumerSpec consumerSpec() {
        return new ConsumerSpec(0, "harness-run-c0", "q", QueueType.CLASSIC, OptionalInt.of(10), false, Optional.empty(),
                Map.of(), false, Duration.ZERO, Optional.empty());
    }

    private static class FakeConsumer implements ConsumerLink {
        volatile DeliveryListener listener;
        volatile boolean started;
        volatile boolean closed;
        final CountDownLatch closing = new CountDownLatch(1);
        final List<String> settled = new CopyOnWriteArrayList<>();

        @Override
        public void start(DeliveryListener l) {
            listener = l;
            started = !closed;
        }

        @Override
        public boolean supportsMultipleAck() {
            return true;
        }

        @Override
        public void ack(long tag, boolean multiple) {
            settled.add("ack " + tag + (multiple ? " multiple" : ""));
        }

        @Override
        public void nack(long tag, boolean multiple, boolean requeue) {
            settled.add("nack " + tag);
        }

        @Override
        public void reject(long tag, boolean requeue) {
            settled.add("reject " + tag);
        }

        @Override
        public void cancel() {
            started = false;
        }

        @Override
        public void close() {
            closed = true;
            started = false;
            closing.countDown();
        }
    }

    /** A driver whose links the test scripts; the n-th publisher link opened is told its number. */
    private static final class Script implements ProtocolDriver {
        interface Publishers {
            PublisherLink open(PublishOutcomeListener outcomes, int n);
        }

        volatile Publishers publisher;
        volatile Function<ConsumerSpec, ConsumerLink> consumer;
        final CountDownLatch publishersOpened = new CountDownLatch(2);
        private int opened;

        @Override
        public BrokerInfo connect() {
            return new BrokerInfo("Script", "1", "JVM", Map.of());
        }

        @Override
        public BrokerControl control() {
            return new BrokerControl() {
                @Override
                public DeclaredTopology declare(TopologyPlan plan) {
                    return new DeclaredTopology(List.of(), List.of());
                }

                @Override
                public void delete(DeclaredTopology topology) {
                }
            };
        }

        synchronized int opened() {
            return opened;
        }

        @Override
        public synchronized PublisherLink openPublisher(PublisherSpec spec, PublishOutcomeListener outcomes) {
            PublisherLink l = publisher.open(outcomes, ++opened);
            publishersOpened.countDown();
            return l;
        }

        @Override
        public ConsumerLink openConsumer(ConsumerSpec spec) {
            return consumer.apply(spec);
        }

        @Override
        public void close() {
        }
    }
}
