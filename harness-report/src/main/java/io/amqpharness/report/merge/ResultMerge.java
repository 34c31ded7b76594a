package io.amqpharness.report.merge;

import io.amqpharness.report.build.HistogramLogHeader;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.report.build.SectionValues;
import io.amqpharness.HarnessException;
import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.report.document.Counts;
import io.amqpharness.report.document.Histograms;
import io.amqpharness.report.document.Interval;
import io.amqpharness.report.document.Ladder;
import io.amqpharness.report.document.Latencies;
import io.amqpharness.report.document.Rates;
import io.amqpharness.report.document.RecordFields;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.io.OutputFiles;
import io.amqpharness.result.LatencyHistograms;
import io.amqpharness.scenario.ScenarioException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import java.util.zip.DataFormatException;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Merges the results of several harness instances that ran one workload together (each written
 * with {@code --output-dir}) into one result, as {@code harness report --merge} does: counts and
 * rates are summed, and latency histograms are added, so every percentile of the merged result is
 * exactly the percentile of one histogram holding every instance's values (never an average of
 * percentiles). The whole run's histograms come from each {@code result.json}
 * ({@code histograms.<metric>.encoded}); each interval's from the {@code *.hlog} files, the k-th
 * histogram of every instance's log making the merged k-th interval (instances that started together,
 * with {@code --barrier} or {@code --start-at}, have their intervals at the same times).
 *
 * <p>The merge is a function of the instances' documents and interval histograms to one
 * {@link ResultDocument} with {@code merged: true} and a row per instance with its own key numbers
 * (so {@code report.html} renders from it). Stateless; thread-safe.
 */
public final class ResultMerge {
    private ResultMerge() {
    }

    /**
     * One instance's saved result: its document and its interval histograms per metric.
     *
     * @param directory the directory it was read from
     * @param result    its {@code result.json}
     * @param intervals per metric, the interval histograms of its {@code .hlog} file, in order
     */
    record Instance(Path directory, ResultDocument result, Map<Metric, List<Histogram>> intervals) {
    }

    /**
     * Reads each directory and merges them.
     *
     * @param directories directories written by {@code --output-dir}, one per instance
     * @throws HarnessException with one sentence if a directory cannot be read
     */
    public static ResultDocument merge(List<Path> directories) {
        return mergeRead(directories.stream().map(ResultMerge::read).toList());
    }

    /**
     * Merges, and writes the merged {@code result.json} and one {@code .hlog} per metric (the
     * merged interval histograms) into {@code output}.
     *
     * @return the merged result
     * @throws HarnessException if a directory cannot be read or a file not written
     */
    public static ResultDocument write(List<Path> directories, Path output) {
        List<Instance> instances = directories.stream().map(ResultMerge::read).toList();
        ResultDocument merged = mergeRead(instances);
        try {
            Files.createDirectories(output);
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(output, e);
        }
        // The logs first, result.json last: a merge that stops half-way leaves no result.json over other logs.
        MergedLogs.write(instances, output, merged.startedAt());
        ResultDocuments.write(merged, output);
        return merged;
    }

    static Instance read(Path directory) {
        ResultDocument result = ResultDocuments.read(directory);
        Path dir = Files.isDirectory(directory) ? directory : directory.toAbsolutePath().getParent();
        Map<Metric, List<Histogram>> intervals = new EnumMap<>(Metric.class);
        for (Metric m : Metric.values()) {
            Path log = dir.resolve(m.logFileName());
            List<Histogram> list = new ArrayList<>();
            if (Files.exists(log)) {
                try {
                    HistogramLogReader reader = new HistogramLogReader(log.toFile());
                    EncodableHistogram h;
                    while ((h = reader.nextIntervalHistogram()) != null) {
                        list.add((Histogram) h);
                    }
                } catch (FileNotFoundException e) {
                    throw new HarnessException("Cannot read " + log + ": " + OutputFiles.reason(e) + ".");
                } catch (RuntimeException e) {
                    throw new HarnessException(log + " is not an HdrHistogram log the harness wrote (" + e + ").");
                }
            }
            intervals.put(m, list);
        }
        return new Instance(dir, result, intervals);
    }

    /** An instance's name, {@code ?} when its file has none. */
    static String name(Instance i) {
        return Objects.requireNonNullElse(i.result().instance(), "?");
    }

