package io.amqpharness.report.document;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.amqpharness.scenario.ConsumeSettings;
import io.amqpharness.scenario.PublishSettings;
import io.amqpharness.scenario.RunSettings;
import io.amqpharness.scenario.Setting;
import io.amqpharness.scenario.TopologySettings;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code result.json} as Java values: one run's result (or a merged one), as written and as read
 * back. The components are the file's fields in the file's order (see docs/result-json.md); every
 * duration and latency is an integer number of nanoseconds, rates are messages per second. An
 * empty optional is {@code null} in the file. A section an older (or hand-made) file lacks reads as
 * empty: zero counts, empty text and lists; only {@code connections} and {@code environment} are
 * then {@code null}. Built from a run by {@code report.build.RunDocument.of}, read
 * by {@link ResultDocuments#read}, written by {@link ResultDocuments#write}.
 *
 * @param format               version of this layout, {@code 1}
 * @param schemaVersion        version of the fields within the format, {@code 1}; a file without it is version 1
 * @param generator            the program and version that wrote the file, for example {@code amqp-harness 0.1.0}
 * @param timeUnit             {@code nanoseconds}: the unit of every duration and latency in the file
 * @param merged               {@code true} in a merged result (absent otherwise)
 * @param instance             the instance's name: {@code --instance}, else the host name and process id
 *                             ({@code myhost-12345}); {@code merged} in a merged result
 * @param runId                short id of the run, also part of generated queue and connection names
 * @param scenario             the resolved scenario, see [Scenario](#scenario)
 * @param broker               what the broker said about itself, see [Broker](#broker)
 * @param queues               the queues the run used
 * @param startedAt            wall-clock time the run started (just before consumers and publishers opened)
 * @param publishingTime       from the start of publishing to its end, nanoseconds
 * @param totalTime            from the start of publishing to the end of draining, nanoseconds
 * @param paced                {@code true} when publishers followed an intended-time schedule ({@code --rate}), so
 *                             end-to-end latency is measured from the intended send time; {@code false} for a closed
 *                             loop
 * @param counts               message counts over the whole run, see [Counts](#counts)
 * @param unconfirmedAtStop    messages still waiting for a confirm when the run ended
 * @param unsentAtStop         messages a paced schedule had due before publishing stopped (and before the time limit)
 *                             that were never sent, for example behind a full confirm window; each is in the
 *                             publish-delay histogram with its delay up to the stop. Always 0 unpaced
 * @param leftInQueues         messages ready in the run's queues at the end; {@code null} if the protocol or queue type
 *                             cannot tell (streams)
 * @param expectedDeliveries   how many of this run's messages consumers should have received: confirmed (or, without
 *                             confirms, published minus returned) times the number of consumed queues each message
 *                             reaches; {@code null} when the topology or a {@code --cmessages} limit makes it
 *                             unknowable
 * @param rates                average rates, see [Rates](#rates)
 * @param latency              percentile ladder over the whole run per metric, see [Latency](#latency)
 * @param histograms           the whole-run distributions per metric, see [Histograms](#histograms)
 * @param intervals            one entry per reporting interval, see [Intervals](#intervals)
 * @param steps                per-step results of a stepped run ({@code --step}), empty otherwise; see [Steps](#steps)
 * @param client               what the run cost the client process, see [Client](#client)
 * @param driverFacts          what the protocol driver learned about the connection (for example the AMQP 1.0 address
 *                             format it chose)
 * @param notes                things the reader should know (drain outcome, closed loop, flow control), one sentence
 *                             each
 * @param failure              why the run ended early; {@code null} if it did not
 * @param interrupted          {@code true} when the run was stopped before its goal (Ctrl-C, or
 *                             {@code LoadRunner.stop()} in the library); it drained and counted as usual
 * @param outages              connections the broker dropped (a restart, {@code close_connection}) and how the run
 *                             recovered ({@code --recovery})
 * @param blocking             when the broker held publishers back: blocked by a resource alarm (AMQP 0.9.1
 *                             {@code connection.blocked}), or, kept apart, AMQP 1.0 link credit withheld for over 100
 *                             ms
 * @param brokerMetrics        the broker's side of the run, read from its management API or Prometheus endpoint: see
 *                             [Broker metrics](#broker-metrics); {@code null} with {@code --no-broker-metrics}
 * @param search               the probes and the answer of {@code harness find-max}, see [Search](#search);
 *                             {@code null} for any other run
 * @param connections          the run's connections: opening them before traffic started, and connection churn
 * @param failed               {@code true} when {@code failure} is set
 * @param gates                the verdict of each {@code --fail-if} gate, on the whole run then on each step; see
 *                             [Gates](#gates). A broken gate does not set {@code failed}, but the command line exits
 *                             with code 1
 * @param interruptedAfter     how far an interrupted run got: {@code "4.2 s of 60 s"} against {@code --time},
 *                             {@code "4.2 s, 840 of 10,000 messages published"} against {@code --pmessages}, else
 *                             {@code "4.2 s"}; {@code null} if it was not interrupted
 * @param unaccountedPublished published messages whose fate the counts do not explain (published minus confirmed,
 *                             nacked, returned, released, modified, timed out and unconfirmed at stop); 0 when
 *                             everything adds up, always 0 without confirms
 * @param environment          the client host, see [Environment](#environment)
 * @param instances            a row per instance merged, in the order given
 * @param latencyBySize        with a {@code --size} mix, the end-to-end latency of each size, smallest first; see
 *                             [Latency by size](#latency-by-size). Left out for a single size and in a merged result
 * @param faults               with {@code --fault}, each fault and what the clients saw around it, in time order; see
 *                             [Faults](#faults). Left out without faults
 * @param groups               in a run of several client groups ({@code --group}), a row per group, in the order given,
 *                             with the fields of an `instances` row (`instance` is the group's name); the document's
 *                             own numbers are those of all groups together; see [Groups](#groups). Left out otherwise
 * @param backlog              a backlog run's fill and drain ({@code --backlog}), see [Backlog](#backlog). Left out
 *                             for any other run and in a merged result
 */
public record ResultDocument(
        int format,
        int schemaVersion,
        String generator,
        String timeUnit,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Boolean> merged,
        String instance,
        String runId,
        ScenarioSection scenario,
        Broker broker,
        List<String> queues,
        Instant startedAt,
        long publishingTime,
        long totalTime,
        boolean paced,
        Counts counts,
        long unconfirmedAtStop,
        long unsentAtStop,
        OptionalLong leftInQueues,
        OptionalLong expectedDeliveries,
        Rates rates,
        Latencies latency,
        Histograms histograms,
        List<Interval> intervals,
        List<Step> steps,
        Client client,
        Map<String, String> driverFacts,
        List<String> notes,
        Optional<String> failure,
        boolean interrupted,
        Outages outages,
        Blocking blocking,
        Optional<BrokerMetrics> brokerMetrics,
        Optional<Search> search,
        Connections connections,
        boolean failed,
        List<Gate> gates,
        Optional<String> interruptedAfter,
        long unaccountedPublished,
        Environment environment,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<List<InstanceRow>> instances,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<SizeBucket> latencyBySize,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<FaultEntry> faults,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<List<InstanceRow>> groups,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<BacklogSection> backlog) {

    /** The layout version this harness writes and the highest it reads. */
    public static final int FORMAT = 1;
    /** The schema version this harness writes. */
    public static final int SCHEMA_VERSION = 1;

    public ResultDocument {
        schemaVersion = schemaVersion == 0 ? 1 : schemaVersion;
        merged = merged == null ? Optional.empty() : merged;
        groups = groups == null ? Optional.empty() : groups;
        queues = Lists.of(queues);
        intervals = Lists.of(intervals);
        steps = Lists.of(steps);
        driverFacts = Lists.of(driverFacts);
        notes = Lists.of(notes);
        gates = Lists.of(gates);
        instances = instances == null ? Optional.empty() : instances.map(Lists::of);
        latencyBySize = Lists.of(latencyBySize);
        faults = Lists.of(faults);
        latency = latency == null ? Latencies.EMPTY : latency;
        brokerMetrics = brokerMetrics == null ? Optional.empty() : brokerMetrics;
        search = search == null ? Optional.empty() : search;
        backlog = backlog == null ? Optional.empty() : backlog;
        failure = failure == null ? Optional.empty() : failure;
        interruptedAfter = interruptedAfter == null ? Optional.empty() : interruptedAfter;
        scenario = scenario == null ? new ScenarioSection(null, null, null, null, null, null, null, null) : scenario;
        broker = broker == null ? new Broker(null, null, null, null) : broker;
        counts = counts == null ? new Counts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) : counts;
        rates = rates == null ? new Rates(0, 0, 0, 0) : rates;
        client = client == null ? new Client(0, 0, OptionalLong.empty(), "", 0) : client;
        outages = outages == null ? new Outages(0, 0, null, null) : outages;
        blocking = blocking == null ? new Blocking(0, 0, null, 0, 0) : blocking;
        histograms = histograms == null ? Histograms.EMPTY : histograms;
    }

    /** Whether this is a merged result ({@code merged: true}). */
    public boolean mergedResult() {
        return merged.orElse(false);
    }

    /** The groups of a run of several client groups; empty otherwise. */
    public List<InstanceRow> groupRows() {
        return groups.orElse(List.of());
    }

    /** The instances of a merged result; empty for one instance's result. */
    public List<InstanceRow> instanceRows() {
        return instances.orElse(List.of());
    }

    /**
     * The resolved scenario. The settings groups list the scenario's settings as they are
     * (documented in docs/result-json.md, Scenario), by name in the scenario's order, with JSON
     * values: strings, numbers ({@link Long} when whole, else {@link Double}; durations in
     * nanoseconds), booleans, lists, maps, or {@code null}. They are kept as the file has them, so
     * that a file reads and writes back as it was, whichever settings the build that wrote it had;
     * the methods below read the settings the report uses, typed, by the names the core's settings
     * records give them (their {@code @FilledFrom} setting, or their component, checked against
     * the record), with the option's declared default where the file does not say.
     *
     * @param arguments    the command-line options that reproduce the run (defaults left out, password
     *                     redacted): {@code harness} followed by these runs the same workload
     * @param uri          the broker address, password replaced by {@code ***}
     * @param protocol     the driver: {@code amqp091}, {@code amqp10} or {@code stream}
     * @param publishing   how messages were published
     * @param consuming    how messages were consumed
     * @param topology     what the run published to and consumed from
     * @param run          when the run stopped and how it reported
     * @param coordination how this instance took part in a workload of several (see
     *                     [output.md](output.md#several-instances))
     */
    public record ScenarioSection(List<String> arguments, String uri, String protocol, Map<String, Object> publishing,
            Map<String, Object> consuming, Map<String, Object> topology, Map<String, Object> run,
            Map<String, Object> coordination) {
        public ScenarioSection {
            arguments = Lists.of(arguments);
            uri = uri == null ? "" : uri;
            protocol = protocol == null ? "" : protocol;
            publishing = Lists.values(publishing);
            consuming = Lists.values(consuming);
            topology = Lists.values(topology);
            run = Lists.values(run);
            coordination = Lists.values(coordination);
        }

        private static final String PRODUCERS = SettingFields.of(PublishSettings.class, "producers");
        private static final String CHANNELS_PER_PRODUCER = SettingFields.of(PublishSettings.class,
                Setting.PRODUCER_CHANNELS);
        private static final String CONFIRM_WINDOW = SettingFields.of(PublishSettings.class, "confirmWindow");
        private static final String FLAGS = SettingFields.of(PublishSettings.class, "flags");
        private static final String CONSUMERS = SettingFields.of(ConsumeSettings.class, "consumers");
        private static final String STREAM_OFFSET = SettingFields.of(ConsumeSettings.class, Setting.STREAM_OFFSET);
        private static final String START_DELAY = SettingFields.of(ConsumeSettings.class,
                Setting.CONSUMER_START_DELAY);
        private static final String QUEUE_TYPE = SettingFields.of(TopologySettings.class, Setting.QUEUE_TYPE);
        private static final String INTERVAL = SettingFields.of(RunSettings.class, Setting.INTERVAL);
        private static final String WARMUP = SettingFields.of(RunSettings.class, "warmup");
        private static final String GATES = SettingFields.of(RunSettings.class, "gates");

        /**
         * A copy with another broker address, protocol and queue type: the document of several client
         * groups says {@code per group} where the groups differ.
         *
         * @param uri       the broker address
         * @param protocol  the protocol
         * @param queueType the queue type ({@code scenario.topology.queueType})
         * @return the copy
         */
        public ScenarioSection describing(String uri, String protocol, String queueType) {
            Map<String, Object> t = new java.util.LinkedHashMap<>(topology);
            t.put(QUEUE_TYPE, queueType);
            return new ScenarioSection(arguments, uri, protocol, publishing, consuming, t, run, coordination);
        }

        /** {@code --producers}: publisher connections; 0 when the file does not say. */
        public int producers() {
            return publishing.get(PRODUCERS) instanceof Number n ? n.intValue() : 0;
        }

        /** {@code --producer-channel-count}: publishers per publisher connection; 1 when the file does not say. */
        public int channelsPerProducer() {
            return publishing.get(CHANNELS_PER_PRODUCER) instanceof Number n ? n.intValue() : 1;
        }

        /** {@code --consumers}: consumer connections; 0 when the file does not say. */
        public int consumers() {
            return consuming.get(CONSUMERS) instanceof Number n ? n.intValue() : 0;
        }

        /** Whether publishers asked for confirms ({@code --confirm}). */
        public boolean confirms() {
            return publishing.get(CONFIRM_WINDOW) instanceof Number;
        }

        /** {@code --flag}: the message flags, {@code persistent} and {@code mandatory}; empty when none. */
        public List<String> flags() {
            return texts(publishing.get(FLAGS));
        }

        /** {@code classic}, {@code quorum} or {@code stream}; empty text when the file does not say. */
        public String queueType() {
            return topology.get(QUEUE_TYPE) instanceof String s ? s : "";
        }

        /** {@code --stream-offset} as given ({@code first}, {@code next}, an offset...); empty when not given. */
        public Optional<String> streamOffset() {
            return consuming.get(STREAM_OFFSET) instanceof String s ? Optional.of(s) : Optional.empty();
        }

        /** {@code --consumer-start-delay}; empty when consumers started before publishers. */
        public Optional<Duration> consumerStartDelay() {
            return duration(consuming.get(START_DELAY));
        }

        /** {@code --interval}: the reporting interval; the option's default when the file does not say. */
        public Duration interval() {
            return duration(run.get(INTERVAL)).orElseGet(
                    () -> (Duration) Setting.INTERVAL.declaration().defaultValue().orElseThrow());
        }

        /** {@code --warmup}, if the run warmed up. */
        public Optional<Duration> warmup() {
            return duration(run.get(WARMUP));
        }

        /** {@code --fail-if}: the gates in their canonical form ({@code e2e.p99>20ms}); empty without gates. */
        public List<String> gates() {
            return texts(run.get(GATES));
        }

        private static Optional<Duration> duration(Object nanos) {
            return nanos instanceof Number n ? Optional.of(Duration.ofNanos(n.longValue())) : Optional.empty();
        }

        private static List<String> texts(Object list) {
            return list instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
        }
    }

    /**
     * What the broker said about itself.
     *
     * @param product    for example {@code RabbitMQ}
     * @param version    for example {@code 3.10.7}
     * @param platform   for example {@code Erlang/OTP 24.3.4}
     * @param properties every server property the broker announced, sorted by name
     */
    public record Broker(String product, String version, String platform, Map<String, String> properties) {
        public Broker {
            product = product == null ? "" : product;
            version = version == null ? "" : version;
            platform = platform == null ? "" : platform;
            properties = Lists.of(properties);
        }
    }

    /**
     * What the run cost the client process.
     *
     * @param cpuTime       CPU time the harness process used during the run, all threads, user and system, nanoseconds
     * @param peakHeapBytes highest heap use seen at an interval boundary, bytes
     * @param peakRssBytes  the process's peak resident memory (Linux {@code VmHWM}), bytes
     * @param javaVersion   the Java version
     * @param processors    processors available to the JVM
     * @param measuredCpuTime CPU time the harness process used from the start of measuring (the end of the warm-up) to the end of publishing (the basis of the CPU per message), nanoseconds
     * @param measuredMessages the messages of that period, published or consumed, whichever is more
     * @param processCpuTime CPU time the harness process used from its start to the end of the run (start-up and setup included), nanoseconds
     */
    public record Client(long cpuTime, long peakHeapBytes, OptionalLong peakRssBytes, String javaVersion,
            int processors, OptionalLong measuredCpuTime, OptionalLong measuredMessages, OptionalLong processCpuTime) {
        public Client {
            measuredCpuTime = measuredCpuTime == null ? OptionalLong.empty() : measuredCpuTime;
            measuredMessages = measuredMessages == null ? OptionalLong.empty() : measuredMessages;
            processCpuTime = processCpuTime == null ? OptionalLong.empty() : processCpuTime;
        }

        /** Without the measured period's figures (a result file written before they were). */
        public Client(long cpuTime, long peakHeapBytes, OptionalLong peakRssBytes, String javaVersion, int processors) {
            this(cpuTime, peakHeapBytes, peakRssBytes, javaVersion, processors, OptionalLong.empty(), OptionalLong.empty(),
                    OptionalLong.empty());
        }

        /** CPU nanoseconds per message of the measured period; empty when not known or without messages. */
        public java.util.OptionalDouble cpuNanosPerMessage() {
            return measuredCpuTime.isPresent() && measuredMessages.isPresent() && measuredMessages.getAsLong() > 0
                    ? java.util.OptionalDouble.of((double) measuredCpuTime.getAsLong() / measuredMessages.getAsLong())
                    : java.util.OptionalDouble.empty();
        }
    }

    /**
     * Connections the broker dropped and how the run recovered.
     *
     * @param disconnects dropped connections over all connections; 0 when none
     * @param downtime    time with at least one connection down, nanoseconds
     * @param connections per connection dropped at least once: {@code name}, {@code disconnects}, {@code downtime} and
     *                    {@code longest} (nanoseconds: the longest outage, i.e. the slowest recovery),
     *                    {@code stillDown} (it had not come back at the end)
     * @param reasons     what the broker or the client said, first seen first
     */
    public record Outages(long disconnects, long downtime, List<Outage> connections, List<String> reasons) {
        public Outages {
            connections = Lists.of(connections);
            reasons = Lists.of(reasons);
        }
    }

    /**
     * One connection's outages.
     *
     * @param name        the connection
     * @param disconnects how often it dropped
     * @param downtime    how long it was down in all, nanoseconds
     * @param longest     its longest outage, nanoseconds
     * @param stillDown   whether it had not come back at the end
     */
    public record Outage(String name, long disconnects, long downtime, long longest, boolean stillDown) {
    }

    /**
     * When the broker held publishers back.
     *
     * @param time        how long at least one publisher was blocked by a resource alarm, in all, nanoseconds
     * @param episodes    how many times that began; 0 when the broker never blocked a publisher
     * @param reasons     what the broker said, first seen first ({@code low on memory}, {@code low on disk space})
     * @param creditWait  how long at least one AMQP 1.0 publisher waited for link credit, counting waits of over 100
     *                    ms, each from its beginning: the broker grants no credit during a resource alarm (RabbitMQ 4),
     *                    and little to a queue that is slow to take messages, and the client cannot tell which,
     *                    nanoseconds
     * @param creditWaits how many times that began
     */
    public record Blocking(long time, long episodes, List<String> reasons, long creditWait, long creditWaits) {
        public Blocking {
            reasons = Lists.of(reasons);
        }
    }

    /**
     * The run's connections.
     *
     * @param opened          connections opened before traffic started: publishers', consumers' and
     *                        {@code --idle-connections} (a connection with several {@code -X}/{@code -Y} channels or
     *                        links counts once)
     * @param openingTime     wall-clock time opening them took ({@code --connection-open-concurrency} at a time),
     *                        nanoseconds
     * @param retries         opens that failed and were tried again (each connection is tried up to 3 times; a run
     *                        whose connections still fail ends before traffic, exit code 1)
     * @param idle            of {@code opened}, the idle connections ({@code --idle-connections})
     * @param churn           connection churn ({@code --churn-rate}); {@code null} without it. Its open latency is
     *                        {@code latency.churnOpen}
     * @param openedPerSecond {@code opened} over {@code openingTime}
     */
    public record Connections(long opened, long openingTime, long retries, long idle, Optional<Churn> churn,
            double openedPerSecond) {
    }

    /**
     * Connection churn.
     *
     * @param opened         churned connections opened, each with its channel or link
     * @param closed         churned connections closed again
     * @param failed         opens that failed; they do not fail the run
     * @param firstFailure   the first failure's reason; {@code null} when none failed
     * @param duration       how long churn ran (the publishing time), nanoseconds
     * @param behind         opens that started more than a second after their scheduled time (the open threads could
     *                       not keep up); 0 when churn kept its rate
     * @param opensPerSecond {@code opened} over {@code duration}
     */
    public record Churn(long opened, long closed, long failed, Optional<String> firstFailure, long duration,
            long behind, double opensPerSecond) {
    }

    /**
     * The verdict of one gate at one place.
     *
     * @param gate     the gate in its canonical form, for example {@code e2e.p99>20ms}
     * @param step     the 0-based step it was checked on (see [Steps](#steps)); {@code null} for the whole run
     * @param measured the measured value in the quantity's unit: nanoseconds for a latency, messages for a count,
     *                 messages per second for a rate; {@code null} when nothing was recorded (which breaks the gate)
     * @param broken   {@code true} if the gate broke
     * @param sentence the verdict in one sentence, naming the measured value and the threshold:
     *                 {@code Gate e2e.p99>20ms failed in step 3 (rate=4000): end-to-end p99 was 35.214 ms, above 20.000 ms.}
     * @param instance in a merged result, {@code merged} or the instance's name; absent otherwise
     */
    public record Gate(String gate, java.util.OptionalInt step, java.util.OptionalDouble measured, boolean broken,
            String sentence, @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> instance) {
    }

    /**
     * The probes and the answer of {@code find-max}.
     *
     * @param target    what each probe had to meet, as gates ({@code e2e.p99>50ms}), besides keeping up: sending at
     *                  least 95 % of the intended rate and receiving at least 95 % of what was sent and not refused
     * @param probes    the probes in the order they ran
     * @param answer    the highest rate that passed, messages per second over all publishers; {@code null} if none did
     * @param converged {@code true} if the lowest failing rate is within the precision of the answer (or the answer is
     *                  {@code --max-rate}); {@code false} if the search ran out of probes or was stopped
     */
    public record Search(List<String> target, List<Probe> probes, java.util.OptionalDouble answer,
            boolean converged) {
        public Search {
            target = Lists.of(target);
            probes = Lists.of(probes);
        }
    }

    /**
     * One probe of a search.
     *
     * @param step    the probe's 0-based step in {@code steps[]}, where its counts, rates and latencies are
     * @param rate    the intended rate, messages per second over all publishers
     * @param passed  {@code true} if it met the target
     * @param reasons why it failed, one sentence each; empty when it passed
     */
    public record Probe(int step, double rate, boolean passed, List<String> reasons) {
        public Probe {
            reasons = Lists.of(reasons);
        }
    }

    /**
     * The client host.
     *
     * @param os           operating system name and version
     * @param arch         processor architecture
     * @param jvm          JVM name, version and vendor
     * @param maxHeapBytes the JVM's maximum heap, bytes
     */
    public record Environment(String os, String arch, String jvm, long maxHeapBytes) {
    }

    /**
     * One instance of a merged result.
     *
     * @param instance             its {@code instance}
     * @param runId                its run id
     * @param directory            the directory it was read from
     * @param startedAt            when it started
     * @param publishingTime       its publishing time, nanoseconds
     * @param counts               its counts, see [Counts](#counts)
     * @param rates                its rates, see [Rates](#rates)
     * @param latency              its own percentile ladders, see [Latency](#latency)
     * @param unaccountedPublished its unaccounted published messages
     * @param failure              why it failed, if it did
     * @param gates                its own gate verdicts (see [Gates](#gates)), each with {@code instance} set to its
     *                             name and its sentence prefixed with it; they do not decide the merged verdict
     * @param uri                  its broker address, password replaced by {@code ***}; in a `groups` row only (an
     *                             `instances` row has none, nor has a file written before groups said it)
     * @param protocol             its protocol: {@code amqp091}, {@code amqp10} or {@code stream}; in a `groups` row
     *                             only
     * @param queues               the queues it used; in a `groups` row only
     * @param queueType            the type of the queues it declares: {@code classic}, {@code quorum} or
     *                             {@code stream}; in a `groups` row only
     * @param broker               what its broker said about itself, see [Broker](#broker); in a `groups` row only
     */
    public record InstanceRow(String instance, String runId, String directory, Instant startedAt, long publishingTime,
            Counts counts, Rates rates, Latencies latency, long unaccountedPublished, Optional<String> failure,
            List<Gate> gates, @JsonInclude(JsonInclude.Include.NON_EMPTY) String uri,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) String protocol,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> queues,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) String queueType,
            @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Broker> broker) {
        public InstanceRow {
            gates = Lists.of(gates);
            uri = uri == null ? "" : uri;
            protocol = protocol == null ? "" : protocol;
            queues = Lists.of(queues);
            queueType = queueType == null ? "" : queueType;
            broker = broker == null ? Optional.empty() : broker;
        }

        /**
         * An instance's row: nothing said of its broker, protocol or queues (the merged document's are its).
         *
         * @deprecated since the row describes a group's broker, protocol and queues; use the canonical
         *             constructor, with empty ones for an instance
         */
        @Deprecated
        public InstanceRow(String instance, String runId, String directory, Instant startedAt, long publishingTime,
                Counts counts, Rates rates, Latencies latency, long unaccountedPublished, Optional<String> failure,
                List<Gate> gates) {
            this(instance, runId, directory, startedAt, publishingTime, counts, rates, latency, unaccountedPublished,
                    failure, gates, "", "", List.of(), "", Optional.empty());
        }

        /** Whether the row says what its group ran against (a group's row written by this version or later). */
        public boolean described() {
            return !protocol.isEmpty();
        }
    }
}
