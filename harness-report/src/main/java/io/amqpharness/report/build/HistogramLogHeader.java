package io.amqpharness.report.build;

import io.amqpharness.measure.LatencyRecorder;
import java.io.PrintStream;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The header of an HdrHistogram log ({@code .hlog}), the same for a run's logs
 * ({@code report.files}) and a merged result's ({@code report.merge}). Thread-safe: stateless.
 */
public final class HistogramLogHeader {
    private HistogramLogHeader() {
    }

    /**
     * A log writer whose header is written: {@code comment}, the histograms' range and precision,
     * the format version, the start time (epoch milliseconds, also the base of the interval
     * stamps) and the legend.
     *
     * @param stream      where the log goes
     * @param startMillis the run's start, epoch milliseconds
     * @param comment     the first comment line, for example the program and the run id
     * @return the writer, ready for the interval histograms
     */
    public static HistogramLogWriter start(PrintStream stream, long startMillis, String comment) {
        HistogramLogWriter w = new HistogramLogWriter(stream);
        w.outputComment(comment);
        w.outputComment("Range 1 ns to " + LatencyRecorder.HIGHEST_NANOS + " ns, " + LatencyRecorder.DIGITS
                + " significant digits");
        w.outputLogFormatVersion();
        w.outputStartTime(startMillis);
        w.setBaseTime(startMillis);
        w.outputLegend();
        return w;
    }
}