    static ResultDocument mergeRead(List<Instance> instances) {
        if (instances.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        java.util.Map<String, Path> seen = new java.util.HashMap<>();
        for (Instance i : instances) {
            Path before = seen.putIfAbsent(i.result().runId(), i.directory());
            if (before != null) {
                throw new HarnessException(before + " and " + i.directory() + " hold the same run (run id "
                        + i.result().runId() + "); give each instance's directory once.");
            }
        }
        sameTiming(instances);
        List<ResultDocument> docs = instances.stream().map(Instance::result).toList();
        ResultDocument first = docs.get(0);
        LinkedHashSet<String> queues = new LinkedHashSet<>();
        docs.forEach(d -> queues.addAll(d.queues()));
        Counts counts = summed(Counts.class, docs.stream().map(ResultDocument::counts).toList());
        Rates rates = summed(Rates.class, docs.stream().map(ResultDocument::rates).toList());
        OptionalLong leftInQueues = leftInQueues(docs);
        OptionalLong expectedDeliveries = sumOrEmpty(docs, ResultDocument::expectedDeliveries);
        long unaccountedPublished = sum(docs, ResultDocument::unaccountedPublished);
        Map<Metric, Histogram> whole = wholeRun(instances);
        List<Interval> intervals = intervals(instances);
        List<String> notes = new ArrayList<>();
        notes.add("Merged from " + instances.size() + " instances: counts and rates are summed, latency "
                + "histograms added (exact percentiles); intervals are matched by their number.");
        for (Instance i : instances) {
            i.result().notes().forEach(n -> notes.add(name(i) + ": " + n));
        }
        if (expectedDeliveries.isPresent() && counts.foreign() > 0 && shareQueues(docs)) {
            notes.add(String.format(java.util.Locale.ROOT, "The expected deliveries (%,d) are not judged on the merged "
                    + "result: the instances shared queues, so their consumers received each other's messages, which an "
                    + "instance counts as from other runs (%,d in all) and cannot tell from another run's.",
                    expectedDeliveries.getAsLong(), counts.foreign()));
            expectedDeliveries = OptionalLong.empty();
        }
        List<String> failures = new ArrayList<>();
        instances.forEach(i -> i.result().failure().ifPresent(f -> failures.add(name(i) + ": " + f)));
        Optional<io.amqpharness.report.document.BrokerMetrics> brokerMetrics =
                MergedConnections.brokerMetrics(instances, notes);
        List<ResultDocument.Gate> gates = MergedGates.evaluate(instances, new MergedGates.Merged(counts, rates,
                unaccountedPublished, expectedDeliveries, leftInQueues, whole));
        if (!gates.isEmpty() && docs.stream().anyMatch(d -> !d.steps().isEmpty())) {
            notes.add("The gates are checked on the merged whole run only (steps are not merged); each "
                    + "instance's own verdicts, per step too, are in its row (instances[].gates).");
        }
        return new ResultDocument(ResultDocument.FORMAT, ResultDocument.SCHEMA_VERSION,
                "amqp-harness " + RunDocument.version(), "nanoseconds", Optional.of(true), MergedGates.MERGED,
                String.join("+", docs.stream().map(ResultDocument::runId).toList()), first.scenario(), first.broker(),
                List.copyOf(queues),
                docs.stream().map(ResultDocument::startedAt).filter(Objects::nonNull).min(Instant::compareTo).orElseThrow(),
                max(docs, ResultDocument::publishingTime), max(docs, ResultDocument::totalTime),
                docs.stream().allMatch(ResultDocument::paced), counts, sum(docs, ResultDocument::unconfirmedAtStop),
                sum(docs, ResultDocument::unsentAtStop), leftInQueues, expectedDeliveries, rates, ladders(whole),
                histograms(whole), intervals, List.of(), client(docs), first.driverFacts(), notes,
                failures.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", failures)),
                docs.stream().anyMatch(ResultDocument::interrupted), outages(docs, intervals), blocking(docs),
                brokerMetrics, Optional.empty(), MergedConnections.connections(instances), !failures.isEmpty(), gates,
                Optional.empty(), unaccountedPublished, first.environment(), Optional.of(rows(instances)), List.of(),
                List.of(), Optional.empty(), Optional.empty());
    }

    /** The merged histogram of each metric over the whole run. */
    static Map<Metric, Histogram> wholeRun(List<Instance> instances) {
        Map<Metric, Histogram> whole = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            Histogram sum = LatencyRecorder.newHistogram();
            for (Instance i : instances) {
                String encoded = i.result().histograms().get(metric).encoded();
                if (!encoded.isEmpty()) {
                    sum.add(decode(encoded, i.directory()));
                }
            }
            whole.put(metric, sum);
        }
        return whole;
    }

