package io.amqpharness.report.build;

import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.document.SizeBucket;
import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerInfo;
import java.util.Optional;

/**
 * Builds a run's {@link ResultDocument}, the content of its {@code result.json}, by hand from the
 * public accessors of its {@link RunResult} (see docs/result-json.md): every duration and latency
 * an integer number of nanoseconds, rates in messages per second. The broker password never
 * appears: the addresses are written redacted and every text the run produced is scrubbed of it
 * where it is taken ({@link Redaction}).
 *
 * <p>Thread-safe: the methods are static and keep no state.
 */
public final class RunDocument {
    private RunDocument() {
    }

    /** The document of a run, as {@link ResultDocuments#write} writes it. */
    public static ResultDocument of(RunResult r) {
        Redaction redaction = new Redaction(r.scenario().addresses());
        RunSections sections = new RunSections(redaction);
        return new ResultDocument(ResultDocument.FORMAT, ResultDocument.SCHEMA_VERSION, "amqp-harness " + version(),
                "nanoseconds", Optional.empty(), redaction.text(r.scenario().coordination().instanceId()),
                redaction.text(r.runId()), new ScenarioValues(redaction).section(r.scenario()),
                broker(r.broker(), redaction), redaction.texts(r.queues()), r.startedAt(), r.publishingTime().toNanos(),
                r.totalTime().toNanos(), r.paced(), RunSections.counts(r.counts()), r.unconfirmedAtStop(),
                r.unsentAtStop(), r.leftInQueues(), r.expectedDeliveries(), RunSections.rates(r.rates()),
                RunSections.latencies(r.latency()), RunSections.histograms(r.histograms()),
                r.intervals().stream().map(sections::interval).toList(),
                r.steps().stream().map(sections::step).toList(), sections.client(r.client()),
                redaction.values(r.driverFacts()), redaction.texts(r.notes()), redaction.text(r.failure()),
                r.interrupted(), sections.outages(r.outages()), sections.blocking(r.blocking()),
                r.brokerMetrics().map(new BrokerSections(redaction)::metrics), r.search().map(sections::search),
                sections.connections(r.connections()), r.failed(), r.gates().stream().map(sections::gate).toList(),
                redaction.text(r.interruptedAfter()), r.unaccountedPublished(), environment(), Optional.empty(),
                r.latencyBySize().stream().map(b -> new SizeBucket(b.bytes(), b.percent(),
                        RunSections.ladder(b.endToEnd()))).toList(),
                r.faults().stream().map(f -> FaultSections.entry(f, redaction)).toList(),
                Optional.empty(), r.backlog().map(RunSections::backlog));
    }

    /**
     * The result's scenario section of {@code scenario}, as {@link #of} writes it, with the broker password
     * left out.
     */
    public static ResultDocument.ScenarioSection scenarioSection(Scenario scenario) {
        return new ScenarioValues(new Redaction(scenario.addresses())).section(scenario);
    }

    /** {@code text} with the password of any of {@code addresses} left out. */
    public static String redacted(BrokerAddresses addresses, String text) {
        return new Redaction(addresses).text(text);
    }

    /** The harness version from the jar manifest, or {@code development build}. */
    public static String version() {
        String v = RunDocument.class.getPackage().getImplementationVersion();
        return v == null ? "development build" : v;
    }

    private static ResultDocument.Broker broker(BrokerInfo b, Redaction redaction) {
        return new ResultDocument.Broker(redaction.text(b.product()), redaction.text(b.version()),
                redaction.text(b.platform()), redaction.values(b.properties()));
    }

    /** Facts about the client host that the run's values do not carry. */
    private static ResultDocument.Environment environment() {
        return new ResultDocument.Environment(System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"), System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.vm.version") + " (" + System.getProperty("java.vm.vendor") + ")",
                Runtime.getRuntime().maxMemory());
    }
}
