package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.amqpharness.scenario.SizeMix;
import org.junit.jupiter.api.Test;

class SizeDrawTest {
    private static final SizeMix MIX = SizeMix.parse("100:50%,1kb:40%,64kb:10%").orElseThrow();

    @Test
    void sharesComeOutAsAskedOverManyMessages() {
        SizeDraw draw = new SizeDraw(MIX, RunPublishers.publisherSeed(0, 3));
        int[] counts = new int[3];
        int n = 1_000_000;
        for (long seq = 1; seq <= n; seq++) {
            counts[draw.bucket(seq)]++;
        }
        // Binomial standard deviation at n = 1e6 is at most 0.05 %; 0.3 % is 6 of them.
        assertThat(counts[0] / (double) n).isCloseTo(0.50, within(0.003));
        assertThat(counts[1] / (double) n).isCloseTo(0.40, within(0.003));
        assertThat(counts[2] / (double) n).isCloseTo(0.10, within(0.003));
    }

    @Test
    void theBodyHasTheDrawnSizeAndIsReused() {
        SizeDraw draw = new SizeDraw(MIX, 42);
        for (long seq = 1; seq <= 1000; seq++) {
            byte[] body = draw.body(seq);
            assertThat(body.length).isEqualTo(MIX.buckets().get(draw.bucket(seq)).bytes());
            assertThat(draw.body(seq)).isSameAs(body);
        }
    }

    @Test
    void theSameSeedGivesTheSameSizesAndAnotherSeedOthers() {
        SizeDraw a = new SizeDraw(MIX, RunPublishers.publisherSeed(7, 0));
        SizeDraw b = new SizeDraw(MIX, RunPublishers.publisherSeed(7, 0));
        SizeDraw otherSeed = new SizeDraw(MIX, RunPublishers.publisherSeed(8, 0));
        SizeDraw otherPublisher = new SizeDraw(MIX, RunPublishers.publisherSeed(7, 1));
        int differSeed = 0;
        int differPublisher = 0;
        for (long seq = 1; seq <= 10_000; seq++) {
            assertThat(a.bucket(seq)).isEqualTo(b.bucket(seq));
            differSeed += a.bucket(seq) != otherSeed.bucket(seq) ? 1 : 0;
            differPublisher += a.bucket(seq) != otherPublisher.bucket(seq) ? 1 : 0;
        }
        // Two independent draws differ with probability 1 - (0.25 + 0.16 + 0.01) = 0.58.
        assertThat(differSeed).isBetween(5_000, 6_600);
        assertThat(differPublisher).isBetween(5_000, 6_600);
    }

    @Test
    void theRandomKeysComeFromTheSeed() {
        assertThat(RunPublishers.randomKeys(5)).containsExactly(RunPublishers.randomKeys(5));
        assertThat(RunPublishers.randomKeys(5)[0]).isNotEqualTo(RunPublishers.randomKeys(6)[0]);
        assertThat(java.util.UUID.fromString(RunPublishers.randomKeys(5)[0]).version()).isEqualTo(4);
        assertThat(java.util.Set.of(RunPublishers.randomKeys(5))).hasSize(1000);
    }

    @Test
    void aFixedSizeAndTheSeedOfEarlierVersions() {
        assertThat(RunPublishers.publisherSeed(0, 3)).isEqualTo(3 * 0x9E3779B97F4A7C15L);
    }
}
