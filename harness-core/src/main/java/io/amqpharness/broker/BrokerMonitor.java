package io.amqpharness.broker;

import io.amqpharness.scenario.BrokerMetrics;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.ProtocolTraits;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerInfo;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Samples the broker during a run, on its own single thread, once per reporting interval (at most
 * once a second): never
 * on a publishing or consuming thread, and a slow or dead HTTP endpoint never delays the run's
 * reporting (each interval takes whatever sample is newest). Reading the broker is best effort:
 * a broker without the plugins, or one that cannot be reached, gives one note and the run goes
 * on.
 *
 * <p>Life cycle, on the runner's thread: {@link #open} (reads the broker once, before traffic),
 * {@link #start}, then {@link #finish} after the drain; {@link #close} in any case.
 */
public final class BrokerMonitor implements AutoCloseable {
    /**
     * Wait after the drain for the broker's counters to catch up (it refreshes them every 5 s by default),
     * in seconds; longer, up to 2.5 times, while they are still moving.
     */
    public static final int FINAL_WAIT_SECONDS = 6;
    /**
     * System property, in milliseconds, that replaces the default {@link #FINAL_WAIT_SECONDS} where a scenario
     * does not set {@code --broker-metrics-wait} (0: take the last sample once, without waiting). For test
     * suites whose runs do not test the broker's counters; users set the option.
     */
    public static final String FINAL_WAIT_PROPERTY = "amqpharness.brokerMonitor.finalWaitMillis";
    private static final long RETRY_MILLIS = 500;
    /** The management plugin's default statistics interval and a margin, in nanoseconds. */
    private static final long STATISTICS_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(5_500);
    private static final long MIN_PERIOD_NANOS = 1_000_000_000L;

    private final Optional<BrokerSource> source;
    private final Optional<String> unavailable;
    private final Optional<BrokerSample> first;
    private final Duration interval;
    private final LongSupplier nanoTime;
    private final List<BrokerSample> samples = new ArrayList<>();
    private final AtomicReference<BrokerSample> newest = new AtomicReference<>();
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "harness-broker-metrics");
        t.setDaemon(true);
        return t;
    });
    private final boolean queueCounters;
    private final Duration finalWait;
    private volatile long startNanos;
    private int failed;
    private String firstFailure;

    private BrokerMonitor(Optional<BrokerSource> source, Optional<String> unavailable, Optional<BrokerSample> first,
                          Duration interval, LongSupplier nanoTime, boolean queueCounters, Duration finalWait) {
        this.queueCounters = queueCounters;
        this.finalWait = finalWait;
        this.source = source;
        this.unavailable = unavailable;
        this.first = first;
        this.interval = interval;
        this.nanoTime = nanoTime;
        first.ifPresent(samples::add);
    }

    /**
     * Reads the broker once, before any traffic, from the address the scenario names or derives
     * (see {@link BrokerMetrics}): the counts of the cross-check start here.
     *
     * @param broker   the broker as it announced itself: only RabbitMQ is sampled
     * @param queues   the run's queues
     * @param nanoTime the run's clock, in nanoseconds
     * @return empty when the scenario turns broker metrics off or the broker is not RabbitMQ
     */
    public static Optional<BrokerMonitor> open(Scenario scenario, BrokerInfo broker, List<String> queues,
                                               LongSupplier nanoTime) {
        BrokerMetrics settings = scenario.run().brokerMetrics();
        if (!settings.enabled() || !broker.product().equalsIgnoreCase("RabbitMQ")) {
            return Optional.empty();
        }
        // RabbitMQ 4.x keeps no per-queue message statistics for AMQP 1.0: do not wait for them.
        boolean queueCounters = ProtocolTraits.of(scenario.protocol()).queueStatisticsOnRabbitMQ4()
                || major(broker.version()) < 4;
        BrokerUri amqp = scenario.uri();
        BrokerHttp http = new BrokerHttp(amqp.username(), amqp.password());
        List<String> reasons = new ArrayList<>();
        for (BrokerSource candidate : candidates(settings, scenario.addresses(), http, queues, reasons)) {
            try {
                BrokerSample sample = candidate.sample(Duration.ZERO);
                return Optional.of(new BrokerMonitor(Optional.of(candidate), Optional.empty(), Optional.of(sample),
                        scenario.run().interval(), nanoTime, queueCounters, finalWait(settings)));
            } catch (BrokerMetricsException e) {
                reasons.add(amqp.scrub(e.getMessage()));
            } catch (RuntimeException e) {
                reasons.add(candidate.url() + " gave an answer the harness cannot read (" + amqp.scrub(e.toString()) + ")");
            }
        }
        String sentence = "The broker's metrics could not be read: " + String.join("; ", reasons) + ". The run goes on "
                + "without them; name the management API or a Prometheus endpoint with --broker-metrics URL, or "
                + "skip them with --no-broker-metrics.";
        return Optional.of(new BrokerMonitor(Optional.empty(), Optional.of(sentence), Optional.empty(),
                scenario.run().interval(), nanoTime, false, Duration.ZERO));
    }

    /** {@code --broker-metrics-wait}, or the default: {@link #FINAL_WAIT_PROPERTY} if set, else {@link #FINAL_WAIT_SECONDS}. */
    private static Duration finalWait(BrokerMetrics settings) {
        return settings.finalWait().orElseGet(() -> Duration.ofMillis(Math.max(0,
                Long.getLong(FINAL_WAIT_PROPERTY, FINAL_WAIT_SECONDS * 1000L))));
    }

    /**
     * The sources to try in turn; {@code reasons} gets why an address's management API was not found
     * (the sentence of a broker that cannot be read shows it).
     */
    private static List<BrokerSource> candidates(BrokerMetrics settings, io.amqpharness.scenario.BrokerAddresses addresses,
                                                 BrokerHttp http, List<String> queues, List<String> reasons) {
        BrokerUri amqp = addresses.primary();
        String vhost = amqp.virtualHost();
        if (settings.url().isPresent()) {
            URI u = settings.url().get();
            return List.of(BrokerMetrics.isPrometheus(u) ? new PrometheusSource(http, u, vhost, queues)
                    : new ManagementSource(http, u, vhost, queues, Optional.of(scrape(http,
                            List.of(BrokerMetrics.prometheusBeside(u))))));
        }
        List<URI> managements = new ArrayList<>();
        List<URI> prometheuses = new ArrayList<>();
        for (int i = 0; i < addresses.size(); i++) {
            BrokerUri node = addresses.get(i);
            // A stream address tells no fixed offset to the management port: ask the broker's listeners.
            Optional<StreamPorts.Found> found = node.stream() ? StreamPorts.find(http, node) : Optional.empty();
            if (node.stream() && found.isEmpty()) {
                reasons.add("no management API at " + BrokerMetrics.managementCandidates(node).stream()
                        .map(URI::toString).collect(java.util.stream.Collectors.joining(", "))
                        + " lists a stream listener on port " + node.port());
            }
            managements.add(found.map(StreamPorts.Found::management).orElse(BrokerMetrics.derivedManagement(node)));
            prometheuses.add(found.map(StreamPorts.Found::prometheus).orElse(BrokerMetrics.derivedPrometheus(node)));
        }
        if (addresses.size() > 1) {
            return List.of(cluster(http, managements, prometheuses, vhost, queues),
                    new PrometheusSource(http, prometheuses, vhost, queues));
        }
        return List.of(new ManagementSource(http, managements.get(0), vhost, queues,
                        Optional.of(scrape(http, List.of(prometheuses.get(0))))),
                new PrometheusSource(http, prometheuses.get(0), vhost, queues));
    }

    /**
     * A cluster's source: every node's management API in turn, so that losing a node loses no sample,
     * each with every node's Prometheus endpoint, whose node-wide figures are added up: each node counts
     * only its own clients' messages.
     *
     * @param managements  each node's management API
     * @param prometheuses each node's Prometheus endpoint, in the same order
     */
    static BrokerSource cluster(BrokerHttp http, List<URI> managements, List<URI> prometheuses, String vhost,
                                List<String> queues) {
        ClusterScrape every = scrape(http, prometheuses);
        List<BrokerSource> nodes = new ArrayList<>();
        for (URI management : managements) {
            nodes.add(new ManagementSource(http, management, vhost, queues, Optional.of(every)));
        }
        return new FailoverSource(nodes);
    }

    private static ClusterScrape scrape(BrokerHttp http, List<URI> endpoints) {
        return new ClusterScrape(endpoints.stream().map(u -> new NodeScrape(http, u)).toList());
    }

    /**
     * Starts sampling once per reporting interval, but at most once a second; samples are dated from
     * {@code startNanos}, the start of publishing.
     */
    public void start(long startNanos) {
        this.startNanos = startNanos;
        if (source.isEmpty()) {
            return;
        }
        // At most once a second: each sample costs the broker three HTTP requests and a scrape.
        long period = Math.max(interval.toNanos(), MIN_PERIOD_NANOS);
        // Sample a little before each interval ends, so that the interval closing then finds it.
        long delay = Math.max(period / 2, period - 250_000_000L);
        thread.scheduleAtFixedRate(this::sampleQuietly, delay, period, TimeUnit.NANOSECONDS);
    }

    /** Why the broker cannot be read, one sentence, if it cannot. */
    public Optional<String> unavailable() {
        return unavailable;
    }

    /** The sample taken since the previous call, if any; for the interval being closed. */
    public Optional<BrokerSample> fresh() {
        return Optional.ofNullable(newest.getAndSet(null));
    }

    private void sampleQuietly() {
        try {
            BrokerSample s = source.orElseThrow().sample(elapsed());
            synchronized (this) {
                samples.add(s);
            }
            newest.set(s);
        } catch (RuntimeException e) {
            synchronized (this) {
                failed++;
                if (firstFailure == null) {
                    firstFailure = e instanceof BrokerMetricsException ? e.getMessage() : e.toString();
                }
            }
        }
    }

    private Duration elapsed() {
        return Duration.ofNanos(Math.max(0, nanoTime.getAsLong() - startNanos));
    }

    /**
     * Stops sampling and takes the last sample, waiting ({@code --broker-metrics-wait}, default
     * {@value #FINAL_WAIT_SECONDS} s) for the broker's
     * per-queue counters to reach the harness's when they do not yet; while they still move the wait goes on
     * for one more statistics interval each time, up to 2.5 times as long (15 s).
     *
     * @param publishingEndNanos when publishing stopped, on the run's clock
     * @param harness            the harness's counts to cross-check
     * @param receivedPerSecond  the consumers' receive rate, for the advice when queues grew
     * @param scenario           the scenario, for the advice
     */
    public Outcome finish(long publishingEndNanos, CrossCheck.HarnessCounts harness, double receivedPerSecond,
                          Scenario scenario) {
        close();
        harness = harness.withMessagesPerEntry(messagesPerEntry(scenario));
        if (source.isEmpty()) {
            return new Outcome(BrokerMetricsReport.unavailable(unavailable.orElse("")), List.of(unavailable.orElse("")));
        }
        BrokerSample last = finalSample(harness);
        List<BrokerSample> all;
        synchronized (this) {
            all = new ArrayList<>(samples);
        }
        Duration publishingEnd = Duration.ofNanos(Math.max(0, publishingEndNanos - startNanos));
        CrossCheck.Checked checked = CrossCheck.afterTheWait(all, harness);
        Optional<CrossCheck> check = checked.check();
        Optional<QueueGrowth> growth = harness.growth().or(() -> QueueGrowth.ofSamples(all, publishingEnd));
        BrokerSource s = source.get();
        BrokerMetricsReport report = new BrokerMetricsReport(Optional.of(s.kind()), Optional.of(s.url().toString()),
                cpuUrl(s),
                Optional.empty(), all.size(), failed, first, Optional.of(last),
                peak(all, BrokerSample::depth), peak(all, BrokerSample::memoryBytes),
                peak(all, BrokerSample::memoryLimitBytes),
                peakCpu(all), peak(all, BrokerSample::connections), peak(all, BrokerSample::channels),
                all.stream().flatMap(x -> x.alarms().stream()).distinct().toList(), check, growth);
        List<String> notes = new ArrayList<>(BrokerNotes.of(report, harness, receivedPerSecond, scenario, firstFailure));
        checked.note().ifPresent(notes::add);
        notes.addAll(ClusterEvents.of(all));
        return new Outcome(report, notes);
    }

    /** The Prometheus endpoints that gave CPU and the node-wide counters, separated by spaces. */
    private static Optional<String> cpuUrl(BrokerSource s) {
        if (management(s).isPresent()) {
            return management(s).get().cpuUrl();
        }
        return Optional.of(s instanceof PrometheusSource p ? p.urls() : s.url().toString());
    }

    /**
     * The stream run's {@code --sub-entry-size}, 1 for other protocols: with sub-entries the broker counts
     * stream entries, not messages.
     */
    private static int messagesPerEntry(Scenario scenario) {
        return ProtocolTraits.of(scenario.protocol()).streamsOnly() ? Math.max(1, scenario.stream().subEntrySize()) : 1;
    }

    /** The management API a source reads now, if it reads one. */
    private static Optional<ManagementSource> management(BrokerSource s) {
        BrokerSource now = s instanceof FailoverSource f ? f.current() : s;
        return now instanceof ManagementSource m ? Optional.of(m) : Optional.empty();
    }

    private BrokerSample finalSample(CrossCheck.HarnessCounts harness) {
        long waitNanos = finalWait.toNanos();
        long start = System.nanoTime();
        long deadline = start + waitNanos;
        // Counters still moving are still catching up: the wait goes on while they moved within one statistics
        // interval, up to 2.5 times the wait (a busy broker emits its statistics late).
        long hardDeadline = start + waitNanos * 5 / 2;
        OptionalLong lastPublished = OptionalLong.empty();
        BrokerSample last = null;
        while (true) {
            try {
                last = source.orElseThrow().sample(elapsed());
                synchronized (this) {
                    samples.add(last);
                }
            } catch (RuntimeException e) {
                synchronized (this) {
                    failed++;
                }
            }
            Optional<CrossCheck> check;
            synchronized (this) {
                check = last == null ? Optional.empty() : CrossCheck.of(List.copyOf(samples), harness);
            }
            // The management API's per-queue counters lag by up to the broker's statistics interval (5 s), and
            // a new queue has none until its first statistics.
            boolean queuesLag = queueCounters && harness.published() > 0 && management(source.get()).isPresent()
                    && last != null && !last.queues().isEmpty();
            // After a broker restart the counters cannot catch up with the harness's: no point waiting.
            boolean waitable = check.map(c -> !c.agrees() && c.brokerRestarts() == 0
                            && (c.basis().equals("queues") || queuesLag))
                    .orElse(last == null || queuesLag);
            OptionalLong published = check.map(CrossCheck::brokerPublished).orElse(OptionalLong.empty());
            long now = System.nanoTime();
            if (published.isPresent() && lastPublished.isPresent() && published.getAsLong() != lastPublished.getAsLong()) {
                deadline = Math.max(deadline, Math.min(hardDeadline, now + STATISTICS_INTERVAL_NANOS));
            }
            lastPublished = published;
            if (!waitable || now - deadline >= 0) {
                break;
            }
            try {
                Thread.sleep(RETRY_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (last != null) {
            return last;
        }
        synchronized (this) {
            return samples.get(samples.size() - 1);
        }
    }

    private static int major(String version) {
        try {
            return Integer.parseInt(version.split("\\.")[0].trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static <T> OptionalLong peak(List<T> all, Function<T, OptionalLong> f) {
        OptionalLong max = OptionalLong.empty();
        for (T t : all) {
            OptionalLong v = f.apply(t);
            if (v.isPresent() && (max.isEmpty() || v.getAsLong() > max.getAsLong())) {
                max = v;
            }
        }
        return max;
    }

    private static OptionalDouble peakCpu(List<BrokerSample> all) {
        return all.stream().map(BrokerSample::cpuCores).filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble).max();
    }

    /** Stops the sampling thread; idempotent. */
    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(BrokerHttp.REQUEST_TIMEOUT.toSeconds() + 1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The report and the notes it gives rise to. */
    public record Outcome(BrokerMetricsReport report, List<String> notes) {
        public Outcome {
            notes = List.copyOf(notes);
        }
    }
}
