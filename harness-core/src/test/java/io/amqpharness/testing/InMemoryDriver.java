package io.amqpharness.testing;

import io.amqpharness.spi.BrokerControl;
import io.amqpharness.spi.BrokerInfo;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DeclaredTopology;
import io.amqpharness.spi.DeliveryListener;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.DriverException;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.spi.TopologyPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fake broker in the test JVM: one FIFO per queue, confirms settled on a broker thread
 * (optionally nacked, batched with the multiple flag or withheld), deliveries pushed under a
 * prefetch limit, settlement checked for double acks. Tests configure it through {@link #behavior}.
 */
public final class InMemoryDriver implements ProtocolDriver {

    /**
     * What the fake broker does.
     *
     * @param nackEvery     nack every n-th message (0: never)
     * @param confirmBatch  confirm with one multiple ack every n messages (1: each on its own)
     * @param withholdConfirms never confirm (to test timeouts)
     * @param returnAll     return every message as unroutable (mandatory)
     * @param failAfter     fail the publisher link after this many sends (0: never)
     * @param dropEvery     confirm but silently drop every n-th message (0: never): loss behind the harness's back
     * @param duplicateEvery enqueue every n-th message twice (0: never)
     * @param swapPairs     deliver messages 2k+1 and 2k+2 in swapped order
     */
    public record Behavior(int nackEvery, int confirmBatch, boolean withholdConfirms, boolean returnAll, int failAfter,
                           int dropEvery, int duplicateEvery, boolean swapPairs) {
        public static final Behavior NORMAL = new Behavior(0, 1, false, false, 0, 0, 0, false);

        public Behavior(int nackEvery, int confirmBatch, boolean withholdConfirms, boolean returnAll, int failAfter) {
            this(nackEvery, confirmBatch, withholdConfirms, returnAll, failAfter, 0, 0, false);
        }
    }

    /** The behaviour of drivers created from now on. */
    public static volatile Behavior behavior = Behavior.NORMAL;
    /**
     * A slow start: for this long after a driver's first delivery, each delivery waits {@link #SLOW_DELIVERY}
     * before it is handed over, as a cold client or broker might (zero: never). Reset by tests. It counts from
     * the first delivery, not from the driver's creation, so that a set-up slowed by a loaded machine does
     * not eat into it: the slow period then always ends at least this long after the run started.
     */
    public static volatile java.time.Duration slowStart = java.time.Duration.ZERO;
    /** How long each delivery waits during {@link #slowStart}. */
    public static final java.time.Duration SLOW_DELIVERY = java.time.Duration.ofMillis(20);
    /**
     * How long the fake broker takes to take in and confirm each message (zero: at once); with a
     * confirm window of W, a publisher then sends at most W / delay messages per second. Reset by tests.
     */
    public static volatile java.time.Duration confirmDelay = java.time.Duration.ZERO;
    /**
     * Messages the fake broker confirms (or, without confirms, accepts) but never stores, by
     * sequence: lost behind the harness's back where the tests choose (none by default). Reset by tests.
     */
    public static volatile java.util.function.LongPredicate neverStored = seq -> false;
    /**
     * Sequences the broker stores but never delivers: they stay in the queue and count in its depth,
     * as prefetched messages a closing consumer returns to the queue at the end of a run.
     */
    public static volatile java.util.function.LongPredicate neverDelivered = seq -> false;
    /**
     * How long after it took a message in (and confirmed it, with confirms) the fake broker stores
     * it in its queue (zero: at once): a backlog in the sockets and the broker's processes that a
     * publisher's {@code flush} does not wait for, and closing its link does. Reset by tests.
     */
    public static volatile java.time.Duration storeDelay = java.time.Duration.ZERO;
    /**
     * How many messages a second the fake broker's queues take in from their mailbox (zero: not used,
     * each is stored as it arrives): a saturated queue whose mailbox backlog closing the publisher does
     * not wait for. RabbitMQ answers a depth read ahead of that backlog, so such a queue's depth still
     * grows after the publishers' channels closed, and grows without pauses until the mailbox is empty
     * (a queue process works through its mailbox in order, whatever pauses the publishers had). Reset by
     * tests.
     */
    public static volatile int queueIngestRate;
    /** The ticks at which the mailboxes ({@link #queueIngestRate}) hand messages to their queues. */
    private static final long INGEST_TICK_NANOS = 10_000_000L;
    private static final java.util.concurrent.ScheduledExecutorService INGEST =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "in-memory-ingest");
                t.setDaemon(true);
                return t;
            });
    /**
     * How long each send takes on the sending thread (zero: no time), to saturate a publisher's thread: the
     * thread parks for at least this long, as a send blocked on a socket would, so a saturated publisher costs
     * the machine no CPU (the test JVMs share two cores with other forks). Reset by tests.
     */
    public static volatile java.time.Duration sendTime = java.time.Duration.ZERO;
    /** Settlement errors seen by any consumer (double acks, unknown tags). */
    public static final List<String> ERRORS = new CopyOnWriteArrayList<>();
    /** Every driver created, most recent last. */
    public static final List<InMemoryDriver> CREATED = new CopyOnWriteArrayList<>();
    /** A scenario for the in-memory broker: 100 ms intervals and a 10 s drain, as the run tests use. */
    public static io.amqpharness.scenario.Scenario.Builder scenario() {
        return io.amqpharness.scenario.Scenario.builder().protocol("in-memory")
                .interval(java.time.Duration.ofMillis(100)).drainTimeout(java.time.Duration.ofSeconds(10));
    }

    /** Puts the fake broker back to normal behaviour and forgets what earlier runs recorded; before and after each test. */
    public static void reset() {
        behavior = Behavior.NORMAL;
        neverStored = seq -> false;
        neverDelivered = seq -> false;
        storeDelay = java.time.Duration.ZERO;
        queueIngestRate = 0;
        sendTime = java.time.Duration.ZERO;
        MOST_HELD.set(0);
        ERRORS.clear();
        SEND_THREADS.clear();
    }

    /**
     * The most messages any publisher link sent without an {@code aboutToWait} or {@code flush} in
     * between: what a driver that holds writes back (CorkedSockets) would hold at most. Reset by tests.
     */
    public static final java.util.concurrent.atomic.AtomicLong MOST_HELD = new java.util.concurrent.atomic.AtomicLong();

    /** The names of the threads that sent, without their numbers ("harness-pacing-"); cleared by tests. */
    public static final java.util.Set<String> SEND_THREADS = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** What each consumer's listener answered to {@link DeliveryListener#mayWait()}, in start order. */
    public final List<Boolean> listenersMayWait = new CopyOnWriteArrayList<>();
    private final Behavior b;
    private final long slowStartNanos;
    /** When the slow start ends, set at the first delivery; empty before it. */
    private final java.util.concurrent.atomic.AtomicReference<Long> slowUntilNanos =
            new java.util.concurrent.atomic.AtomicReference<>();
    private final long confirmDelayNanos;
    private final long storeDelayNanos;
    private final int ingestRate;
    /** Messages taken in but not yet in their queue ({@link #queueIngestRate}), in arrival order. */
    private final java.util.Queue<Runnable> mailbox = new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** The task handing the mailbox to the queues, once started. */
    private final java.util.concurrent.atomic.AtomicReference<java.util.concurrent.ScheduledFuture<?>> ingesting =
            new java.util.concurrent.atomic.AtomicReference<>();
    private final long sendNanos;
    private final Map<String, LinkedBlockingDeque<Message>> queues = new ConcurrentHashMap<>();
    /** Messages stored in each queue but never delivered ({@link #neverDelivered}): they count in its depth. */
    private final Map<String, java.util.concurrent.atomic.AtomicLong> parked = new ConcurrentHashMap<>();
    private final List<AutoCloseable> links = new CopyOnWriteArrayList<>();
    final AtomicInteger acks = new AtomicInteger();
    final AtomicInteger multipleAcks = new AtomicInteger();

    record Message(byte[] body, String publisherId, boolean redelivered) {
    }

    InMemoryDriver(DriverSettings context, Behavior behavior) {
        this.b = behavior;
        this.slowStartNanos = slowStart.toNanos();
        this.confirmDelayNanos = confirmDelay.toNanos();
        this.storeDelayNanos = storeDelay.toNanos();
        this.ingestRate = queueIngestRate;
        this.sendNanos = sendTime.toNanos();
        CREATED.add(this);
    }

    /** Whether a delivery now falls in the slow start; the first call starts its clock. */
    private boolean inSlowStart() {
        if (slowStartNanos == 0) {
            return false;
        }
        long now = System.nanoTime();
        slowUntilNanos.compareAndSet(null, now + slowStartNanos);
        return slowUntilNanos.get() - now > 0;
    }

    public int acks() {
        return acks.get();
    }

    public int multipleAcks() {
        return multipleAcks.get();
    }

    @Override
    public BrokerInfo connect() {
        return new BrokerInfo("InMemory", "1.0.0", "JVM", Map.of("product", "InMemory"));
    }

    @Override
    public BrokerControl control() {
        return new BrokerControl() {
            @Override
            public DeclaredTopology declare(TopologyPlan plan) {
                return declareQueues(plan);
            }

            @Override
            public void delete(DeclaredTopology topology) {
                deleteQueues(topology);
            }

            @Override
            public OptionalLong queueDepth(String queue) {
                return depth(queue);
            }
        };
    }

    private DeclaredTopology declareQueues(TopologyPlan plan) {
        List<String> created = new ArrayList<>();
        for (TopologyPlan.Queue q : plan.queues()) {
            queues.computeIfAbsent(q.name(), n -> new LinkedBlockingDeque<>());
            created.add(q.name());
        }
        return new DeclaredTopology(created, List.of());
    }

    private void deleteQueues(DeclaredTopology topology) {
        topology.queues().forEach(queues::remove);
    }

    private OptionalLong depth(String queue) {
        LinkedBlockingDeque<Message> q = queues.get(queue);
        java.util.concurrent.atomic.AtomicLong held = parked.get(queue);
        return q == null ? OptionalLong.empty() : OptionalLong.of(q.size() + (held == null ? 0 : held.get()));
    }

    @Override
    public PublisherLink openPublisher(PublisherSpec spec, PublishOutcomeListener outcomes) {
        ScheduledExecutorService broker = Executors.newSingleThreadScheduledExecutor();
        LinkedBlockingDeque<Message> queue = queues.get(spec.routingKey());
        PublisherLink link = new PublisherLink() {
            private int sends;
            private long unconfirmedFrom = 1;
            /** Sent since the last aboutToWait or flush. */
            private long unflushed;

            @Override
            public void aboutToWait() {
                unflushed = 0;
            }

            @Override
            public void send(long seq, byte[] body, String routingKey) {
                SEND_THREADS.add(Thread.currentThread().getName().replaceAll("[0-9]+$", ""));
                MOST_HELD.accumulateAndGet(++unflushed, Math::max);
                if (sendNanos > 0) {
                    for (long until = System.nanoTime() + sendNanos, left = sendNanos; left > 0;
                         left = until - System.nanoTime()) {
                        java.util.concurrent.locks.LockSupport.parkNanos(left);
                    }
                }
                if (b.failAfter() > 0 && ++sends > b.failAfter()) {
                    throw new DriverException("The fake broker closed the channel.");
                }
                byte[] copy = body.clone();
                later(() -> {
                    if (b.returnAll() && spec.mandatory()) {
                        outcomes.returned(copy, 0, copy.length);
                    } else if (b.nackEvery() == 0 || seq % b.nackEvery() != 0) {
                        Runnable store = () -> enqueue(queue, new Message(copy, spec.publisherId(), false), seq);
                        if (ingestRate > 0) {
                            toMailbox(store);
                        } else if (storeDelayNanos > 0) {
                            broker.schedule(store, storeDelayNanos, TimeUnit.NANOSECONDS);
                        } else {
                            store.run();
                        }
                    }
                    if (!spec.confirms() || b.withholdConfirms()) {
                        return;
                    }
                    if (b.nackEvery() > 0 && seq % b.nackEvery() == 0) {
                        if (unconfirmedFrom < seq) {
                            outcomes.settled(seq - 1, true, PublishOutcome.CONFIRMED);
                        }
                        outcomes.settled(seq, false, PublishOutcome.NACKED);
                        unconfirmedFrom = seq + 1;
                    } else if (seq - unconfirmedFrom + 1 >= b.confirmBatch()) {
                        outcomes.settled(seq, b.confirmBatch() > 1, PublishOutcome.CONFIRMED);
                        unconfirmedFrom = seq + 1;
                    }
                });
            }

            /** Runs on the broker thread, after {@link #confirmDelay} if one is set (in order: equal delays keep it). */
            private void later(Runnable work) {
                if (confirmDelayNanos > 0) {
                    broker.schedule(work, confirmDelayNanos, TimeUnit.NANOSECONDS);
                } else {
                    broker.execute(work);
                }
            }

            private Message held;

            private void enqueue(LinkedBlockingDeque<Message> q, Message m, long seq) {
                if (q == null || (b.dropEvery() > 0 && seq % b.dropEvery() == 0) || neverStored.test(seq)) {
                    return;
                }
                if (neverDelivered.test(seq)) {
                    parked.computeIfAbsent(spec.routingKey(), k -> new java.util.concurrent.atomic.AtomicLong())
                            .incrementAndGet();
                    return;
                }
                if (b.swapPairs() && seq % 2 == 1) {
                    held = m;
                    return;
                }
                q.add(m);
                if (held != null) {
                    q.add(held);
                    held = null;
                }
                if (b.duplicateEvery() > 0 && seq % b.duplicateEvery() == 0) {
                    q.add(m);
                }
            }

            @Override
            public void flush() {
                unflushed = 0;
                try {
                    broker.schedule(() -> { }, confirmDelayNanos, TimeUnit.NANOSECONDS).get(5, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public void close() {
                broker.shutdown();
                try {
                    broker.awaitTermination(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        links.add(link);
        return link;
    }

    @Override
    public ConsumerLink openConsumer(ConsumerSpec spec) {
        FakeConsumer c = new FakeConsumer(queues.get(spec.queue()), spec);
        links.add(c);
        return c;
    }

    /** Puts a message in the mailbox ({@link #queueIngestRate}); the first starts the queues' intake. */
    private void toMailbox(Runnable store) {
        mailbox.add(store);
        if (ingesting.get() == null) {
            long perTick = Math.max(1, Math.round(ingestRate * (INGEST_TICK_NANOS / 1e9)));
            java.util.concurrent.ScheduledFuture<?> task = INGEST.scheduleAtFixedRate(() -> {
                for (long i = 0; i < perTick; i++) {
                    Runnable next = mailbox.poll();
                    if (next == null) {
                        return;
                    }
                    next.run();
                }
            }, INGEST_TICK_NANOS, INGEST_TICK_NANOS, TimeUnit.NANOSECONDS);
            if (!ingesting.compareAndSet(null, task)) {
                task.cancel(false);
            }
        }
    }

    @Override
    public void close() {
        java.util.concurrent.ScheduledFuture<?> task = ingesting.get();
        if (task != null) {
            task.cancel(false);
        }
        for (AutoCloseable l : links) {
            try {
                l.close();
            } catch (Exception e) {
                // ignore
            }
        }
    }

    private final class FakeConsumer implements ConsumerLink {
        private final LinkedBlockingDeque<Message> queue;
        private final ConsumerSpec spec;
        private final Semaphore prefetch;
        private final TreeSet<Long> unacked = new TreeSet<>();
        private final Map<Long, Message> inFlight = new ConcurrentHashMap<>();
        private volatile boolean running = true;
        private Thread thread;

        FakeConsumer(LinkedBlockingDeque<Message> queue, ConsumerSpec spec) {
            this.queue = queue;
            this.spec = spec;
            this.prefetch = new Semaphore(spec.autoAck() ? Integer.MAX_VALUE : spec.prefetch().orElse(Integer.MAX_VALUE));
        }

        @Override
        public void start(DeliveryListener listener) {
            listenersMayWait.add(listener.mayWait());
            thread = new Thread(() -> {
                long tag = 0;
                try {
                    while (running) {
                        if (!prefetch.tryAcquire(10, TimeUnit.MILLISECONDS)) {
                            continue;
                        }
                        Message m = queue.poll(10, TimeUnit.MILLISECONDS);
                        if (m == null) {
                            prefetch.release();
                            continue;
                        }
                        if (inSlowStart()) {
                            Thread.sleep(SLOW_DELIVERY.toMillis());
                        }
                        tag++;
                        if (!spec.autoAck()) {
                            synchronized (unacked) {
                                unacked.add(tag);
                            }
                            inFlight.put(tag, m);
                        }
                        listener.delivered(tag, m.body(), 0, m.body().length, m.redelivered(), m.publisherId());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "fake-consumer-" + spec.index());
            thread.start();
        }

        @Override
        public boolean supportsMultipleAck() {
            return true;
        }

        @Override
        public void ack(long tag, boolean multiple) {
            settle(tag, multiple, false, false);
        }

        @Override
        public void nack(long tag, boolean multiple, boolean requeue) {
            settle(tag, multiple, true, requeue);
        }

        @Override
        public void reject(long tag, boolean requeue) {
            settle(tag, false, true, requeue);
        }

        private void settle(long tag, boolean multiple, boolean nack, boolean requeue) {
            List<Long> settled = new ArrayList<>();
            synchronized (unacked) {
                if (!unacked.contains(tag)) {
                    ERRORS.add("unknown or already settled delivery tag " + tag);
                    return;
                }
                if (multiple) {
                    settled.addAll(unacked.headSet(tag, true));
                    unacked.headSet(tag, true).clear();
                } else {
                    unacked.remove(tag);
                    settled.add(tag);
                }
            }
            if (!nack) {
                acks.incrementAndGet();
                if (multiple) {
                    multipleAcks.incrementAndGet();
                }
            }
            for (Long t : settled) {
                Message m = inFlight.remove(t);
                if (nack && requeue && m != null) {
                    queue.addFirst(new Message(m.body(), m.publisherId(), true));
                }
            }
            prefetch.release(settled.size());
        }

        @Override
        public void cancel() {
            running = false;
        }

        @Override
        public void close() {
            running = false;
            if (thread != null) {
                try {
                    thread.join(5_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
