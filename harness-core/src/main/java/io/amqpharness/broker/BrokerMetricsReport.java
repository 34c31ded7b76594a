package io.amqpharness.broker;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The broker's side of a run: where it was read, its peaks, the cross-check of message counts and
 * how much the queues grew. The per-interval samples are in the run's intervals. Immutable.
 *
 * @param source       {@code management} or {@code prometheus}; empty when the broker could not be read
 * @param url          the URL read (never with credentials); for the management API, also the
 *                     Prometheus endpoint CPU came from, if any
 * @param cpuUrl       the Prometheus endpoint that gave CPU use and node-wide counters, if any
 * @param unavailable  why the broker could not be read at all, one sentence; empty when it could
 * @param samples      samples taken, the one before the run and the final one included
 * @param failed       samples that failed after the first one succeeded
 * @param first        the sample taken just before consumers and publishers started
 * @param last         the sample taken after the drain and after the run's channels closed, once the
 *                     broker's counters had caught up
 *                     (or after waiting for them at most {@code --broker-metrics-wait}, 6 s by default)
 * @param peakDepth    most messages (ready plus unacknowledged) seen in the run's queues
 * @param peakMemoryBytes most memory the broker's nodes used, bytes
 * @param memoryLimitBytes the memory high watermark of the nodes, bytes
 * @param peakCpuCores most CPU the node used in one sampling period, in cores
 * @param peakConnections most connections open on the broker
 * @param peakChannels most channels open on the broker
 * @param alarms       every resource alarm seen during the run; empty when none
 * @param crossCheck   the broker's message counts next to the harness's, when the broker counts them
 * @param growth       how much the queues grew while publishing, when two samples tell
 */
public record BrokerMetricsReport(Optional<String> source, Optional<String> url, Optional<String> cpuUrl,
                                  Optional<String> unavailable, int samples, int failed,
                                  Optional<BrokerSample> first, Optional<BrokerSample> last,
                                  OptionalLong peakDepth, OptionalLong peakMemoryBytes, OptionalLong memoryLimitBytes,
                                  OptionalDouble peakCpuCores, OptionalLong peakConnections, OptionalLong peakChannels,
                                  List<String> alarms, Optional<CrossCheck> crossCheck, Optional<QueueGrowth> growth) {

    public BrokerMetricsReport {
        alarms = List.copyOf(alarms);
    }

    /** A report for a broker that could not be read. */
    static BrokerMetricsReport unavailable(String sentence) {
        return new BrokerMetricsReport(Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(sentence), 0, 0,
                Optional.empty(), Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
                OptionalDouble.empty(), OptionalLong.empty(), OptionalLong.empty(), List.of(), Optional.empty(),
                Optional.empty());
    }

    /** The one-line summary: source, peaks, alarms, leader. */
    public String line() {
        if (unavailable.isPresent()) {
            return "not read (see the notes)";
        }
        StringBuilder b = new StringBuilder();
        b.append(source.orElse("?")).append(' ').append(url.orElse("")).append(String.format(Locale.ROOT, " (%d samples)", samples));
        peakDepth.ifPresent(d -> b.append(String.format(Locale.ROOT, ": queue depth max %,d", d)));
        peakMemoryBytes.ifPresent(m -> b.append(String.format(Locale.ROOT, ", memory max %.1f MiB", m / 1048576.0)));
        memoryLimitBytes.ifPresent(m -> b.append(String.format(Locale.ROOT, " of %.1f MiB", m / 1048576.0)));
        b.append(peakCpuCores.isPresent() ? String.format(Locale.ROOT, ", CPU max %.2f cores", peakCpuCores.getAsDouble())
                : ", CPU n/a");
        peakConnections.ifPresent(c -> b.append(String.format(Locale.ROOT, ", connections max %,d", c)));
        peakChannels.ifPresent(c -> b.append(String.format(Locale.ROOT, ", channels max %,d", c)));
        b.append(", alarms ").append(alarms.isEmpty() ? "none" : String.join(" ", alarms));
        last.flatMap(BrokerSample::leader).ifPresent(l -> b.append(", leader ").append(l));
        return b.toString();
    }
}
