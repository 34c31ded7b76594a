package io.amqpharness.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The fluent setters of {@link Scenario.Builder}: each puts its value into the draft's map under its
 * {@link Setting} ({@link DraftValues}), before validation. A setting never set has its declared
 * default; an optional one without a default becomes an empty {@code Optional} in the scenario.
 * Setters are grouped as in {@code docs/options.md}.
 *
 * @param <B> the builder type, for fluent calls
 */
abstract class ScenarioDraft<B extends ScenarioDraft<B>> extends DraftValues {
    final Map<Setting, String> spelling = new EnumMap<>(Setting.class);

    abstract B self();

    /** Records how the user spelled an option ({@code -q} or {@code --qos}) for messages. */
    public B spelledAs(Setting setting, String spelled) {
        spelling.put(setting, spelled);
        return self();
    }

    // ---- connection ----

    /** Broker address, {@code amqp://user:pass@host:port/vhost}; default {@code amqp://localhost:5672}. */
    public B uri(String value) { return set(Setting.URI, value); }

    /** Driver id, {@code amqp091} (default), {@code amqp10} or {@code stream}. */
    public B protocol(String value) { return set(Setting.PROTOCOL, value); }

    /**
     * CA certificates (PEM, PKCS#12 or JKS file) the broker's certificate must chain to, for
     * {@code amqps://}; default the JVM's trust store.
     */
    public B tlsTrustStore(String path) { return set(Setting.TLS_TRUST_STORE, path); }

    /** Password of a PKCS#12 or JKS trust store; default none. */
    public B tlsTrustStorePassword(String value) { return set(Setting.TLS_TRUST_STORE_PASSWORD, value); }

    /** Client certificate and key (PKCS#12 or JKS file) presented to the broker; default none. */
    public B tlsKeyStore(String path) { return set(Setting.TLS_KEY_STORE, path); }

    /** Password of the key store and its key; default none. */
    public B tlsKeyStorePassword(String value) { return set(Setting.TLS_KEY_STORE_PASSWORD, value); }

    /** Trust any broker certificate and skip the host name check; default off. For tries only. */
    public B tlsInsecure(boolean value) { return set(Setting.TLS_INSECURE, value); }

    /** AMQP 1.0 address format; default {@link AddressFormat#AUTO} (from the broker's version). */
    public B addressFormat(AddressFormat value) { return set(Setting.ADDRESS_FORMAT, value); }

    // ---- publishing ----

    /** Publisher connections; default 1. */
    public B producers(int value) { return set(Setting.PRODUCERS, value); }

    /** Publishers (channels or 1.0 links) per publisher connection; default 1. */
    public B producerChannelCount(int value) { return set(Setting.PRODUCER_CHANNELS, value); }

    /** Body size in bytes, at least 12; default 12. */
    public B size(long bytes) { return set(Setting.SIZE, SizeMix.fixed((int) Math.min(Math.max(bytes, 0), Integer.MAX_VALUE))); }
    /** {@code --size} as a mix: each message's size drawn from the shares (seeded by {@code --seed}). */
    public B size(SizeMix sizes) { return set(Setting.SIZE, sizes); }

    /** Body sizes following each other on a repeating schedule; default one fixed size. */
    public B variableSize(List<SizeStep> steps) { return set(Setting.VARIABLE_SIZE, List.copyOf(steps)); }

    /** Intended rate per publisher in messages per second (fractions allowed, 0 = idle); default unpaced. */
    public B rate(double perSecond) { return set(Setting.RATE, perSecond); }

    /** Intended rate over all publishers, split evenly; default unpaced. */
    public B totalRate(double perSecond) { return set(Setting.TOTAL_RATE, perSecond); }

    /** Per-publisher rates following each other on a repeating schedule; default unpaced. */
    public B variableRate(List<RateStep> steps) { return set(Setting.VARIABLE_RATE, List.copyOf(steps)); }

    /** Messages each publisher sends before it stops; default no limit. */
    public B producerMessageCount(long count) { return set(Setting.PRODUCER_MESSAGES, count); }

    /** Publisher confirms with at most this many unconfirmed messages per publisher; default off. */
    public B confirm(int window) { return set(Setting.CONFIRM, window); }

