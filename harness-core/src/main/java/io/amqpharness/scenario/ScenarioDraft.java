package io.amqpharness.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings a {@link Scenario.Builder} collects, before validation. Unset optional settings are
 * {@code null} here and become empty {@code Optional}s in the scenario. Setters are grouped as in
 * {@code docs/options.md}.
 *
 * @param <B> the builder type, for fluent calls
 */
abstract class ScenarioDraft<B extends ScenarioDraft<B>> {
    final Map<Setting, String> spelling = new EnumMap<>(Setting.class);
    /** Settings given explicitly, for those whose unset state is a default value. */
    final Set<Setting> given = EnumSet.noneOf(Setting.class);

    String uri = BrokerUri.DEFAULT.uri().toString();
    String protocol = "amqp091";
    Duration pacingSpin;
    Integer pacingThreads;
    RecoveryMode recovery;
    Duration recoveryTimeout;
    String tlsTrustStore;
    String tlsTrustStorePassword;
    String tlsKeyStore;
    String tlsKeyStorePassword;
    boolean tlsInsecure;
    AddressFormat addressFormat = AddressFormat.AUTO;
    Integer nioThreads;
    int connectionOpenConcurrency = ConnectionSettings.DEFAULT_OPEN_CONCURRENCY;
    Double connectionOpenRate;
    int idleConnections;
    int idleChannels = 1;
    Double churnRate;
    Duration churnHold;

    int producers = 1;
    int producerChannels = 1;
    Long size;
    List<SizeStep> variableSize = List.of();
    Double rate;
    Double totalRate;
    List<RateStep> variableRate = List.of();
    Long producerMessages;
    Integer confirm;
    Duration confirmTimeout = Scenario.DEFAULT_CONFIRM_TIMEOUT;
    Integer txSize;
    final Set<MessageFlag> flags = EnumSet.noneOf(MessageFlag.class);
    String contentType;
    String contentEncoding;
    Integer priority;
    Duration expiration;
    String messageType;
    final Map<String, Object> headers = new LinkedHashMap<>();
    Duration randomStartDelay;

    int consumers = 1;
    int consumerChannels = 1;
    Integer qos;
    boolean autoAck;
    int multiAckEvery = 1;
    Duration ackTimeout;
    double nackPercent;
    double rejectPercent;
    double requeuePercent;
    Long consumerMessages;
    DurationRange consumerLatency;
    Double consumerRate;
    boolean polling;
    Duration pollingInterval;
    final Map<String, Object> consumerArgs = new LinkedHashMap<>();
    Duration consumerStartDelay;
    ExitWhen exitWhen;
    ReplyMode requestReply;
    StreamOffset streamOffset;

    Integer batchSize;
    Integer subEntrySize;
    StreamSettings.Compression compression;
    boolean singleActiveConsumer;
    Integer superStreamPartitions;
    List<String> filterValue = List.of();
    List<String> filterValues = List.of();
    QueueType queueType = QueueType.CLASSIC;
    List<String> queues;
    String queuePattern;
    Integer queuePatternFrom;
    Integer queuePatternTo;
    boolean transientQueue;
    boolean autoDelete;
    boolean exclusive;
    final Map<String, Object> queueArgs = new LinkedHashMap<>();
    Long maxLength;
    Long maxLengthBytes;
    String maxAge;
    boolean lazy;
    Integer quorumGroupSize;
    String leaderLocator;
    Long streamSegmentSize;
    String exchange = "";
    ExchangeType exchangeType;
    String routingKey;
    boolean randomRoutingKey;
    String bindingKey;
    final Map<String, Object> bindingArgs = new LinkedHashMap<>();
    boolean predeclared;
    boolean keepTopology;

    Duration time;
    Duration warmup;
    final List<Step> steps = new ArrayList<>();
    Duration stepDuration;
    Duration interval = Duration.ofSeconds(1);
    Duration drainTimeout = Scenario.DEFAULT_DRAIN;
    ClockMode clock = ClockMode.MONOTONIC;
    String brokerMetricsUrl;
    boolean noBrokerMetrics;
    /** {@code --fail-if} expressions as given; unreadable ones are validation problems. */
    final List<String> gates = new ArrayList<>();
    String instance;
    StartTime startAt;
    Integer barrier;
    String barrierName;
    Duration barrierTimeout;

