package io.amqpharness.run;

import io.amqpharness.scenario.Gate;
import io.amqpharness.search.RateSearch;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A {@code find-max} search run as steps of one run ({@link LoadRunner#search(RateSearchSpec)}):
 * each probe is a step at one rate over all publishers, long enough to be measured; after a probe
 * that failed, publishers slow down to a tenth of the next rate until the backlog it left is gone,
 * in the publishers' schedules and in the queues (at most three probe lengths, or 10 s), and only
 * then is the next probe measured. A failed first probe is measured once more before it counts.
 *
 * @param search        which rates to probe
 * @param gates         what each probe must meet, for example {@code e2e.p99>50ms}; at least one
 * @param probeDuration how long each probe is measured, rounded up to whole reporting intervals
 */
public record RateSearchSpec(RateSearch search, List<Gate> gates, Duration probeDuration) {
    /** A probe must send, and receive, at least this share (percent) of its intended rate. */
    public static final int KEEP_UP_PERCENT = 95;

    public RateSearchSpec {
        Objects.requireNonNull(search, "search");
        gates = List.copyOf(gates);
        if (gates.isEmpty()) {
            throw new IllegalArgumentException("a search needs a target: at least one gate");
        }
        if (probeDuration.isNegative() || probeDuration.isZero()) {
            throw new IllegalArgumentException("a probe must last some time: " + probeDuration);
        }
    }
}