    /** Count a message as timed out when unconfirmed for this long; default 30 s. */
    public B confirmTimeout(Duration value) { return set(Setting.CONFIRM_TIMEOUT, value); }

    /** AMQP 0.9.1 transactions, committing every this many messages; default off. */
    public B txSize(int messages) { return set(Setting.TX_SIZE, messages); }

    /** Adds a message flag. */
    public B flag(MessageFlag value) { return add(Setting.FLAG, value); }

    /** Message content type; default none. */
    public B contentType(String value) { return put(Setting.MESSAGE_PROPERTIES, "contentType", value); }

    /** Message content encoding; default none. */
    public B contentEncoding(String value) { return put(Setting.MESSAGE_PROPERTIES, "contentEncoding", value); }

    /** Message priority, 0 to 255; default none. */
    public B priority(int value) { return put(Setting.MESSAGE_PROPERTIES, "priority", value); }

    /** Per-message time to live; default none. */
    public B expiration(Duration value) { return put(Setting.MESSAGE_PROPERTIES, "expiration", value); }

    /** The 0.9.1 {@code type} property (1.0 {@code subject}); default none. */
    public B messageType(String value) { return put(Setting.MESSAGE_PROPERTIES, "type", value); }

    /** Adds a message header (1.0: application property); values as {@link TypedArguments}. */
    public B messageHeader(String key, Object value) { return put(Setting.MESSAGE_HEADERS, key, value); }

    /** Routing keys drawn per message with their shares ({@code --routing-keys}); default the run's one key. */
    public B routingKeys(Shares<String> keys) { return set(Setting.ROUTING_KEYS, keys); }

    /** Priorities drawn per message with their shares ({@code --priority}); default none. */
    public B priorities(Shares<Integer> priorities) { return set(Setting.PRIORITY, priorities); }

    /** Per-message TTLs drawn per message with their shares ({@code --message-ttl}); default none. */
    public B messageTtls(Shares<Duration> ttls) { return set(Setting.MESSAGE_TTL, ttls); }

    /** A header whose value is drawn per message ({@code --header}); repeatable, default none. */
    public B header(HeaderShares header) { return add(Setting.HEADER, header); }

    /** Each publisher waits a random time up to this long before its first message; default none. */
    public B producerRandomStartDelay(Duration value) { return set(Setting.PRODUCER_RANDOM_START_DELAY, value); }

    /**
     * A paced publisher parks until this long before each wake-up and spins the rest (a park
     * overshoots by 60-100 µs); {@link Duration#ZERO} parks all the way. Default 0, or with
     * {@link #pacingGranularity} 0 on a publisher's own thread 100 µs (at most a tenth of the gap).
     */
    public B pacingSpin(Duration value) { return set(Setting.PACING_SPIN, value); }

    /** {@code --pacing-threads}: paced publishers share this many threads; 0 gives each its own (default automatic). */
    public B pacingThreads(int value) { return set(Setting.PACING_THREADS, value); }

    /**
     * {@code --pacing-granularity}: a paced publisher wakes at most this often and sends what fell due
     * meanwhile in one burst, each message with its own intended time; {@link Duration#ZERO} wakes for
     * every message. Default 1 ms.
     */
    public B pacingGranularity(Duration value) { return set(Setting.PACING_GRANULARITY, value); }

    // ---- consuming ----

    /** Consumer connections; default 1. */
    public B consumers(int value) { return set(Setting.CONSUMERS, value); }

    /** Consumers (channels or 1.0 links) per consumer connection; default 1. */
    public B consumerChannelCount(int value) { return set(Setting.CONSUMER_CHANNELS, value); }

    /** Consumer prefetch (1.0 link credit), 1 to 65535; default unlimited (200 for streams). */
    public B qos(int prefetch) { return set(Setting.QOS, prefetch); }

    /** Let the broker settle messages as it sends them; default false. */
    public B autoAck(boolean value) { return set(Setting.AUTOACK, value); }

    /** Acknowledge every N messages with the multiple flag; default 1 (each message). */
    public B multiAckEvery(int n) { return set(Setting.MULTI_ACK_EVERY, n); }

    /** Acknowledge pending messages after this long even if fewer than N arrived; default off. */
    public B ackTimeout(Duration value) { return set(Setting.ACK_TIMEOUT, value); }