    abstract B self();

    /** Records how the user spelled an option ({@code -q} or {@code --qos}) for messages. */
    public B spelledAs(Setting setting, String spelled) {
        spelling.put(setting, spelled);
        return self();
    }

    // ---- connection ----

    /** Broker address, {@code amqp://user:pass@host:port/vhost}; default {@code amqp://localhost:5672}. */
    public B uri(String value) { uri = value; given.add(Setting.URI); return self(); }

    /** Driver id, {@code amqp091} (default) or {@code amqp10}. */
    public B protocol(String value) { protocol = value; return self(); }

    /**
     * CA certificates (PEM, PKCS#12 or JKS file) the broker's certificate must chain to, for
     * {@code amqps://}; default the JVM's trust store.
     */
    public B tlsTrustStore(String path) { tlsTrustStore = path; return self(); }

    /** Password of a PKCS#12 or JKS trust store; default none. */
    public B tlsTrustStorePassword(String value) { tlsTrustStorePassword = value; return self(); }

    /** Client certificate and key (PKCS#12 or JKS file) presented to the broker; default none. */
    public B tlsKeyStore(String path) { tlsKeyStore = path; return self(); }

    /** Password of the key store and its key; default none. */
    public B tlsKeyStorePassword(String value) { tlsKeyStorePassword = value; return self(); }

    /** Trust any broker certificate and skip the host name check; default off. For tries only. */
    public B tlsInsecure(boolean value) { tlsInsecure = value; return self(); }

    /** AMQP 1.0 address format; default {@link AddressFormat#AUTO} (from the broker's version). */
    public B addressFormat(AddressFormat value) { addressFormat = value; return self(); }

    // ---- publishing ----

    /** Publisher connections; default 1. */
    public B producers(int value) { producers = value; given.add(Setting.PRODUCERS); return self(); }

    /** Publishers (channels or 1.0 links) per publisher connection; default 1. */
    public B producerChannelCount(int value) { producerChannels = value; return self(); }

    /** Body size in bytes, at least 12; default 12. */
    public B size(long bytes) { size = bytes; return self(); }

    /** Body sizes following each other on a repeating schedule; default one fixed size. */
    public B variableSize(List<SizeStep> steps) { variableSize = List.copyOf(steps); return self(); }

    /** Intended rate per publisher in messages per second (fractions allowed, 0 = idle); default unpaced. */
    public B rate(double perSecond) { rate = perSecond; return self(); }

    /** Intended rate over all publishers, split evenly; default unpaced. */
    public B totalRate(double perSecond) { totalRate = perSecond; return self(); }

    /** Per-publisher rates following each other on a repeating schedule; default unpaced. */
    public B variableRate(List<RateStep> steps) { variableRate = List.copyOf(steps); return self(); }

    /** Messages each publisher sends before it stops; default no limit. */
    public B producerMessageCount(long count) { producerMessages = count; return self(); }

    /** Publisher confirms with at most this many unconfirmed messages per publisher; default off. */
    public B confirm(int window) { confirm = window; return self(); }

    /** Count a message as timed out when unconfirmed for this long; default 30 s. */
    public B confirmTimeout(Duration value) { confirmTimeout = value; return self(); }

    /** AMQP 0.9.1 transactions, committing every this many messages; default off. */
    public B txSize(int messages) { txSize = messages; return self(); }

    /** Adds a message flag. */
    public B flag(MessageFlag value) { flags.add(value); return self(); }

    /** Message content type; default none. */
    public B contentType(String value) { contentType = value; return self(); }

    /** Message content encoding; default none. */
    public B contentEncoding(String value) { contentEncoding = value; return self(); }

    /** Message priority, 0 to 255; default none. */
    public B priority(int value) { priority = value; return self(); }

    /** Per-message time to live; default none. */
    public B expiration(Duration value) { expiration = value; return self(); }

    /** The 0.9.1 {@code type} property (1.0 {@code subject}); default none. */
    public B messageType(String value) { messageType = value; return self(); }

