package io.amqpharness.result;

import java.util.List;
import java.util.OptionalDouble;

/**
 * What a {@code find-max} search found: every probe, and the highest rate that met the target.
 *
 * @param target    what each probe had to meet, one gate each (for example {@code e2e.p99>50ms}),
 *                  besides keeping up: sent at least
 *                  {@value io.amqpharness.run.RateSearchSpec#KEEP_UP_PERCENT} % of the intended rate,
 *                  received at least that share of what was sent and not refused (nacked,
 *                  returned, released or in doubt)
 * @param probes    the probes in the order they ran
 * @param answer    the highest rate that passed, messages per second over all publishers; empty
 *                  if no probe passed
 * @param converged true if the search narrowed the answer to its precision (or reached its
 *                  highest rate); false if it ran out of probes or was stopped early
 */
public record SearchOutcome(List<String> target, List<RateProbe> probes, OptionalDouble answer, boolean converged) {
    public SearchOutcome {
        target = List.copyOf(target);
        probes = List.copyOf(probes);
    }

    /** The lowest rate that failed above the answer (or at all, without an answer), if one did. */
    public OptionalDouble lowestFailure() {
        double above = answer.orElse(0);
        return probes.stream().filter(p -> !p.passed() && p.rate() > above).mapToDouble(RateProbe::rate).min();
    }
}
