package io.amqpharness.report.merge;

import io.amqpharness.HarnessException;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.io.OutputFiles;
import io.amqpharness.result.GateCheck;
import io.amqpharness.scenario.Gate;
import io.amqpharness.scenario.Scenario;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The result of a run of several client groups ({@code --group}): each group wrote a whole result
 * of its own into a directory; this adds them up as {@link ResultMerge} adds up instances (counts
 * and rates summed, latency histograms added, so percentiles are exact), and makes the document of
 * all groups together: a row per group under {@code groups} (no {@code instances}), the scenario
 * of the command line (the groups' defaults), each group's own gate verdicts (labelled with the
 * group, sentences prefixed by it) and the run's own gates (the top level's {@code --fail-if})
 * judged on all groups together (labelled {@code all}). Stateless.
 */
public final class GroupMerge {
    /** The {@code instance} of the document of all groups, and the label of the gates judged on it. */
    public static final String ALL = "all";
    /**
     * What the document of all groups says of a broker address, protocol, queue type or broker
     * product, version or platform where the groups differ; each group's row has its own.
     */
    public static final String PER_GROUP = "per group";

    private GroupMerge() {
    }

    /**
     * One group's saved result.
     *
     * @param name      the group's name
     * @param spec      the group as given, {@code name=probe,rate=10}: the document of all groups lists
     *                  it after the command line's arguments, as {@code --group SPEC}, its broker password
     *                  left out
     * @param scenario  the group's scenario (its addresses, for leaving the password out)
     * @param directory where its run wrote {@code result.json} and its {@code .hlog} files
     */
    public record Group(String name, String spec, Scenario scenario, Path directory) {
    }

    /**
     * Reads the groups' results, adds them up, and writes the document of all groups
     * ({@code result.json}) and one {@code .hlog} per metric into {@code output}.
     *
     * @param groups   the groups, in order
     * @param scenario the run's scenario as the command line gave it: its settings are the groups'
     *                 defaults, and its gates are judged on all groups together
     * @return the document of all groups
     * @throws HarnessException if a group's directory cannot be read or a file not written
     */
    public static ResultDocument write(List<Group> groups, Scenario scenario, Path output) {
        List<ResultMerge.Instance> read = groups.stream().map(g -> ResultMerge.read(g.directory())).toList();
        ResultDocument all = of(groups, read, scenario);
        try {
            Files.createDirectories(output);
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(output, e);
        }
        MergedLogs.write(read, output, all.startedAt());
        ResultDocuments.write(all, output);
        return all;
    }

    static ResultDocument of(List<Group> groups, List<ResultMerge.Instance> read, Scenario scenario) {
        ResultDocument merged = ResultMerge.mergeRead(read);
        List<ResultDocument.InstanceRow> rows = new ArrayList<>();
        List<ResultDocument.Gate> gates = new ArrayList<>();
        List<ResultDocument.InstanceRow> instanceRows = merged.instanceRows();
        for (int i = 0; i < groups.size(); i++) {
            String name = groups.get(i).name();
            ResultDocument.InstanceRow r = instanceRows.get(i);
            List<ResultDocument.Gate> own = read.get(i).result().gates().stream().map(g -> new ResultDocument.Gate(
                    g.gate(), g.step(), g.measured(), g.broken(), name + ": " + g.sentence(), Optional.of(name))).toList();
            gates.addAll(own);
            ResultDocument d = read.get(i).result();
            rows.add(new ResultDocument.InstanceRow(name, r.runId(), r.directory(), r.startedAt(), r.publishingTime(),
                    r.counts(), r.rates(), r.latency(), r.unaccountedPublished(), r.failure(), own, d.scenario().uri(),
                    d.scenario().protocol(), d.queues(), d.scenario().queueType(), Optional.of(d.broker())));
        }
        GateCheck.Measured measured = MergedGates.measured(read, new MergedGates.Merged(merged.counts(), merged.rates(),
                merged.unaccountedPublished(), merged.expectedDeliveries(), merged.leftInQueues(),
                ResultMerge.wholeRun(read)));
        String where = " on all " + groups.size() + " groups";
        for (Gate g : scenario.run().gates()) {
            var v = GateCheck.check(g, measured, OptionalInt.empty(), where);
            gates.add(new ResultDocument.Gate(v.gate().toString(), v.step(), v.measured(), v.broken(), v.sentence(),
                    Optional.of(ALL)));
        }
        List<String> notes = new ArrayList<>();
        notes.add("All " + groups.size() + " groups (" + String.join(", ", groups.stream().map(Group::name).toList())
                + ") together: counts and rates summed, latency histograms added (exact percentiles); each group's "
                + "own numbers are in its row and in its directory.");
        // The merge's first note speaks of instances, and its next ones are each instance's, prefixed by its
        // name (one process's, the same for every group): each group's notes are prefixed by the group's.
        long perGroup = read.stream().mapToLong(i -> i.result().notes().size()).sum();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            String name = groups.get(i).name();
            read.get(i).result().notes().forEach(n -> notes.add(name + ": " + n));
            read.get(i).result().failure().ifPresent(f -> failures.add(name + ": " + f));
        }
        merged.notes().stream().skip(1 + perGroup).map(n -> groupsNote(n, groups, read)).forEach(notes::add);
        Map<String, Object> changes = new LinkedHashMap<>();
        changes.put("instance", ALL);
        ResultDocument.ScenarioSection section = RunDocument.scenarioSection(scenario);
        List<String> arguments = new ArrayList<>(section.arguments());
        for (Group g : groups) {
            arguments.add("--group");
            arguments.add(RunDocument.redacted(g.scenario().addresses(), RunDocument.redacted(scenario.addresses(), g.spec())));
        }
        List<ResultDocument> docs = read.stream().map(ResultMerge.Instance::result).toList();
        changes.put("scenario", new ResultDocument.ScenarioSection(arguments, section.uri(), section.protocol(),
                section.publishing(), section.consuming(), section.topology(), section.run(), section.coordination())
                .describing(shared(docs, d -> d.scenario().uri()), shared(docs, d -> d.scenario().protocol()),
                        shared(docs, d -> d.scenario().queueType())));
        changes.put("broker", broker(docs));
        changes.put("notes", notes);
        changes.put("failure", failures.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", failures)));
        changes.put("gates", gates);
        changes.put("instances", Optional.empty());
        changes.put("groups", Optional.of(List.copyOf(rows)));
        return with(merged, changes);
    }