    private static Histogram decode(String base64, Path where) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new HarnessException("The histograms in " + where.resolve(ResultDocuments.FILE_NAME)
                    + " cannot be decoded (" + e.getMessage() + ").");
        }
    }

    /** Each metric's ladder of its histogram. */
    private static Latencies ladders(Map<Metric, Histogram> histograms) {
        return Latencies.of(m -> SectionValues.ladder(LatencySummary.of(histograms.get(m))));
    }

    /** The histograms as a run's document holds them (percentile curve and encoded histogram), by the same writer. */
    private static Histograms histograms(Map<Metric, Histogram> whole) {
        return SectionValues.histograms(LatencyHistograms.of(whole));
    }

    private static List<Interval> intervals(List<Instance> instances) {
        List<Interval> out = new ArrayList<>();
        int n = instances.stream().mapToInt(i -> i.result().intervals().size()).max().orElse(0);
        for (int k = 0; k < n; k++) {
            List<Interval> at = new ArrayList<>();
            List<Counts> totals = new ArrayList<>();
            for (Instance i : instances) {
                List<Interval> list = i.result().intervals();
                if (k < list.size()) {
                    at.add(list.get(k));
                }
                if (!list.isEmpty()) {
                    totals.add(list.get(Math.min(k, list.size() - 1)).total());
                }
            }
            Map<Metric, Histogram> hs = new EnumMap<>(Metric.class);
            for (Metric metric : Metric.values()) {
                Histogram sum = LatencyRecorder.newHistogram();
                for (Instance i : instances) {
                    List<Histogram> logged = i.intervals().get(metric);
                    if (k < logged.size()) {
                        sum.add(logged.get(k));
                    }
                }
                hs.put(metric, sum);
            }
            out.add(new Interval(k, max(at, Interval::elapsed), max(at, Interval::length), phase(at),
                    summed(Counts.class, at.stream().map(Interval::delta).toList()), summed(Counts.class, totals),
                    sum(at, Interval::inFlight), ladders(hs), max(at, Interval::blocked), max(at, Interval::down),
                    Optional.empty(), total(at, Interval::sentPerSecond), total(at, Interval::confirmedPerSecond),
                    total(at, Interval::receivedPerSecond)));
        }
        return out;
    }

    /** {@code warmup} while any instance warms up, else {@code running} while any runs, else {@code draining}. */
    private static String phase(List<Interval> at) {
        List<String> phases = at.stream().map(Interval::phase).toList();
        return phases.contains("warmup") ? "warmup" : phases.contains("running") ? "running" : "draining";
    }

    /** Per instance: where it came from and its own key numbers. */
    private static List<ResultDocument.InstanceRow> rows(List<Instance> instances) {
        return instances.stream().map(i -> {
            ResultDocument r = i.result();
            return new ResultDocument.InstanceRow(r.instance(), r.runId(), i.directory().toString(), r.startedAt(),
                    r.publishingTime(), r.counts(), r.rates(), r.latency(), r.unaccountedPublished(), r.failure(),
                    MergedGates.ofInstance(i), "", "", List.of(), "", Optional.empty());
        }).toList();
    }

    /**
     * The sum of records whose components are all numbers ({@link Counts}, {@link Rates}),
     * component by component; a record a file lacks counts as zeros.
     */
    static <R extends Record> R summed(Class<R> type, List<R> values) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] sums = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int k = 0; k < components.length; k++) {
            types[k] = components[k].getType();
            String name = components[k].getName();
            if (types[k] == long.class) {
                sums[k] = values.stream().filter(Objects::nonNull).mapToLong(v -> (Long) RecordFields.of(v).get(name)).sum();
            } else if (types[k] == double.class) {
                sums[k] = values.stream().filter(Objects::nonNull).mapToDouble(v -> (Double) RecordFields.of(v).get(name))
                        .sum();
            } else {
                throw new IllegalArgumentException(type + "." + name + " is not a number");
            }
        }
        try {
            return type.getDeclaredConstructor(types).newInstance(sums);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type + " has no canonical constructor", e);
        }
    }

    /** Costs summed; processors the largest (several instances on one host share them); Java the first's. */
    private static ResultDocument.Client client(List<ResultDocument> docs) {
        List<ResultDocument.Client> all = docs.stream().map(ResultDocument::client).filter(Objects::nonNull).toList();
        OptionalLong rss = sumOrEmpty(all, ResultDocument.Client::peakRssBytes, false);
        return new ResultDocument.Client(sum(all, ResultDocument.Client::cpuTime),
                sum(all, ResultDocument.Client::peakHeapBytes), rss,
                all.stream().map(ResultDocument.Client::javaVersion).filter(Objects::nonNull).findFirst().orElse(null),
                (int) max(all, ResultDocument.Client::processors),
                sumOrEmpty(all, ResultDocument.Client::measuredCpuTime, true),
                sumOrEmpty(all, ResultDocument.Client::measuredMessages, true),
                sumOrEmpty(all, ResultDocument.Client::processCpuTime, true));
    }

    private static <T> long sum(List<T> values, ToLongFunction<T> field) {
        return values.stream().mapToLong(field).sum();
    }

    private static <T> double total(List<T> values, ToDoubleFunction<T> field) {
        return values.stream().mapToDouble(field).sum();
    }

    private static <T> long max(List<T> values, ToLongFunction<T> field) {
        return values.stream().mapToLong(field).max().orElse(0);
    }

    /**
     * Intervals are merged by their number, so every instance must have used the same {@code --interval}
     * and {@code --warmup}.
     *
     * @throws ScenarioException with one sentence naming the two directories and their settings
     */
    private static void sameTiming(List<Instance> instances) {
        Instance first = instances.get(0);
        for (Instance i : instances) {
            Map<String, Function<ResultDocument.ScenarioSection, Optional<Duration>>> timing = new LinkedHashMap<>();
            timing.put("interval", s -> Optional.of(s.interval()));
            timing.put("warmup", ResultDocument.ScenarioSection::warmup);
            for (Map.Entry<String, Function<ResultDocument.ScenarioSection, Optional<Duration>>> t : timing.entrySet()) {
                String option = t.getKey();
                Optional<Duration> a = t.getValue().apply(first.result().scenario());
                Optional<Duration> b = t.getValue().apply(i.result().scenario());
                if (!a.equals(b)) {
                    throw new ScenarioException(List.of(first.directory() + " ran with --" + option + " " + duration(a)
                            + " and " + i.directory() + " with --" + option + " " + duration(b) + ": intervals are "
                            + "merged by their number, so merge only instances run with the same --interval and --warmup."));
                }
            }
        }
    }

    /** Nanoseconds as {@code 5s} or {@code 500ms}; {@code none} when absent. */
    private static String duration(Optional<Duration> d) {
        if (d.isEmpty()) {
            return "none";
        }
        long n = d.get().toNanos();
        return n % 1_000_000_000L == 0 ? n / 1_000_000_000L + "s" : n % 1_000_000L == 0 ? n / 1_000_000L + "ms"
                : n + "ns";
    }

    /** The sum; empty when any instance does not know its value. */
    private static OptionalLong sumOrEmpty(List<ResultDocument> docs, Function<ResultDocument, OptionalLong> field) {
        return sumOrEmpty(docs, field, true);
    }

    /** The sum of the values known; empty when {@code all} and one is unknown, or when none is known. */
    private static <T> OptionalLong sumOrEmpty(List<T> values, Function<T, OptionalLong> field, boolean all) {
        List<OptionalLong> known = values.stream().map(field).toList();
        if (all ? known.stream().anyMatch(OptionalLong::isEmpty) : known.stream().allMatch(OptionalLong::isEmpty)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(known.stream().filter(OptionalLong::isPresent).mapToLong(OptionalLong::getAsLong).sum());
    }

    /** Summed over instances with queues of their own; when all read the same queues, the largest reading. */
    /** Whether a queue is one of more than one instance's. */
    private static boolean shareQueues(List<ResultDocument> docs) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        return docs.stream().anyMatch(d -> d.queues().stream().distinct().anyMatch(q -> !seen.add(q)));
    }

    private static OptionalLong leftInQueues(List<ResultDocument> docs) {
        if (docs.stream().anyMatch(d -> d.leftInQueues().isEmpty())) {
            return OptionalLong.empty();
        }
        boolean shared = docs.stream().map(ResultDocument::queues).distinct().count() == 1 && docs.size() > 1;
        ToLongFunction<ResultDocument> left = d -> d.leftInQueues().getAsLong();
        return OptionalLong.of(shared ? max(docs, left) : sum(docs, left));
    }

    /**
     * Disconnects summed; the downtime at least the longest instance's and at least the merged
     * intervals' down times added up (the instances' outages cannot be lined up exactly, so the time
     * with any connection down is known only from below).
     */
    private static ResultDocument.Outages outages(List<ResultDocument> docs, List<Interval> merged) {
        List<ResultDocument.Outages> all = docs.stream().map(ResultDocument::outages).filter(Objects::nonNull).toList();
        long longest = max(all, ResultDocument.Outages::downtime);
        long byIntervals = sum(merged, Interval::down);
        return new ResultDocument.Outages(sum(all, ResultDocument.Outages::disconnects), Math.max(longest, byIntervals),
                all.stream().flatMap(o -> o.connections().stream()).toList(),
                all.stream().flatMap(o -> o.reasons().stream()).toList());
    }

    private static ResultDocument.Blocking blocking(List<ResultDocument> docs) {
        List<ResultDocument.Blocking> all = docs.stream().map(ResultDocument::blocking).filter(Objects::nonNull).toList();
        return new ResultDocument.Blocking(max(all, ResultDocument.Blocking::time),
                sum(all, ResultDocument.Blocking::episodes), all.stream().flatMap(b -> b.reasons().stream()).toList(),
                max(all, ResultDocument.Blocking::creditWait), sum(all, ResultDocument.Blocking::creditWaits));
    }
}