    /** Adds a message header (1.0: application property); values as {@link TypedArguments}. */
    public B messageHeader(String key, Object value) { headers.put(key, value); return self(); }

    /** Each publisher waits a random time up to this long before its first message; default none. */
    public B producerRandomStartDelay(Duration value) { randomStartDelay = value; return self(); }

    /**
     * A paced publisher parks until this long before each intended send time and spins the rest
     * (a park overshoots by 60-100 µs); {@link Duration#ZERO} parks all the way. Default 100 µs.
     */
    public B pacingSpin(Duration value) { pacingSpin = value; return self(); }

    /** {@code --pacing-threads}: paced publishers share this many threads; 0 gives each its own (default automatic). */
    public B pacingThreads(int value) { pacingThreads = value; return self(); }

    // ---- consuming ----

    /** Consumer connections; default 1. */
    public B consumers(int value) { consumers = value; given.add(Setting.CONSUMERS); return self(); }

    /** Consumers (channels or 1.0 links) per consumer connection; default 1. */
    public B consumerChannelCount(int value) { consumerChannels = value; return self(); }

    /** Consumer prefetch (1.0 link credit), 1 to 65535; default unlimited (200 for streams). */
    public B qos(int prefetch) { qos = prefetch; return self(); }

    /** Let the broker settle messages as it sends them; default false. */
    public B autoAck(boolean value) { autoAck = value; return self(); }

    /** Acknowledge every N messages with the multiple flag; default 1 (each message). */
    public B multiAckEvery(int n) { multiAckEvery = n; given.add(Setting.MULTI_ACK_EVERY); return self(); }

    /** Acknowledge pending messages after this long even if fewer than N arrived; default off. */
    public B ackTimeout(Duration value) { ackTimeout = value; return self(); }

    /** Percentage of deliveries negatively acknowledged, 0 to 100; default 0. */
    public B nackRate(double percent) { nackPercent = percent; return self(); }

    /** Percentage of deliveries rejected, 0 to 100; default 0. */
    public B rejectRate(double percent) { rejectPercent = percent; return self(); }

    /** Percentage of nacked and rejected deliveries requeued, 0 to 100; default 0 (discarded). */
    public B requeueRate(double percent) { requeuePercent = percent; return self(); }

    /** Messages each consumer receives before it stops; default no limit. */
    public B consumerMessageCount(long count) { consumerMessages = count; return self(); }

    /** Simulated processing time per message before it is settled; default none. */
    public B consumerLatency(DurationRange value) { consumerLatency = value; return self(); }

    /** Most messages per second each consumer handles; default no limit. */
    public B consumerRate(double perSecond) { consumerRate = perSecond; return self(); }

    /** Consume with {@code basic.get} (0.9.1); default false. */
    public B polling(boolean value) { polling = value; return self(); }

    /** With polling, the wait after finding the queue empty; default 0. */
    public B pollingInterval(Duration value) { pollingInterval = value; return self(); }

    /** Adds a subscription argument (for example {@code x-priority}). */
    public B consumerArgument(String key, Object value) { consumerArgs.put(key, value); return self(); }

    /** Consumers start this long after publishers; default before them. */
    public B consumerStartDelay(Duration value) { consumerStartDelay = value; return self(); }

    /** End the run once consumers drained the queues; default no. */
    public B exitWhen(ExitWhen value) { exitWhen = value; return self(); }

    /**
     * Request/reply: every consumer answers each message it receives by sending it back to a reply
     * queue the run declares and consumes, and the run measures the round trip (from the request's
     * intended send, or actual send when unpaced, to the reply's receipt); default off.
     */
    public B requestReply(boolean value) { requestReply = value ? ReplyMode.QUEUE : null; return self(); }

    /**
     * Request/reply with replies travelling as {@code mode} says: through a reply queue (both
     * protocols) or AMQP 0.9.1 direct reply-to; default none.
     */
    public B requestReply(ReplyMode mode) { requestReply = mode; return self(); }

    /** Where stream consumers start; default the broker's (next). */
    public B streamOffset(StreamOffset value) { streamOffset = value; return self(); }

    // ---- topology ----

