package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.Counters;
import io.amqpharness.measure.Integrity;
import java.util.List;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;

/** Which checkers learn of a publisher's refused and in-doubt messages, and when. */
class SequenceCheckersTest {
    private final Counters counters = new Counters();

    private SequenceCheckers queues() {
        return new SequenceCheckers(counters, "run1-p", false, false, false);
    }

    @Test
    void aRefusalMadeBeforeTheQueueHadAConsumerIsExcusedWhenItsCheckerIsMade() {
        SequenceCheckers c = queues();
        c.refusals(List.of("q"), "run1-p0").accept(5);
        Integrity i = c.forConsumer("q", 0);
        for (long seq = 1; seq <= 10; seq++) {
            if (seq != 5) {
                i.arrive("run1-p0", seq, false);
            }
        }
        assertThat(c.missing()).isZero();
    }

    @Test
    void aMessageInDoubtBeforeTheQueueHadAConsumerIsNotAnExpectedDeliveryWhenItArrives() {
        SequenceCheckers c = queues();
        c.inDoubt(List.of("q"), "run1-p0").accept(3);
        Integrity i = c.forConsumer("q", 0);
        for (long seq = 1; seq <= 5; seq++) {
            i.arrive("run1-p0", seq, false);
        }
        assertThat(c.missing()).isZero();
        assertThat(counters.snapshot().inDoubtArrived()).isEqualTo(1);
    }

    @Test
    void aStreamConsumerThatJoinsLaterIsToldWhatWasRefusedBeforeItOpened() {
        // Each stream consumer reading from the first offset has its own checker, made when it opens.
        SequenceCheckers c = new SequenceCheckers(counters, "run1-p", true, false, true);
        LongConsumer refused = c.refusals(List.of("s"), "run1-p0");
        Integrity first = c.forConsumer("s", 0);
        refused.accept(2);
        Integrity second = c.forConsumer("s", 1);
        refused.accept(4);
        for (Integrity i : List.of(first, second)) {
            for (long seq : new long[] {1, 3, 5}) {
                i.arrive("run1-p0", seq, false);
            }
        }
        assertThat(c.missing()).isZero();
    }

    @Test
    void aRefusalReachesOnlyTheQueuesItsPublisherReachesEvenWhenTheirCheckersComeLater() {
        SequenceCheckers c = queues();
        c.refusals(List.of("a"), "run1-p0").accept(2);
        Integrity b = c.forConsumer("b", 0);
        b.arrive("run1-p0", 1, false);
        b.arrive("run1-p0", 3, false);
        assertThat(c.missing()).isEqualTo(1);
    }

    @Test
    void everyRefusalReachesACheckerMadeWhileThePublisherIsRefusing() throws Exception {
        // Each refusal is either kept for the new checker or told to it directly, never neither.
        for (int round = 0; round < 50; round++) {
            Counters counts = new Counters();
            SequenceCheckers c = new SequenceCheckers(counts, "run1-p", false, false, false);
            LongConsumer refused = c.refusals(List.of("q"), "run1-p0");
            int n = 20_000;
            java.util.concurrent.atomic.AtomicLong sent = new java.util.concurrent.atomic.AtomicLong();
            Thread publisher = new Thread(() -> {
                for (long seq = 1; seq <= n; seq += 2) {
                    refused.accept(seq);
                    sent.set(seq);
                }
            });
            publisher.start();
            while (sent.get() < round * n / 50) {
                Thread.onSpinWait(); // made ever later in the publisher's refusals
            }
            Integrity i = c.forConsumer("q", 0);
            publisher.join();
            for (long seq = 2; seq <= n; seq += 2) {
                i.arrive("run1-p0", seq, false);
            }
            assertThat(c.missing()).as("round %d", round).isZero();
        }
    }

