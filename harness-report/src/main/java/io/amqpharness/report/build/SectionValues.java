package io.amqpharness.report.build;

import io.amqpharness.result.LatencyHistograms;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.report.document.Histograms;
import io.amqpharness.report.document.Ladder;

/**
 * The document's spelling of values that the merge ({@code report.merge}) and the files of a run
 * ({@code report.files}) write too, so that they write them as a run's document does.
 * Thread-safe: stateless.
 */
public final class SectionValues {
    private SectionValues() {
    }

    /** An enumeration constant's id in {@code result.json}: {@code END_TO_END} as {@code endToEnd}. */
    public static String id(Enum<?> e) {
        return RunSections.id(e);
    }

    /** A percentile ladder as {@code result.json} writes it, nanoseconds. */
    public static Ladder ladder(LatencySummary s) {
        return RunSections.ladder(s);
    }

    /** Whole-run histograms as {@code result.json} writes them: encoded, with their percentile curves. */
    public static Histograms histograms(LatencyHistograms hs) {
        return RunSections.histograms(hs);
    }
}