    /** Queue type to declare; default classic. */
    public B queueType(QueueType value) { queueType = value; given.add(Setting.QUEUE_TYPE); return self(); }

    /** One queue by name; default {@code harness-<run id>}. */
    public B queue(String name) { queues = List.of(name); return self(); }

    /** Several queues by name, used round-robin. */
    public B queues(List<String> names) { queues = List.copyOf(names); return self(); }

    /** Numbered queues: {@code String.format(pattern, n)} for n from {@code from} to {@code to}. */
    public B queuePattern(String pattern, int from, int to) {
        queuePattern = pattern;
        queuePatternFrom = from;
        queuePatternTo = to;
        return self();
    }

    /** The pattern of numbered queues, for example {@code perf-test-%d}; needs the from and to numbers. */
    public B queuePattern(String pattern) { queuePattern = pattern; return self(); }

    /** First number of a queue pattern (included). */
    public B queuePatternFrom(int from) { queuePatternFrom = from; return self(); }

    /** Last number of a queue pattern (included). */
    public B queuePatternTo(int to) { queuePatternTo = to; return self(); }

    /** Declare queues that do not survive a restart (classic only); default durable. */
    public B transientQueue(boolean value) { transientQueue = value; return self(); }

    /** Queues are deleted when their last consumer goes; default false. */
    public B autoDelete(boolean value) { autoDelete = value; return self(); }

    /** Each queue belongs to the consumer connection that declares it; default false. */
    public B exclusive(boolean value) { exclusive = value; return self(); }

    /** Adds a queue argument; values as {@link TypedArguments}. */
    public B queueArgument(String key, Object value) { queueArgs.put(key, value); return self(); }

    /** {@code x-max-length}: most messages the queue holds. */
    public B maxLength(long messages) { maxLength = messages; return self(); }

    /** {@code x-max-length-bytes}: most bytes the queue holds. */
    public B maxLengthBytes(long bytes) { maxLengthBytes = bytes; return self(); }

    /** {@code x-max-age} of a stream, for example {@code 7D} or {@code 1h}. */
    public B maxAge(String spec) { maxAge = spec; return self(); }

    /** {@code x-queue-mode=lazy} (classic queues on RabbitMQ 3.x). */
    public B lazy(boolean value) { lazy = value; return self(); }

    /** {@code x-quorum-initial-group-size}. */
    public B quorumGroupSize(int members) { quorumGroupSize = members; return self(); }

    /** {@code x-queue-leader-locator} of the queues the run declares: {@code balanced} or {@code client-local}; default the broker's. */
    public B leaderLocator(String locator) { leaderLocator = locator; return self(); }

    /** {@code x-stream-max-segment-size-bytes}. */
    public B streamSegmentSize(long bytes) { streamSegmentSize = bytes; return self(); }

    /** Exchange to publish to; {@code ""} or {@code amq.default} is the default exchange (default). */
    public B exchange(String value) { exchange = value; return self(); }

    /** Type of the exchange if the run declares it; default direct. */
    public B exchangeType(ExchangeType value) { exchangeType = value; return self(); }

    /** Routing key; default each publisher's queue name. */
    public B routingKey(String value) { routingKey = value; return self(); }

    /** A random routing key per message (from a pool of 1,000); default false. */
    public B randomRoutingKey(boolean value) { randomRoutingKey = value; return self(); }

    /** Key queues are bound with; default the routing key, or each queue's name. */
    public B bindingKey(String value) { bindingKey = value; return self(); }

    /** Adds a binding argument (headers exchange: {@code x-match} and header values). */
    public B bindingArgument(String key, Object value) { bindingArgs.put(key, value); return self(); }

    /** Use existing topology: declare and delete nothing; default false. */
    public B predeclared(boolean value) { predeclared = value; return self(); }

    /** Keep what the run declared; default false (delete it at the end). */
    public B keepTopology(boolean value) { keepTopology = value; return self(); }

    // ---- run ----

    /** Stop publishing after this long; default no limit. */
    public B time(Duration value) { time = value; return self(); }

