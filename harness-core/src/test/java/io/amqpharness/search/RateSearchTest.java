package io.amqpharness.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RateSearchTest {

    /** Runs a search against a fake prober; returns the probes in order. */
    private static List<RateSearch.Attempt> search(RateSearch s, DoublePredicate passes) {
        List<RateSearch.Attempt> attempts = new ArrayList<>();
        for (OptionalDouble next = s.next(attempts); next.isPresent(); next = s.next(attempts)) {
            double rate = next.getAsDouble();
            attempts.add(new RateSearch.Attempt(rate, passes.test(rate)));
        }
        return attempts;
    }

    @ParameterizedTest
    @ValueSource(doubles = {1_500, 7_300, 33_333, 999, 1_000, 120_000})
    void findsTheCapacityWithinThePrecision(double capacity) {
        RateSearch s = RateSearch.from(1_000);
        List<RateSearch.Attempt> attempts = search(s, r -> r <= capacity);
        double answer = s.answer(attempts).orElseThrow();
        assertThat(answer).isLessThanOrEqualTo(capacity).isGreaterThanOrEqualTo(capacity * (1 - 0.05));
        assertThat(s.converged(attempts)).isTrue();
        assertThat(attempts.size()).isLessThanOrEqualTo(RateSearch.DEFAULT_MAX_PROBES);
        // The answer lies between a probe that met the target and one that did not.
        assertThat(attempts).anyMatch(a -> a.passed() && a.rate() == answer);
        assertThat(attempts).anyMatch(a -> !a.passed() && a.rate() > answer && a.rate() <= answer * 1.05 + 1);
    }

    @Test
    void probesDoubleThenBisect() {
        RateSearch s = RateSearch.from(1_000);
        List<RateSearch.Attempt> attempts = search(s, r -> r <= 5_000);
        assertThat(attempts).extracting(RateSearch.Attempt::rate)
                .startsWith(1_000.0, 2_000.0, 4_000.0, 8_000.0, 6_000.0, 5_000.0, 5_500.0, 5_250.0);
        assertThat(s.answer(attempts)).hasValue(5_000);
    }

    @Test
    void halvesWhenTheFirstProbeFails() {
        RateSearch s = RateSearch.from(1_000);
        List<RateSearch.Attempt> attempts = search(s, r -> r <= 300);
        assertThat(attempts).extracting(RateSearch.Attempt::rate).startsWith(1_000.0, 500.0, 250.0, 375.0);
        assertThat(s.answer(attempts).orElseThrow()).isBetween(285.0, 300.0);
    }

    @Test
    void givesUpBelowTheLowestRateWithoutAnAnswer() {
        RateSearch s = new RateSearch(100, OptionalDouble.empty(), 10, 0.05, 20);
        List<RateSearch.Attempt> attempts = search(s, r -> false);
        assertThat(attempts).extracting(RateSearch.Attempt::rate).containsExactly(100.0, 50.0, 25.0, 13.0);
        assertThat(s.answer(attempts)).isEmpty();
        assertThat(s.converged(attempts)).isFalse();
    }

    @Test
    void stopsAtTheHighestRate() {
        RateSearch s = new RateSearch(1_000, OptionalDouble.of(3_000), 1, 0.05, 20);
        List<RateSearch.Attempt> attempts = search(s, r -> true);
        assertThat(attempts).extracting(RateSearch.Attempt::rate).containsExactly(1_000.0, 2_000.0, 3_000.0);
        assertThat(s.answer(attempts)).hasValue(3_000);
        assertThat(s.converged(attempts)).isTrue();
    }

    @Test
    void stopsWhenTheProbesAreUsedUp() {
        RateSearch s = new RateSearch(1_000, OptionalDouble.empty(), 1, 0.001, 5);
        List<RateSearch.Attempt> attempts = search(s, r -> r <= 2_700);
        assertThat(attempts).hasSize(5);
        assertThat(s.answer(attempts)).hasValue(2_500); // 1,000 2,000 4,000 3,000 2,500
        assertThat(s.converged(attempts)).isFalse();
    }

    @Test
    void aCoarserPrecisionNeedsFewerProbes() {
        RateSearch coarse = new RateSearch(200, OptionalDouble.empty(), 1, 0.2, 20);
        List<RateSearch.Attempt> attempts = search(coarse, r -> r <= 300);
        assertThat(attempts).extracting(RateSearch.Attempt::rate).containsExactly(200.0, 400.0, 300.0, 350.0);
        assertThat(coarse.answer(attempts)).hasValue(300);
    }

    @Test
    void settingsAreChecked() {
        assertThatThrownBy(() -> new RateSearch(0, OptionalDouble.empty(), 1, 0.05, 20))
                .hasMessageContaining("start rate");
        assertThatThrownBy(() -> new RateSearch(100, OptionalDouble.of(50), 1, 0.05, 20))
                .hasMessageContaining("highest rate");
        assertThatThrownBy(() -> new RateSearch(100, OptionalDouble.empty(), 1, 1, 20))
                .hasMessageContaining("precision");
        assertThatThrownBy(() -> new RateSearch(100, OptionalDouble.empty(), 1, 0.05, 1))
                .hasMessageContaining("at least 2 probes");
    }
}
