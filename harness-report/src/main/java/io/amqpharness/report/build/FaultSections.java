package io.amqpharness.report.build;

import io.amqpharness.fault.FaultOutcome;
import io.amqpharness.report.document.FaultEntry;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/** The {@code faults} section of a run's document, from its {@link FaultOutcome}s. Stateless. */
final class FaultSections {
    private FaultSections() {
    }

    static FaultEntry entry(FaultOutcome o, Redaction redaction) {
        return new FaultEntry(redaction.text(o.fault().text()), o.fault().kind().id(), redaction.text(o.fault().node()),
                o.fault().at().toNanos(), o.begun().toNanos(), nanos(o.made()), nanos(o.undone()),
                redaction.text(o.error()), o.sendGap().toNanos(), nanos(o.confirmGap()), nanos(o.firstConfirm()),
                nanos(o.firstDelivery()), o.inDoubt(), o.lost(),
                o.nodes().stream().map(n -> new FaultEntry.FaultNode(n.node(), n.connections(), n.dropped(),
                        n.longest().toNanos())).toList());
    }

    private static OptionalLong nanos(Optional<Duration> d) {
        return d.map(x -> OptionalLong.of(x.toNanos())).orElseGet(OptionalLong::empty);
    }
}