    @Test
    void competingConsumersOfAQueueShareOneCheckerAndTheQueueStopsKeepingReportsOnceItExists() {
        SequenceCheckers c = queues();
        LongConsumer refused = c.refusals(List.of("q"), "run1-p0");
        refused.accept(1);
        assertThat(c.keeps("q")).isTrue();
        Integrity first = c.forConsumer("q", 0);
        assertThat(c.forConsumer("q", 1)).isSameAs(first);
        assertThat(c.keeps("q")).as("a queue has one checker: none comes later").isFalse();
        assertThat(c.keeps("other")).isFalse();
        refused.accept(3); // told to the checker directly
        first.arrive("run1-p0", 2, false);
        first.arrive("run1-p0", 4, false);
        assertThat(c.missing()).isZero();
    }

    @Test
    void eachConsumerOfAStreamHasItsOwnCheckerAndTheStreamKeepsReportsForLaterOnes() {
        SequenceCheckers c = new SequenceCheckers(counters, "run1-p", true, false, true);
        Integrity first = c.forConsumer("s", 0);
        Integrity second = c.forConsumer("s", 1);
        assertThat(second).isNotSameAs(first);
        assertThat(c.forConsumer("s", 1)).isSameAs(second);
        assertThat(c.forConsumer("t", 0)).isNotSameAs(first);
        assertThat(c.keeps("s")).isTrue();
    }

    @Test
    void singleActiveConsumersOfAStreamTakeTurnsOnOneChecker() {
        SequenceCheckers c = new SequenceCheckers(counters, "run1-p", true, true, true);
        Integrity first = c.forConsumer("s", 0);
        assertThat(c.forConsumer("s", 1)).isSameAs(first);
        assertThat(c.keeps("s")).isFalse();
    }

    @Test
    void missingSettledAddsUpEveryCheckersSettledGaps() {
        SequenceCheckers c = new SequenceCheckers(counters, "run1-p", true, false, true);
        Integrity first = c.forConsumer("s", 0);
        Integrity second = c.forConsumer("s", 1);
        for (Integrity i : List.of(first, second)) {
            i.arrive("run1-p0", 1, false);
            i.arrive("run1-p0", 3, false);
        }
        assertThat(c.missingSettled()).isZero();
        first.arrive("run1-p0", 4, false);
        second.arrive("run1-p0", 4, false);
        assertThat(c.missingSettled()).isEqualTo(2);
        assertThat(c.missingByQueue()).containsExactly(java.util.Map.entry("s", 2L));
    }

    @Test
    void aMessageInDoubtReportedAfterTheCheckerExistsIsNotAnExpectedDeliveryEither() {
        SequenceCheckers c = queues();
        Integrity i = c.forConsumer("q", 0);
        c.inDoubt(List.of("q"), "run1-p0").accept(3);
        for (long seq = 1; seq <= 5; seq++) {
            i.arrive("run1-p0", seq, false);
        }
        assertThat(counters.snapshot().inDoubtArrived()).isEqualTo(1);
    }

    @Test
    void aRefusalOrAMessageInDoubtInOneGroupReachesTheCheckerOfAnotherGroupThatReadsTheQueue() {
        // Client groups: one group's publisher sends to q, another group's consumer reads it (GroupTies wires this).
        SequenceCheckers publishing = queues();
        SequenceCheckers reading = queues();
        publishing.alsoTell(new SequenceCheckers.Elsewhere() {
            @Override
            public LongConsumer refusals(List<String> reached, String publisherId) {
                return reading.refusalsHere(reached, publisherId);
            }

            @Override
            public LongConsumer inDoubt(List<String> reached, String publisherId) {
                return reading.inDoubtHere(reached, publisherId);
            }
        });
        Integrity consumer = reading.forConsumer("q", 0);
        publishing.refusals(List.of("q"), "run1-p0").accept(2);
        publishing.inDoubt(List.of("q"), "run1-p0").accept(4);
        for (long seq : new long[] {1, 3, 4, 5}) {
            consumer.arrive("run1-p0", seq, false);
        }
        assertThat(reading.missing()).as("2 was refused, not lost").isZero();
        assertThat(counters.snapshot().inDoubtArrived()).as("4 was in doubt: not an expected delivery").isEqualTo(1);
    }
}