    /** Percentage of deliveries negatively acknowledged, 0 to 100; default 0. */
    public B nackRate(double percent) { return set(Setting.NACK_RATE, percent); }

    /** Percentage of deliveries rejected, 0 to 100; default 0. */
    public B rejectRate(double percent) { return set(Setting.REJECT_RATE, percent); }

    /** Percentage of nacked and rejected deliveries requeued, 0 to 100; default 0 (discarded). */
    public B requeueRate(double percent) { return set(Setting.REQUEUE, percent); }

    /** Messages each consumer receives before it stops; default no limit. */
    public B consumerMessageCount(long count) { return set(Setting.CONSUMER_MESSAGES, count); }

    /** Simulated processing time per message before it is settled; default none. */
    public B consumerLatency(DurationRange value) { return set(Setting.CONSUMER_LATENCY, value); }

    /** Most messages per second each consumer handles; default no limit. */
    public B consumerRate(double perSecond) { return set(Setting.CONSUMER_RATE, perSecond); }

    /** Consume with {@code basic.get} (0.9.1); default false. */
    public B polling(boolean value) { return set(Setting.POLLING, value); }

    /** With polling, the wait after finding the queue empty; default 0. */
    public B pollingInterval(Duration value) { return set(Setting.POLLING_INTERVAL, value); }

    /** Adds a subscription argument (for example {@code x-priority}). */
    public B consumerArgument(String key, Object value) { return put(Setting.CONSUMER_ARGS, key, value); }

    /** Consumers start this long after publishers; default before them. */
    public B consumerStartDelay(Duration value) { return set(Setting.CONSUMER_START_DELAY, value); }

    /** End the run once consumers drained the queues; default no. */
    public B exitWhen(ExitWhen value) { return set(Setting.EXIT_WHEN, value); }

    /**
     * Request/reply: every consumer answers each message it receives by sending it back to a reply
     * queue the run declares and consumes, and the run measures the round trip (from the request's
     * intended send, or actual send when unpaced, to the reply's receipt); default off.
     */
    public B requestReply(boolean value) { return set(Setting.REQUEST_REPLY, value ? ReplyMode.QUEUE : null); }

    /**
     * Request/reply with replies travelling as {@code mode} says: through a reply queue (both
     * protocols) or AMQP 0.9.1 direct reply-to; default none.
     */
    public B requestReply(ReplyMode mode) { return set(Setting.REQUEST_REPLY, mode); }

    /** Where stream consumers start; default the broker's (next). */
    public B streamOffset(StreamOffset value) { return set(Setting.STREAM_OFFSET, value); }

    // ---- topology ----

    /** Queue type to declare; default classic. */
    public B queueType(QueueType value) { return set(Setting.QUEUE_TYPE, value); }

    /** One queue by name; default {@code harness-<run id>}. */
    public B queue(String name) { return set(Setting.QUEUE, List.of(name)); }

    /** Several queues by name, used round-robin. */
    public B queues(List<String> names) { return set(Setting.QUEUE, List.copyOf(names)); }

    /** Numbered queues: {@code String.format(pattern, n)} for n from {@code from} to {@code to}. */
    public B queuePattern(String pattern, int from, int to) {
        return set(Setting.QUEUE_PATTERN, pattern).set(Setting.QUEUE_PATTERN_FROM, from)
                .set(Setting.QUEUE_PATTERN_TO, to);
    }

    /** The pattern of numbered queues, for example {@code perf-test-%d}; needs the from and to numbers. */
    public B queuePattern(String pattern) { return set(Setting.QUEUE_PATTERN, pattern); }

    /** First number of a queue pattern (included). */
    public B queuePatternFrom(int from) { return set(Setting.QUEUE_PATTERN_FROM, from); }

    /** Last number of a queue pattern (included). */
    public B queuePatternTo(int to) { return set(Setting.QUEUE_PATTERN_TO, to); }

    /** Declare queues that do not survive a restart (classic only); default durable. */
    public B transientQueue(boolean value) { return set(Setting.TRANSIENT_QUEUE, value); }

    /** Queues are deleted when their last consumer goes; default false. */
    public B autoDelete(boolean value) { return set(Setting.AUTO_DELETE, value); }

    /** Each queue belongs to the consumer connection that declares it; default false. */
    public B exclusive(boolean value) { return set(Setting.EXCLUSIVE, value); }

