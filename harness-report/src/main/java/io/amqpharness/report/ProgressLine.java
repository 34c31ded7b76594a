package io.amqpharness.report;

import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.result.IntervalStats;
import io.amqpharness.scenario.Scenario;

/** The one-line progress report printed at the end of each interval. */
public final class ProgressLine {
    private ProgressLine() {
    }

    /** Formats one interval; sections that do not apply to the scenario are left out. */
    public static String format(IntervalStats s, Scenario scenario) {
        boolean producers = scenario.publishing().producers() > 0;
        boolean confirms = scenario.publishing().confirms();
        boolean consumers = scenario.consuming().consumers() > 0;
        StringBuilder b = new StringBuilder(160);
        b.append(String.format(java.util.Locale.ROOT, "%7ss", Format.seconds(s.elapsed().toNanos())));
        if (s.phase() == IntervalStats.Phase.DRAINING) {
            b.append(" draining");
        }
        if (producers) {
            b.append("  sent ").append(Format.rate(s.sentPerSecond())).append("/s");
        }
        if (confirms) {
            b.append("  confirmed ").append(Format.rate(s.confirmedPerSecond())).append("/s");
            long bad = s.delta().nacked() + s.delta().returned() + s.delta().timedOut();
            if (bad > 0) {
                b.append(" (nacked/returned/timed out ").append(Format.count(bad)).append(')');
            }
        }
        if (!s.down().isZero()) {
            b.append("  RECONNECTING ").append(Format.seconds(s.down().toNanos())).append(" s");
        }
        if (!s.blocked().isZero()) {
            b.append("  BLOCKED ").append(Format.seconds(s.blocked().toNanos())).append(" s");
        }
        if (consumers) {
            b.append("  received ").append(Format.rate(s.receivedPerSecond())).append("/s");
        }
        if (confirms) {
            appendLatency(b, "confirm", s.latency(Metric.CONFIRM), false);
        }
        if (consumers) {
            appendLatency(b, "e2e", s.latency(Metric.END_TO_END), true);
        }
        return b.toString();
    }

    private static void appendLatency(StringBuilder b, String label, LatencySummary l, boolean withMax) {
        if (l.isEmpty()) {
            return;
        }
        b.append("  ").append(label).append(" p50/p99");
        if (withMax) {
            b.append("/max");
        }
        b.append(' ').append(Format.millis(l.p50())).append('/').append(Format.millis(l.p99()));
        if (withMax) {
            b.append('/').append(Format.millis(l.max()));
        }
        b.append(" ms");
    }
}