    /**
     * A note of the merge as it reads of groups: the merge names the instance whose broker metrics
     * it took (the process, the same for every group) and says every instance watched one broker,
     * which groups on different brokers did not.
     */
    private static String groupsNote(String note, List<Group> groups, List<ResultMerge.Instance> read) {
        int sampled = 0;
        while (sampled < read.size() && read.get(sampled).result().brokerMetrics().isEmpty()) {
            sampled++;
        }
        if (note.startsWith("The gates are checked on the merged whole run only")) {
            return "The top level's gates are checked on all groups' whole run only (steps are not merged); each "
                    + "group's own verdicts, per step too, are listed with its name and in its row (groups[].gates).";
        }
        if (sampled == read.size()) {
            return note;
        }
        String name = groups.get(sampled).name();
        if (note.startsWith("Broker metrics are those ")) {
            java.util.Optional<String> url = read.get(sampled).result().brokerMetrics().get().url();
            List<String> elsewhere = new ArrayList<>();
            for (int i = 0; i < read.size(); i++) {
                var m = read.get(i).result().brokerMetrics();
                if (m.isPresent() && !m.get().url().equals(url)) {
                    elsewhere.add(groups.get(i).name());
                }
            }
            return elsewhere.isEmpty()
                    ? "Broker metrics are those group " + name + " sampled: every group watched the same broker over "
                            + "the same run."
                    : "Broker metrics are group " + name + "'s broker's" + url.map(u -> " (" + u + ")").orElse("")
                            + ": group" + (elsewhere.size() > 1 ? "s " : " ") + String.join(", ", elsewhere)
                            + " watched another broker, whose metrics are in "
                            + (elsewhere.size() > 1 ? "their own directories." : "its own directory.");
        }
        if (note.startsWith("The cross-check compares the broker's counts with ")) {
            return "The cross-check compares the broker's counts with group " + name + "'s own counts, not all "
                    + "groups' (the groups share queues, or not every one checked its own queues' counters).";
        }
        return note;
    }

    /** The groups' value where they all have the same, else {@link #PER_GROUP}. */
    private static String shared(List<ResultDocument> docs, Function<ResultDocument, String> value) {
        List<String> values = docs.stream().map(value).distinct().toList();
        return values.size() == 1 ? values.get(0) : PER_GROUP;
    }

    /**
     * The groups' broker where they all ran against one; else what they share, {@link #PER_GROUP}
     * for the rest, and no properties (each group's are in its row).
     */
    private static ResultDocument.Broker broker(List<ResultDocument> docs) {
        List<ResultDocument.Broker> brokers = docs.stream().map(ResultDocument::broker).distinct().toList();
        if (brokers.size() == 1) {
            return brokers.get(0);
        }
        return new ResultDocument.Broker(shared(docs, d -> d.broker().product()),
                shared(docs, d -> d.broker().version()), shared(docs, d -> d.broker().platform()), Map.of());
    }

    /** A copy of a document with some components replaced, by name. */
    static ResultDocument with(ResultDocument d, Map<String, Object> changes) {
        RecordComponent[] components = ResultDocument.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int k = 0; k < components.length; k++) {
                types[k] = components[k].getType();
                String name = components[k].getName();
                values[k] = changes.containsKey(name) ? changes.get(name) : components[k].getAccessor().invoke(d);
            }
            return ResultDocument.class.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("ResultDocument cannot be copied", e);
        }
    }
}