    /** Adds a queue argument; values as {@link TypedArguments}. */
    public B queueArgument(String key, Object value) { return put(Setting.QUEUE_ARGS, key, value); }

    /** {@code x-max-length}: most messages the queue holds. */
    public B maxLength(long messages) { return set(Setting.MAX_LENGTH, messages); }

    /** {@code x-max-length-bytes}: most bytes the queue holds. */
    public B maxLengthBytes(long bytes) { return set(Setting.MAX_LENGTH_BYTES, bytes); }

    /** {@code x-max-age} of a stream, for example {@code 7D} or {@code 1h}. */
    public B maxAge(String spec) { return set(Setting.MAX_AGE, spec); }

    /** {@code x-queue-mode=lazy} (classic queues on RabbitMQ 3.x). */
    public B lazy(boolean value) { return set(Setting.LAZY, value); }

    /** {@code x-quorum-initial-group-size}. */
    public B quorumGroupSize(int members) { return set(Setting.QUORUM_GROUP_SIZE, members); }

    /** {@code x-queue-leader-locator} of the queues the run declares: {@code balanced} or {@code client-local}; default the broker's. */
    public B leaderLocator(String locator) { return set(Setting.LEADER_LOCATOR, locator); }

    /** {@code x-stream-max-segment-size-bytes}. */
    public B streamSegmentSize(long bytes) { return set(Setting.STREAM_SEGMENT_SIZE, bytes); }

    /** Exchange to publish to; {@code ""} or {@code amq.default} is the default exchange (default). */
    public B exchange(String value) { return set(Setting.EXCHANGE, value); }

    /** Type of the exchange if the run declares it; default direct. */
    public B exchangeType(ExchangeType value) { return set(Setting.EXCHANGE_TYPE, value); }

    /** Routing key; default each publisher's queue name. */
    public B routingKey(String value) { return set(Setting.ROUTING_KEY, value); }

    /** A random routing key per message (from a pool of 1,000); default false. */
    public B randomRoutingKey(boolean value) { return set(Setting.RANDOM_ROUTING_KEY, value); }

    /** Key queues are bound with; default the routing key, or each queue's name. */
    public B bindingKey(String value) { return set(Setting.BINDING_KEY, value); }

    /** Adds a binding argument (headers exchange: {@code x-match} and header values). */
    public B bindingArgument(String key, Object value) { return put(Setting.BINDING_ARGS, key, value); }

    /** Use existing topology: declare and delete nothing; default false. */
    public B predeclared(boolean value) { return set(Setting.PREDECLARED, value); }

    /** Keep what the run declared; default false (delete it at the end). */
    public B keepTopology(boolean value) { return set(Setting.KEEP_TOPOLOGY, value); }

    // ---- run ----

    /** Stop publishing after this long; default no limit. */
    public B time(Duration value) { return set(Setting.TIME, value); }

    /**
     * Changes a setting while the run goes on: step {@code i} uses {@code values[i]}. Several
     * stepped settings change together, so they need as many values each. Needs {@link #stepDuration}.
     */
    public B step(StepSetting setting, double... values) {
        List<Double> v = new ArrayList<>();
        for (double d : values) {
            v.add(d);
        }
        return add(Setting.STEP, new Step(setting, v));
    }

    /** Adds a stepped setting. */
    public B step(Step step) { return add(Setting.STEP, step); }

    /** How long each step lasts (rounded up to whole reporting intervals). */
    public B stepDuration(Duration value) { return set(Setting.STEP_DURATION, value); }

    /**
     * A backlog run: fill the queues to {@code size} with the consumers held back, then let them
     * arrive and drain it ({@link Backlog}); default none.
     */
    public B backlog(BacklogSize size) { return set(Setting.BACKLOG, size); }

    /** What publishers do while a backlog drains; default {@link BacklogThen#KEEP_PUBLISHING}. */
    public B backlogThen(BacklogThen value) { return set(Setting.BACKLOG_THEN, value); }

    /** Consumers arriving per second once the backlog is reached; default all at once. */
    public B consumerArrival(double perSecond) { return set(Setting.CONSUMER_ARRIVAL, perSecond); }

