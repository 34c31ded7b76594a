package io.amqpharness.smoke.truth;

import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.scenario.StreamOffset;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * One scenario of the truth campaign: a point in the dimensions users combine. Each cell runs
 * at most a few seconds. Immutable.
 *
 * @param protocol        {@code amqp091}, {@code amqp10} or {@code stream}
 * @param queueType       the queue's type
 * @param producers       publishers (1 or 2)
 * @param ratePerProducer messages per second each
 * @param confirmWindow   confirm window; empty for no confirms
 * @param consumers       consumers: one value, or two values run as {@code --step consumers=a,b}
 * @param maxLength       {@code x-max-length} with {@code x-overflow=reject-publish}; empty for no limit
 * @param fromFirst       stream consumers read from the first offset
 * @param consumerRate    most messages per second each consumer handles ({@code --consumer-rate}); empty for no limit
 * @param ack             how consumers settle: {@code each}, {@code multi} (every 10 with the multiple flag),
 *                        {@code auto} (auto-ack) or {@code nack-requeue} (10 % nacked and requeued)
 * @param seconds         how long publishing lasts (with steps: each step lasts half)
 */
record Cell(String protocol, QueueType queueType, int producers, int ratePerProducer, OptionalInt confirmWindow,
            int[] consumers, OptionalInt maxLength, boolean fromFirst, OptionalInt consumerRate,
            String ack, int seconds) {

    static final String AMQP = "amqp://127.0.0.1:5672";
    static final String STREAM = "rabbitmq-stream://127.0.0.1:5552";

    boolean stepped() {
        return consumers.length > 1;
    }

    boolean consumersFromZero() {
        return stepped() && consumers[0] == 0;
    }

    Scenario scenario() {
        Scenario.Builder b = Scenario.builder().protocol(protocol).uri(protocol.equals("stream") ? STREAM : AMQP)
                .queueType(queueType).producers(producers).rate(ratePerProducer).warmup(Duration.ZERO)
                .interval(Duration.ofSeconds(1)).drainTimeout(Duration.ofSeconds(3)).noBrokerMetrics(true);
        confirmWindow.ifPresent(b::confirm);
        if (stepped()) {
            b.step(StepSetting.CONSUMERS, consumers[0], consumers[1])
                    .stepDuration(Duration.ofMillis(seconds * 500L));
        } else {
            b.consumers(consumers[0]).time(Duration.ofSeconds(seconds));
        }
        consumerRate.ifPresent(b::consumerRate);
        switch (ack) {
            case "multi" -> b.multiAckEvery(10);
            case "auto" -> b.autoAck(true);
            case "nack-requeue" -> b.nackRate(10).requeueRate(100);
            default -> { }
        }
        maxLength.ifPresent(n -> b.queueArgument("x-max-length", n).queueArgument("x-overflow", "reject-publish"));
        if (queueType == QueueType.STREAM && fromFirst) {
            b.streamOffset(new StreamOffset.First());
        }
        if (queueType == QueueType.STREAM && !protocol.equals("stream")) {
            b.qos(200); // AMQP consumers of a stream need a prefetch
        }
        return b.build();
    }

    /** The one {@code harness} command that runs the same scenario. */
    String command() {
        return "java -jar harness.jar " + scenario().toArguments().stream()
                .map(a -> a.matches("[A-Za-z0-9_./:=,%@+-]+") ? a : "'" + a + "'").collect(Collectors.joining(" "));
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(protocol).append(' ').append(queueType.name().toLowerCase())
                .append(" x").append(producers).append(" r").append(ratePerProducer)
                .append(confirmWindow.isPresent() ? " confirm " + confirmWindow.getAsInt() : " no-confirms")
                .append(" consumers ").append(consumers[0]);
        if (stepped()) {
            s.append(',').append(consumers[1]);
        }
        consumerRate.ifPresent(n -> s.append(" consumer-rate ").append(n));
        if (!ack.equals("each")) {
            s.append(" ack ").append(ack);
        }
        maxLength.ifPresent(n -> s.append(" max-length ").append(n).append(" reject-publish"));
        if (queueType == QueueType.STREAM) {
            s.append(fromFirst ? " offset first" : " offset default");
        }
        return s.append(' ').append(seconds).append(" s").toString();
    }
}
