package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ScenarioTest {

    private static Scenario.Builder valid() {
        return Scenario.builder().protocol("in-memory");
    }

    @Test
    void defaultsMatchTheDocumentation() {
        Scenario s = valid().build();
        assertThat(s.uri()).isEqualTo(BrokerUri.DEFAULT);
        assertThat(s.publishing().producers()).isEqualTo(1);
        assertThat(s.consuming().consumers()).isEqualTo(1);
        assertThat(s.publishing().messageSizeBytes()).isEqualTo(12);
        assertThat(s.publishing().paced()).isFalse();
        assertThat(s.publishing().confirms()).isFalse();
        assertThat(s.publishing().confirmTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.consuming().prefetch()).isEmpty();
        assertThat(s.consuming().ackEvery()).isEqualTo(1);
        assertThat(s.topology().queueType()).isEqualTo(QueueType.CLASSIC);
        assertThat(s.topology().defaultExchange()).isTrue();
        assertThat(s.run().interval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(s.run().time()).isEmpty();
    }

    @Test
    void nioIsAutomaticAboveOneThousandConnectionsMostlyIdleUnlessGiven() {
        assertThat(ConnectionSettings.planned(valid().producers(50).consumers(50).build())).isEqualTo(100);
        assertThat(valid().build().connections().nioThreadsFor(1_000, 0)).isZero();
        assertThat(valid().build().connections().nioThreadsFor(1_001, 2)).isEqualTo(ConnectionSettings.AUTO_NIO_THREADS);
        assertThat(valid().build().connections().nioThreadsFor(1_001, 1_001)).as("every connection busy").isZero();
        assertThat(valid().build().connections().nioThreadsFor(3_000, 1_500)).as("half of them busy").isZero();
        assertThat(valid().build().connections().nioThreadsFor(3_000, 1_499)).isEqualTo(ConnectionSettings.AUTO_NIO_THREADS);
        assertThat(valid().build().connections().nioThreadsFor(6_000, 6_000)).as("more busy than threads are worth")
                .isEqualTo(ConnectionSettings.AUTO_NIO_THREADS);
        assertThat(ConnectionSettings.busy(valid().producers(1_000).consumers(1).rate(10).build())).isEqualTo(1_001);
        assertThat(ConnectionSettings.busy(valid().producers(5_000).consumers(0).rate(0).build()))
                .as("publishers at -r 0 carry no traffic").isZero();
        assertThat(ConnectionSettings.busy(valid().producers(1).consumers(1).idleConnections(5_000).build())).isEqualTo(2);
        assertThat(ConnectionSettings.planned(valid().producers(1).consumers(1).idleConnections(99).build()))
                .isEqualTo(101);
        assertThat(ConnectionSettings.planned(valid().churnRate(100).churnHold(Duration.ofSeconds(2)).build()))
                .as("1 + 1 + 100/s held 2 s").isEqualTo(202);
        assertThat(valid().nioThreads(0).build().connections().nioThreadsFor(10_000, 0)).isZero();
        assertThat(valid().nioThreads(4).build().connections().nioThreadsFor(1, 1)).isEqualTo(4);
    }

    @Test
    void everyProblemIsReportedInOnePass() {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> valid()
                .size(4).qos(0).confirm(-1).multiAckEvery(0).time(Duration.ZERO).build());
        assertThat(e.problems()).hasSize(5);
        assertThat(e.problems()).anySatisfy(p -> assertThat(p).startsWith("--size must be at least 12 bytes"));
        assertThat(e.problems()).anySatisfy(p -> assertThat(p).startsWith("--qos must be between 1 and 65535, got 0"));
        assertThat(e.problems()).allSatisfy(p -> assertThat(p).endsWith("."));
    }

    @Test
    void problemsNameOptionsAsTheUserTypedThem() {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> valid()
                .spelledAs(Setting.QOS, "-q").spelledAs(Setting.MULTI_ACK_EVERY, "--multi-ack-every")
                .qos(100).multiAckEvery(200).build());
        assertThat(e.problems()).containsExactly("--multi-ack-every (200) must not exceed -q (100): the consumer "
                + "would wait for messages the broker never sends; for example --multi-ack-every 10.");
    }

    @Test
    void streamConsumersWithoutQosAckWithinTheirImplicitPrefetch() {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> valid()
                .queueType(QueueType.STREAM).multiAckEvery(500).build());
        assertThat(e.problems()).containsExactly("--multi-ack-every (500) must not exceed the prefetch stream "
                + "consumers get without --qos (200): the consumer would wait for messages the broker never sends; "
                + "for example --multi-ack-every 20.");
        assertThat(valid().queueType(QueueType.STREAM).multiAckEvery(200).build().consuming().ackEvery())
                .isEqualTo(200);
        assertThat(valid().queueType(QueueType.STREAM).qos(1000).multiAckEvery(500).build().consuming().ackEvery())
                .isEqualTo(500);
        assertThatThrownBy(() -> valid().queueType(QueueType.STREAM)
                .step(StepSetting.MULTI_ACK_EVERY, 100, 300).stepDuration(Duration.ofSeconds(10)).build())
                .hasMessageContaining("In step 2 the ack interval (300) exceeds the prefetch (200)");
    }

    @Test
    void theAckIntervalIsHeldToThePrefetchItWouldWaitOn() {
        assertThat(ConsumeValidator.prefetch(valid().queueType(QueueType.STREAM))).isEqualTo(200);
        assertThat(ConsumeValidator.prefetch(valid().queueType(QueueType.STREAM).qos(50))).isEqualTo(50);
        assertThat(ConsumeValidator.prefetch(valid())).as("classic queue, no --qos").isNull();
        assertThat(ConsumeValidator.prefetch(valid().queueType(QueueType.STREAM).qos(0)))
                .as("an invalid --qos is reported on its own").isNull();
        assertThat(ConsumeValidator.prefetch(Scenario.builder().protocol("stream").queueType(QueueType.STREAM)))
                .as("stream protocol consumers send no acks and count credit in chunks").isNull();
    }

    @Test
    void ackOptionsMakeNoSenseWithAutoAck() {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> valid()
                .autoAck(true).multiAckEvery(10).ackTimeout(Duration.ofMillis(50)).build());
        assertThat(e.problems()).hasSize(2).allSatisfy(p -> assertThat(p).contains("--autoack"));
    }

    @Test
    void streamsGetADefaultPrefetchAndRefuseAutoAck() {
        Scenario s = valid().queueType(QueueType.STREAM).build();
        assertThat(s.consuming().prefetch()).hasValue(Scenario.DEFAULT_STREAM_PREFETCH);
        assertThatThrownBy(() -> valid().queueType(QueueType.STREAM).autoAck(true).build())
                .hasMessageContaining("--autoack cannot be used with --queue-type stream");
        assertThatThrownBy(() -> valid().streamOffset(new StreamOffset.First()).build())
                .hasMessageContaining("--stream-offset only applies to --queue-type stream");
    }

    @Test
    void predeclaredNeedsAQueueName() {
        assertThatThrownBy(() -> valid().predeclared(true).build()).hasMessageContaining("--predeclared needs --queue");
        assertThat(valid().predeclared(true).queue("q").build().topology().predeclared()).isTrue();
    }

    @Test
    void theBuilderChecksValuesOnlyAndLeavesDriversAndFilesToThePreflight() {
        // Whether a driver speaks the protocol and TLS files load: io.amqpharness.run.Preflight (PreflightTest).
        Scenario s = valid().protocol("mqtt").uri("amqps://localhost:5671").tlsTrustStore("/no/such/ca.pem").build();
        assertThat(s.protocol()).isEqualTo("mqtt");
        assertThat(s.tls().trustStore()).hasValue(java.nio.file.Path.of("/no/such/ca.pem"));
    }

    @Test
    void badUriIsOneSentenceWithAnExample() {
        assertThatThrownBy(() -> valid().uri("http://x").build())
                .hasMessage("--uri must be an amqp://, amqps://, rabbitmq-stream:// or rabbitmq-stream+tls:// address with a host, for example "
                        + "--uri amqp://guest:guest@localhost:5672/%2F.");
    }

    @Test
    void amqDefaultMeansTheDefaultExchange() {
        assertThat(valid().exchange("amq.default").build().topology().exchange()).isEmpty();
    }

    @Test
    void nothingToDoIsAnError() {
        assertThatThrownBy(() -> valid().producers(0).consumers(0).build())
                .hasMessageContaining("are both 0");
    }

    @Test
    void argumentsReproduceTheScenarioAndHideThePassword() {
        Scenario s = valid().uri("amqp://bob:s3cret@broker:5672/vh").queueType(QueueType.QUORUM).producers(3)
                .rate(12.5).confirm(100).qos(300).multiAckEvery(30).ackTimeout(Duration.ofMillis(50))
                .flag(MessageFlag.PERSISTENT).time(Duration.ofMinutes(5)).build();
        String line = String.join(" ", s.toArguments());
        assertThat(line).doesNotContain("s3cret").contains("amqp://bob:***@broker:5672/vh")
                .contains("--queue-type quorum").contains("--rate 12.5").contains("--confirm 100")
                .contains("--multi-ack-every 30").contains("--ack-timeout 50ms").contains("--time 5m")
                .contains("--flag persistent");
        assertThat(s.toString()).doesNotContain("s3cret");
    }

    @Test
    void toBuilderGivesAnEqualScenario() {
        Scenario s = valid().queueType(QueueType.STREAM).streamOffset(new StreamOffset.Offset(5)).producers(2)
                .rate(100).producerMessageCount(1000).confirm(10).qos(50).multiAckEvery(5)
                .flag(MessageFlag.MANDATORY).queue("q").routingKey("q").keepTopology(true)
                .time(Duration.ofSeconds(3)).drainTimeout(Duration.ofSeconds(2)).build();
        assertThat(s.toBuilder().build()).isEqualTo(s).hasSameHashCodeAs(s);
    }

    @Test
    void aSettingsOwnCheckNamesItAsTyped() {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> valid()
                .spelledAs(Setting.TIME, "-z").time(Duration.ZERO).consumerStartDelay(Duration.ofSeconds(-1)).build());
        assertThat(e.problems()).containsExactlyInAnyOrder(
                "--consumer-start-delay must be a positive duration; for example --consumer-start-delay 30s.",
                "-z must be a positive duration; for example -z 30s.");
    }
}