    /**
     * Changes a setting while the run goes on: step {@code i} uses {@code values[i]}. Several
     * stepped settings change together, so they need as many values each. Needs {@link #stepDuration}.
     */
    public B step(StepSetting setting, double... values) {
        List<Double> v = new ArrayList<>();
        for (double d : values) {
            v.add(d);
        }
        steps.add(new Step(setting, v));
        return self();
    }

    /** Adds a stepped setting. */
    public B step(Step step) { steps.add(step); return self(); }

    /** How long each step lasts (rounded up to whole reporting intervals). */
    public B stepDuration(Duration value) { stepDuration = value; return self(); }

    /** The value of a stepped setting in the first step, if it is stepped. */
    java.util.Optional<Double> firstStep(StepSetting setting) {
        return steps.stream().filter(s -> s.setting() == setting).findFirst().map(s -> s.values().get(0));
    }

    /**
     * Whether dropped connections are reopened: {@link RecoveryMode#AUTO} (default: on for runs with
     * a time limit or steps), {@link RecoveryMode#ON} or {@link RecoveryMode#OFF} (fail fast).
     */
    public B recovery(RecoveryMode value) { recovery = value; return self(); }

    /** How long one outage may last before a recovering run gives up; default 60 s. */
    public B recoveryTimeout(Duration value) { recoveryTimeout = value; return self(); }

    /**
     * AMQP 0.9.1 shared non-blocking I/O threads for all connections; 0 for blocking I/O (a reader
     * thread per connection); default automatic (2 threads above 100 planned connections).
     */
    public B nioThreads(int value) { nioThreads = value; return self(); }

    /** Connections opened at the same time; default 32. */
    public B connectionOpenConcurrency(int value) { connectionOpenConcurrency = value; return self(); }

    /** Connections opened per second at most; default no limit. */
    public B connectionOpenRate(double perSecond) { connectionOpenRate = perSecond; return self(); }

    /** Extra connections, each with a publisher that never sends, held for the whole run; default 0. */
    public B idleConnections(int value) { idleConnections = value; return self(); }

    /** Publisher channels (0.9.1) or sessions with a link (1.0) on each idle connection; default 1. */
    public B idleChannels(int value) { idleChannels = value; return self(); }

    /** Connection churn: connections opened and closed per second while traffic runs; default none. */
    public B churnRate(double perSecond) { churnRate = perSecond; return self(); }

    /** With churn, how long each churned connection stays open; default 0 (closed once open). */
    public B churnHold(Duration value) { churnHold = value; return self(); }

    /** Let traffic flow this long before measuring; default none. */
    public B warmup(Duration value) { warmup = value; return self(); }

    /** Reporting interval; default 1 s. */
    public B interval(Duration value) { interval = value; return self(); }

    /** How long to wait for outstanding confirms and deliveries after publishing stops; default 30 s. */
    public B drainTimeout(Duration value) { drainTimeout = value; return self(); }

    /** What message timestamps mean; default {@link ClockMode#MONOTONIC}. */
    public B clock(ClockMode value) { clock = value; return self(); }

    /**
     * This instance's name in a workload of several instances, carried in publisher identities and
     * connection names: 1 to 64 letters, digits, dots, dashes or underscores; default the host name
     * and process id (identities then stay as in a single-instance run).
     */
    public B instance(String value) { instance = value; return self(); }

    /** Start publishing at this time (an ISO-8601 instant or {@code HH:MM:SS} local time); default at once. */
    public B startAt(StartTime value) { startAt = value; return self(); }

    /** Hold the start until this many instances (at least 1) reached the barrier on the broker; default none. */
    public B barrier(int instances) { barrier = instances; return self(); }

    /** The barrier's name; instances with the same name and broker meet; default {@code harness}. */
    public B barrierName(String value) { barrierName = value; return self(); }

    /** How long to wait at the barrier before the run fails; default 60 s. */
    public B barrierTimeout(Duration value) { barrierTimeout = value; return self(); }

    /**
     * Where to sample the broker's metrics once per interval: the management API
     * ({@code http://host:15672}) or a Prometheus endpoint ({@code http://host:15692/metrics}), without
     * credentials (those of the AMQP URI are used); default: derived from the AMQP URI, see
     * {@link BrokerMetrics}.
     */
    public B brokerMetrics(String url) { brokerMetricsUrl = url; return self(); }

