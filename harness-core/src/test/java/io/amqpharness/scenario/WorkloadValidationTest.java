package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadValidationTest {

    private static Scenario.Builder valid() {
        return Scenario.builder().protocol("in-memory");
    }

    @Test
    void queuePatternNeedsItsBoundsAndANumber() {
        assertThatThrownBy(() -> valid().queuePattern("q").build()).hasMessageContaining("--queue-pattern needs");
        assertThatThrownBy(() -> valid().queuePattern("fixed", 1, 3).build()).hasMessageContaining("must contain one %d");
        assertThatThrownBy(() -> valid().queuePattern("q-%d", 5, 1).build()).hasMessageContaining("--queue-pattern-to");
        assertThatThrownBy(() -> valid().queuePattern("q-%d", 1, 2).queue("x").build())
                .hasMessageContaining("both name the queues");
        assertThat(valid().queuePattern("perf-test-%d", 0, 2).build().topology().queues().names("r"))
                .containsExactly("perf-test-0", "perf-test-1", "perf-test-2");
    }

    @Test
    void oneWayToSetTheRate() {
        assertThatThrownBy(() -> valid().rate(10).totalRate(100).build())
                .hasMessageContaining("each set the publishing rate; use only one of them");
        Scenario s = valid().producers(4).producerChannelCount(5).totalRate(1000).build();
        assertThat(s.publishing().publishers()).isEqualTo(20);
        assertThat(s.publishing().schedule().orElseThrow().get(0).ratePerSecond()).isEqualTo(50.0);
    }

    @Test
    void transactionsAndConfirmsExcludeEachOther() {
        assertThatThrownBy(() -> valid().txSize(10).confirm(10).build())
                .hasMessageContaining("--tx-size and --confirm are two ways");
    }

    @Test
    void shortcutsApplyToTheirQueueTypesAndDoNotClashWithQueueArgs() {
        assertThatThrownBy(() -> valid().lazy(true).queueType(QueueType.QUORUM).build())
                .hasMessageContaining("--lazy only applies to classic queues");
        assertThatThrownBy(() -> valid().maxAge("7D").build()).hasMessageContaining("--max-age only applies to streams");
        assertThatThrownBy(() -> valid().maxLength(10).queueArgument("x-max-length", 5L).build())
                .hasMessageContaining("--max-length sets x-max-length and so does --queue-args");
        assertThat(valid().maxLength(10).lazy(true).build().topology().queueArguments())
                .containsEntry("x-max-length", 10L).containsEntry("x-queue-mode", "lazy");
    }

    @Test
    void exchangeOptionsNeedAnExchange() {
        assertThatThrownBy(() -> valid().exchangeType(ExchangeType.FANOUT).build())
                .hasMessageContaining("--type needs --exchange NAME");
        assertThatThrownBy(() -> valid().randomRoutingKey(true).build())
                .hasMessageContaining("--random-routing-key with the default exchange would route nowhere");
    }

    @Test
    void negativeAcknowledgementsAreShares() {
        assertThatThrownBy(() -> valid().nackRate(70).rejectRate(40).build())
                .hasMessageContaining("add up to more than 100 percent");
        assertThatThrownBy(() -> valid().requeueRate(50).build()).hasMessageContaining("--requeue applies to nacked");
        assertThatThrownBy(() -> valid().autoAck(true).nackRate(5).build()).hasMessageContaining("cannot be used with --autoack");
    }

    @Test
    void exclusiveQueuesNeedOneConsumerEach() {
        assertThatThrownBy(() -> valid().exclusive(true).consumers(2).build())
                .hasMessageContaining("2 consumers share 1 queue(s)");
        assertThat(valid().exclusive(true).queues(List.of("a", "b")).consumers(2).build().topology().exclusive()).isTrue();
    }

    @Test
    void aWarmUpAsLongAsTheTimeStillLeavesTheTimeToMeasure() {
        // The warm-up is added to --time, not taken from it.
        assertThat(valid().warmup(Duration.ofSeconds(10)).time(Duration.ofSeconds(10)).build().run().publishingLimit())
                .hasValue(Duration.ofSeconds(20));
    }

    @Test
    void pollingDoesNotReadStreamsAndIgnoresQos() {
        assertThatThrownBy(() -> valid().polling(true).queueType(QueueType.STREAM).build())
                .hasMessageContaining("--polling cannot read a stream");
        assertThatThrownBy(() -> valid().polling(true).qos(10).build()).hasMessageContaining("--qos has no effect with --polling");
    }

    @Test
    void predeclaredDeclaresNothing() {
        assertThatThrownBy(() -> valid().predeclared(true).queue("q").maxLength(5).build())
                .hasMessageContaining("--predeclared declares nothing");
    }

    @Test
    void schedulesParse() {
        assertThat(RateStep.parseList("100:60,0:5s")).hasValue(List.of(new RateStep(100, Duration.ofSeconds(60)),
                new RateStep(0, Duration.ofSeconds(5))));
        assertThat(RateStep.parseList("100")).isEmpty();
        assertThat(SizeStep.parseList("12:1s,4kb:2s")).hasValue(List.of(new SizeStep(12, Duration.ofSeconds(1)),
                new SizeStep(4096, Duration.ofSeconds(2))));
        assertThat(TypedArguments.parse("a=1,b=true,c=7D")).hasValueSatisfying(m -> assertThat(m)
                .containsEntry("a", 1L).containsEntry("b", true).containsEntry("c", "7D"));
        assertThat(TypedArguments.parse("novalue")).isEmpty();
        assertThat(DurationRange.parse("1ms-5ms")).hasValue(new DurationRange(Duration.ofMillis(1), Duration.ofMillis(5)));
        assertThat(DurationRange.parse("5ms-1ms")).isEmpty();
    }
}