    /**
     * Whether dropped connections are reopened: {@link RecoveryMode#AUTO} (default: on for runs with
     * a time limit or steps), {@link RecoveryMode#ON} or {@link RecoveryMode#OFF} (fail fast).
     */
    public B recovery(RecoveryMode value) { return set(Setting.RECOVERY, value); }

    /** How long one outage may last before a recovering run gives up; default 60 s. */
    public B recoveryTimeout(Duration value) { return set(Setting.RECOVERY_TIMEOUT, value); }

    /**
     * AMQP 0.9.1 shared non-blocking I/O threads for all connections; 0 for blocking I/O (a reader
     * thread per connection); default automatic (2 threads above 100 planned connections).
     */
    public B nioThreads(int value) { return set(Setting.NIO_THREADS, value); }

    /** Connections opened at the same time; default 32. */
    public B connectionOpenConcurrency(int value) { return set(Setting.CONNECTION_OPEN_CONCURRENCY, value); }

    /** Connections opened per second at most; default no limit. */
    public B connectionOpenRate(double perSecond) { return set(Setting.CONNECTION_OPEN_RATE, perSecond); }

    /** Extra connections, each with a publisher that never sends, held for the whole run; default 0. */
    public B idleConnections(int value) { return set(Setting.IDLE_CONNECTIONS, value); }

    /** Publisher channels (0.9.1) or sessions with a link (1.0) on each idle connection; default 1. */
    public B idleChannels(int value) { return set(Setting.IDLE_CHANNELS, value); }

    /** Connection churn: connections opened and closed per second while traffic runs; default none. */
    public B churnRate(double perSecond) { return set(Setting.CHURN_RATE, perSecond); }

    /** With churn, how long each churned connection stays open; default 0 (closed once open). */
    public B churnHold(Duration value) { return set(Setting.CHURN_HOLD, value); }

    /** Let traffic flow this long before measuring; default none. */
    public B warmup(Duration value) { return set(Setting.WARMUP, value); }

    /** Reporting interval; default 1 s. */
    public B interval(Duration value) { return set(Setting.INTERVAL, value); }

    /** How long to wait for outstanding confirms and deliveries after publishing stops; default 30 s. */
    public B drainTimeout(Duration value) { return set(Setting.DRAIN_TIMEOUT, value); }

    /** What message timestamps mean; default {@link ClockMode#MONOTONIC}. */
    /** {@code --seed}: seed of the per-message draws (size mix, random routing keys, start delays); default 0. */
    public B seed(long value) { return set(Setting.SEED, value); }

    public B clock(ClockMode value) { return set(Setting.CLOCK, value); }

    /**
     * This instance's name in a workload of several instances, carried in publisher identities and
     * connection names: 1 to 64 letters, digits, dots, dashes or underscores; default the host name
     * and process id (identities then stay as in a single-instance run).
     */
    public B instance(String value) { return set(Setting.INSTANCE, value); }

    /** Start publishing at this time (an ISO-8601 instant or {@code HH:MM:SS} local time); default at once. */
    public B startAt(StartTime value) { return set(Setting.START_AT, value); }

    /** Hold the start until this many instances (at least 1) reached the barrier on the broker; default none. */
    public B barrier(int instances) { return set(Setting.BARRIER, instances); }

    /** The barrier's name; instances with the same name and broker meet; default {@code harness}. */
    public B barrierName(String value) { return set(Setting.BARRIER_NAME, value); }

    /** How long to wait at the barrier before the run fails; default 60 s. */
    public B barrierTimeout(Duration value) { return set(Setting.BARRIER_TIMEOUT, value); }

    /**
     * Where to sample the broker's metrics once per interval: the management API
     * ({@code http://host:15672}) or a Prometheus endpoint ({@code http://host:15692/metrics}), without
     * credentials (those of the AMQP URI are used); default: derived from the AMQP URI, see
     * {@link BrokerMetrics}.
     */
    public B brokerMetrics(String url) { return set(Setting.BROKER_METRICS, url); }

    /** Do not sample the broker's metrics; default false (they are sampled). */
    public B noBrokerMetrics(boolean value) { return set(Setting.NO_BROKER_METRICS, value); }

    /**
     * At the end of a run, how long at most to wait for the broker's per-queue counters to reach the
     * harness's before the cross-check (it ends as soon as they agree); {@link Duration#ZERO} takes the
     * last sample at once; default 6 s (see {@link BrokerMetrics#finalWait()}).
     */
    public B brokerMetricsWait(Duration value) { return set(Setting.BROKER_METRICS_WAIT, value); }