    /** Do not sample the broker's metrics; default false (they are sampled). */
    public B noBrokerMetrics(boolean value) { noBrokerMetrics = value; return self(); }

    /**
     * A pass/fail gate ({@code --fail-if}): the run fails when the measured value compares to the
     * threshold as written, on the whole run or on any step. Repeat for several gates; default none.
     *
     * @param expression {@code QUANTITY OP VALUE}, for example {@code e2e.p99>20ms}, {@code lost>0}
     *                   or {@code rate.received<9000} (see {@link Gate}); an unreadable one makes
     *                   {@code build()} fail with a sentence saying why
     */
    public B failIf(String expression) { gates.add(expression); return self(); }

    /** A pass/fail gate, as {@link #failIf(String)}. */
    public B failIf(Gate gate) { gates.add(gate.toString()); return self(); }

    // ---- the stream protocol ----

    /** {@code --protocol stream}: most messages per publish frame, 1 to 65535; default 100. */
    public B batchSize(int n) { batchSize = n; return self(); }

    /** {@code --protocol stream}: messages per sub-entry, 1 to 65535; default 1 (no sub-entry batching). */
    public B subEntrySize(int n) { subEntrySize = n; return self(); }

    /** {@code --protocol stream}: compression of sub-entries; default none. */
    public B compression(StreamSettings.Compression value) { compression = value; return self(); }

    /**
     * {@code --protocol stream}: the consumers of each stream form one single-active-consumer
     * group (RabbitMQ 3.11+); default off.
     */
    public B singleActiveConsumer(boolean value) { singleActiveConsumer = value; return self(); }

    /** {@code --protocol stream}: a super stream of this many partitions (RabbitMQ 3.13+); default none. */
    public B superStream(int partitions) { superStreamPartitions = partitions; return self(); }

    /** {@code --protocol stream}: publisher {@code i} tags its messages with value {@code i % n} (RabbitMQ 3.13+). */
    public B filterValue(List<String> values) { filterValue = List.copyOf(values); return self(); }

    /** {@code --protocol stream}: consumers receive only messages tagged with one of these values. */
    public B filterValues(List<String> values) { filterValues = List.copyOf(values); return self(); }

    /** The queue arguments with the shortcut options merged in (conflicts are validation errors). */
    Map<String, Object> mergedQueueArguments() {
        Map<String, Object> args = new LinkedHashMap<>(queueArgs);
        if (maxLength != null) args.put("x-max-length", maxLength);
        if (maxLengthBytes != null) args.put("x-max-length-bytes", maxLengthBytes);
        if (maxAge != null) args.put("x-max-age", maxAge);
        if (lazy) args.put("x-queue-mode", "lazy");
        if (quorumGroupSize != null) args.put("x-quorum-initial-group-size", (long) quorumGroupSize);
        if (leaderLocator != null) args.put("x-queue-leader-locator", leaderLocator);
        if (streamSegmentSize != null) args.put("x-stream-max-segment-size-bytes", streamSegmentSize);
        return args;
    }

    /** Shortcut options and the queue argument each sets, for conflict checks. */
    List<Map.Entry<Setting, String>> shortcutsSet() {
        List<Map.Entry<Setting, String>> set = new ArrayList<>();
        if (maxLength != null) set.add(Map.entry(Setting.MAX_LENGTH, "x-max-length"));
        if (maxLengthBytes != null) set.add(Map.entry(Setting.MAX_LENGTH_BYTES, "x-max-length-bytes"));
        if (maxAge != null) set.add(Map.entry(Setting.MAX_AGE, "x-max-age"));
        if (lazy) set.add(Map.entry(Setting.LAZY, "x-queue-mode"));
        if (quorumGroupSize != null) set.add(Map.entry(Setting.QUORUM_GROUP_SIZE, "x-quorum-initial-group-size"));
        if (leaderLocator != null) set.add(Map.entry(Setting.LEADER_LOCATOR, "x-queue-leader-locator"));
        if (streamSegmentSize != null) set.add(Map.entry(Setting.STREAM_SEGMENT_SIZE, "x-stream-max-segment-size-bytes"));
        return set;
    }
}
