package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.amqpharness.scenario.MessageShape;
import io.amqpharness.scenario.ValueType;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShapeDrawTest {
    private static final MessageShape SHAPE = new MessageShape(
            ValueType.KEY_SHARES.parse("a.b:70%,a.c:30%"),
            ValueType.PRIORITY_SHARES.parse("0:80%,5:15%,9:5%"),
            Optional.empty(),
            List.of(ValueType.HEADER_SHARES.parse("region=eu:50%,us:50%").orElseThrow()));

    @Test
    void sharesComeOutAsAskedOverManyMessages() {
        ShapeDraw draw = new ShapeDraw(SHAPE, RunPublishers.publisherSeed(0, 3));
        int n = 1_000_000;
        for (long seq = 1; seq <= n; seq++) {
            draw.sent(draw.keyIndex(seq), draw.variant(seq));
        }
        long[] keys = draw.sentPerKey();
        long[] variants = draw.sentPerVariant();
        assertThat(keys[0] / (double) n).isCloseTo(0.70, within(0.003));
        // Variant v = priority index + 3 x header index.
        double p9 = (variants[2] + variants[5]) / (double) n;
        double us = (variants[3] + variants[4] + variants[5]) / (double) n;
        assertThat(p9).isCloseTo(0.05, within(0.003));
        assertThat(us).isCloseTo(0.50, within(0.003));
        // Independent dimensions: priority 9 among "us" as often as overall.
        assertThat(variants[5] / (double) n).isCloseTo(0.025, within(0.002));
    }

    @Test
    void theSameSeedGivesTheSameDrawsAndTheDimensionsDifferFromEachOther() {
        ShapeDraw a = new ShapeDraw(SHAPE, RunPublishers.publisherSeed(7, 0));
        ShapeDraw b = new ShapeDraw(SHAPE, RunPublishers.publisherSeed(7, 0));
        ShapeDraw other = new ShapeDraw(SHAPE, RunPublishers.publisherSeed(7, 1));
        int differ = 0;
        for (long seq = 1; seq <= 10_000; seq++) {
            assertThat(a.keyIndex(seq)).isEqualTo(b.keyIndex(seq));
            assertThat(a.variant(seq)).isEqualTo(b.variant(seq));
            differ += a.variant(seq) != other.variant(seq) ? 1 : 0;
        }
        assertThat(differ).isBetween(4_000, 7_000);
        // The key is not the size draw's stream: a 50/50 key split is independent of a 50/50 size split.
        long[] sizeThresholds = {1L << 52, 1L << 53};
        long seed = RunPublishers.publisherSeed(7, 0);
        ShapeDraw half = new ShapeDraw(new MessageShape(ValueType.KEY_SHARES.parse("x:50%,y:50%"),
                Optional.empty(), Optional.empty(), List.of()), seed);
        int same = 0;
        for (long seq = 1; seq <= 10_000; seq++) {
            same += SizeDraw.bucket(seed, seq, sizeThresholds) == half.keyIndex(seq) ? 1 : 0;
        }
        assertThat(same).isBetween(4_500, 5_500);
    }

    @Test
    void manyKeysAreSearchedAndEachGetsItsShare() {
        ShapeDraw draw = new ShapeDraw(new MessageShape(ValueType.KEY_SHARES.parse("k.{1..100}"), Optional.empty(),
                Optional.empty(), List.of()), 11);
        int[] counts = new int[100];
        for (long seq = 1; seq <= 200_000; seq++) {
            counts[draw.keyIndex(seq)]++;
        }
        for (int c : counts) {
            assertThat(c).isBetween(1_700, 2_300);
        }
        assertThat(draw.key(99)).isEqualTo("k.100");
    }

    @Test
    void drawingAllocatesNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        ShapeDraw draw = new ShapeDraw(SHAPE, 5);
        long sum = 0;
        for (long seq = 1; seq <= 100_000; seq++) {
            int k = draw.keyIndex(seq);
            int v = draw.variant(seq);
            draw.sent(k, v);
            sum += draw.key(k).length() + v;
        }
        long before = allocated();
        for (long seq = 100_001; seq <= 200_000; seq++) {
            int k = draw.keyIndex(seq);
            int v = draw.variant(seq);
            draw.sent(k, v);
            sum += draw.key(k).length() + v;
        }
        long bytes = allocated() - before;
        assertThat(sum).isPositive();
        assertThat(bytes).as("bytes allocated drawing 100,000 messages").isLessThan(16_384);
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
