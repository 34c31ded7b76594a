package io.amqpharness.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Known values: scipy 1.17 ({@code scipy.stats.mannwhitneyu}, {@code binom.cdf}, {@code special.erfc}). */
class RepeatStatsTest {

    @Test
    void theMedianIntervalUsesTheOrderStatisticsOfTheBinomialTable() {
        assertThat(RepeatStats.rank(10)).isEqualTo(2);
        assertThat(RepeatStats.coverage(10, 2)).isCloseTo(0.978515625, within(1e-12));
        assertThat(RepeatStats.rank(20)).isEqualTo(6);
        assertThat(RepeatStats.coverage(20, 6)).isCloseTo(0.9586105346679688, within(1e-12));
        assertThat(RepeatStats.rank(6)).isEqualTo(1);
        assertThat(RepeatStats.coverage(6, 1)).isCloseTo(0.96875, within(1e-12));
        assertThat(RepeatStats.coverage(5, 1)).as("below 6 runs the range is not 95 %").isCloseTo(0.9375, within(1e-12));
    }

    @Test
    void tenRunsGiveTheirMedianSpreadAndInterval() {
        RepeatStats s = RepeatStats.of(new double[] {105, 98, 101, 99, 120, 100, 102, 97, 103, 104});
        assertThat(s.n()).isEqualTo(10);
        assertThat(s.median()).isEqualTo(101.5);
        assertThat(s.min()).isEqualTo(97);
        assertThat(s.max()).isEqualTo(120);
        assertThat(s.low()).as("2nd smallest").isEqualTo(98);
        assertThat(s.high()).as("2nd largest").isEqualTo(105);
        assertThat(s.spreadPercent()).isCloseTo(100 * 23 / 101.5, within(1e-9));
        RepeatStats one = RepeatStats.of(new double[] {7});
        assertThat(one.median()).isEqualTo(7);
        assertThat(one.low()).isEqualTo(7);
        assertThat(one.high()).isEqualTo(7);
        assertThat(one.coverage()).isZero();
    }

    @Test
    void mannWhitneyExactPValuesMatchScipy() {
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
        assertThat(r.u()).isZero();
        assertThat(r.exact()).isTrue();
        assertThat(r.p()).isCloseTo(0.007936507936507936, within(1e-12));
        assertThat(r.significant()).isTrue();
        r = MannWhitney.test(new double[] {10.1, 11.3, 9.8, 12.0, 10.7}, new double[] {11.9, 12.4, 13.1, 10.9, 12.8});
        assertThat(r.u()).isEqualTo(3);
        assertThat(r.p()).isCloseTo(0.05555555555555555, within(1e-12));
        assertThat(r.significant()).as("p = 0.056: within the noise").isFalse();
        r = MannWhitney.test(new double[] {10.1, 11.3, 9.8, 12.0, 10.7, 10.2, 10.4},
                new double[] {11.9, 12.4, 13.1, 10.9, 12.8, 11.1});
        assertThat(r.u()).isEqualTo(5);
        assertThat(r.p()).isCloseTo(0.022144522144522144, within(1e-12));
        assertThat(MannWhitney.test(new double[] {6, 7, 8, 9, 10}, new double[] {1, 2, 3, 4, 5}).p())
                .as("symmetric").isCloseTo(0.007936507936507936, within(1e-12));
    }

    @Test
    void tiesAndLargeSetsUseTheNormalApproximationAsScipyDoes() {
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 2, 3, 4}, new double[] {2, 3, 5, 6, 6});
        assertThat(r.exact()).isFalse();
        assertThat(r.u()).isEqualTo(4.5);
        assertThat(r.p()).isCloseTo(0.11049202405566802, within(1e-9));
        double[] a = new double[60];
        double[] b = new double[60];
        for (int i = 0; i < 60; i++) {
            a[i] = i;
            b[i] = i + 7.5;
        }
        r = MannWhitney.test(a, b);
        assertThat(r.exact()).isFalse();
        assertThat(r.u()).isEqualTo(1378);
        assertThat(r.p()).isCloseTo(0.02694585619564296, within(1e-9));
        assertThat(MannWhitney.exactP(1378, 60, 60)).as("the exact count agrees with scipy's exact method")
                .isCloseTo(0.026576505468005968, within(1e-9));
    }

    @Test
    void theErrorFunctionMatchesScipy() {
        assertThat(MannWhitney.erfc(0.3)).isCloseTo(0.6713732405408726, within(1e-13));
        assertThat(MannWhitney.erfc(1.7)).isCloseTo(0.01620954140922544, within(1e-15));
        assertThat(MannWhitney.erfc(5.0) / 1.5374597944280347e-12).isCloseTo(1, within(1e-10));
        assertThat(MannWhitney.normalCdf(1.96)).isCloseTo(0.9750021048517795, within(1e-13));
    }
}