    /**
     * A pass/fail gate ({@code --fail-if}): the run fails when the measured value compares to the
     * threshold as written, on the whole run or on any step. Repeat for several gates; default none.
     *
     * @param expression {@code QUANTITY OP VALUE}, for example {@code e2e.p99>20ms}, {@code lost>0}
     *                   or {@code rate.received<9000} (see {@link Gate}); an unreadable one makes
     *                   {@code build()} fail with a sentence saying why
     */
    public B failIf(String expression) { return add(Setting.FAIL_IF, expression); }

    /** A pass/fail gate, as {@link #failIf(String)}. */
    public B failIf(Gate gate) { return add(Setting.FAIL_IF, gate.toString()); }

    // ---- the stream protocol ----

    /** {@code --protocol stream}: most messages per publish frame, 1 to 65535; default 100. */
    public B batchSize(int n) { return set(Setting.BATCH_SIZE, n); }

    /** {@code --protocol stream}: messages per sub-entry, 1 to 65535; default 1 (no sub-entry batching). */
    public B subEntrySize(int n) { return set(Setting.SUB_ENTRY_SIZE, n); }

    /** {@code --protocol stream}: compression of sub-entries; default none. */
    public B compression(StreamSettings.Compression value) { return set(Setting.COMPRESSION, value); }

    /**
     * {@code --protocol stream}: the consumers of each stream form one single-active-consumer
     * group (RabbitMQ 3.11+); default off.
     */
    public B singleActiveConsumer(boolean value) { return set(Setting.SINGLE_ACTIVE_CONSUMER, value); }

    /** {@code --protocol stream}: a super stream of this many partitions (RabbitMQ 3.13+); default none. */
    public B superStream(int partitions) { return set(Setting.SUPER_STREAM, partitions); }

    /** {@code --protocol stream}: publisher {@code i} tags its messages with value {@code i % n} (RabbitMQ 3.13+). */
    public B filterValue(List<String> values) { return set(Setting.FILTER_VALUE, List.copyOf(values)); }

    /** {@code --protocol stream}: consumers receive only messages tagged with one of these values. */
    public B filterValues(List<String> values) { return set(Setting.FILTER_VALUES, List.copyOf(values)); }

    /**
     * {@code --protocol stream}: names each publisher's producer after this template ({@code %s} the
     * stream, {@code %d} the publisher's number), for the broker's deduplication; default unnamed.
     */
    public B producerNames(String template) { return set(Setting.PRODUCER_NAMES, template); }

    /**
     * Sets an option by its row of the {@link Setting} table, for options without a setter of their
     * own (and for code that goes over the table): the value as the scenario's draft holds it before
     * {@link Scenario.Builder#build()} validates it. That is a value of the option's
     * {@link ValueType#javaType()} ({@code setting.declaration().type()}: an {@code Integer} for
     * {@code --producers}, a {@code Duration} for {@code --time}, an enum constant for a choice);
     * a repeatable option takes the list of all its values, a key-value option the map. The last
     * value set wins. Not thread-safe, as the builder.
     *
     * @param setting the option
     * @param value   its value; null counts as not given, yet hides a declared default, which
     *                validation refuses where it matters
     * @return this builder
     * @throws IllegalArgumentException if {@code value} is not of the option's value type
     */
    public B set(Setting setting, Object value) {
        Class<?> type = boxed(setting.declaration().type().javaType());
        if (value != null && !type.isInstance(value) && !(value instanceof java.util.Collection<?>)
                && !(value instanceof Map<?, ?>)) {
            throw new IllegalArgumentException(setting.optionName() + " takes a " + type.getSimpleName() + ", not a "
                    + value.getClass().getSimpleName() + " (" + value + ")");
        }
        store(setting, value);
        return self();
    }

    private static Class<?> boxed(Class<?> type) {
        return type == int.class ? Integer.class : type == long.class ? Long.class : type == double.class
                ? Double.class : type == boolean.class ? Boolean.class : type;
    }

    private B add(Setting setting, Object value) {
        storeElement(setting, value);
        return self();
    }

    private B put(Setting setting, String key, Object value) {
        storeEntry(setting, key, value);
        return self();
    }
}
