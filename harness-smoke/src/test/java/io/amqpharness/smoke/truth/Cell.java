package io.amqpharness.smoke.truth;

import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.RecoveryMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StartTime;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.scenario.StreamOffset;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * One scenario of the truth campaign: a point in the dimensions users combine. Each cell runs
 * at most a few seconds. Immutable.
 *
 * @param broker          {@code 3.10} (127.0.0.1:5672, stream 5552), {@code 4.0} (5673, stream 5553) or
 *                        {@code cluster} (5681-5683, stream 5581-5583; only with {@code -Dtruth.cluster=true})
 * @param protocol        {@code amqp091}, {@code amqp10} or {@code stream}
 * @param queueType       the queue's type
 * @param queues          the run's queues: 1, or 2 ({@code --queue-pattern}, publisher i to queue i)
 * @param fanout          with 2 queues: a fanout exchange sends every message to both
 * @param partitions      a super stream's partitions ({@code --super-stream N}); 0 for none
 * @param producers       publishers (1 or 2)
 * @param ratePerProducer messages per second each
 * @param confirmWindow   confirm window; empty for no confirms (or transactions)
 * @param txSize          messages per transaction ({@code --tx-size}); empty for none
 * @param consumers       consumers: one value, or two values run as {@code --step consumers=a,b}
 * @param maxLength       {@code x-max-length} with {@code x-overflow=reject-publish}; empty for no limit
 * @param offset          where stream consumers start: {@code default}, {@code first}, {@code next} or
 *                        {@code last} (over AMQP: {@code x-stream-offset})
 * @param consumerRate    most messages per second each consumer handles ({@code --consumer-rate}); empty for no limit
 * @param ack             how consumers settle: {@code each}, {@code multi} (every 10 with the multiple flag),
 *                        {@code auto} (auto-ack) or {@code nack-requeue} (10 % nacked and requeued)
 * @param seconds         how long publishing lasts (with steps: each step lasts half)
 * @param ending          how the run ends: {@code time} ({@code --time}), {@code count} (a message count per
 *                        publisher) or {@code stop} (the library's {@code LoadRunner.stop} after {@code seconds},
 *                        as Ctrl-C does; {@code --time} is only a ceiling) or {@code ctrl-c} (the command line
 *                        run in the test JVM and interrupted by a real SIGINT after {@code seconds}; its
 *                        {@code result.json} must hold the judged result)
 * @param instances       1, or 2 runs at once on one shared stream with {@code --instance} and one start time
 * @param producerNames   {@code --producer-names} template; empty for none
 * @param fault           {@code none}, {@code close} (the run's own connections closed by the management API),
 *                        {@code restart} (the 4.0 broker's application stopped and started) or {@code node-stop}
 *                        (cluster node 2 stopped and started); faults only with {@code -Dtruth.faults=true}
 */
record Cell(String broker, String protocol, QueueType queueType, int queues, boolean fanout, int partitions,
            int producers, int ratePerProducer, OptionalInt confirmWindow, OptionalInt txSize, int[] consumers,
            OptionalInt maxLength, String offset, OptionalInt consumerRate, String ack, int seconds, String ending,
            int instances, java.util.Optional<String> producerNames, String fault) {

    static final String AMQP = "amqp://127.0.0.1:5672";
    static final String STREAM = "rabbitmq-stream://127.0.0.1:5552";

    /** A cell of the first campaign's shape: 3.10, one queue, one instance, ended by time, no fault. */
    static Cell simple(String protocol, QueueType type, int producers, int rate, OptionalInt confirm, int[] consumers,
                       OptionalInt maxLength, boolean fromFirst, OptionalInt consumerRate, String ack, int seconds) {
        return new Cell("3.10", protocol, type, 1, false, 0, producers, rate, confirm, OptionalInt.empty(), consumers,
                maxLength, fromFirst ? "first" : "default", consumerRate, ack, seconds, "time", 1,
                java.util.Optional.empty(), "none");
    }

    /** The AMQP 0.9.1 URI of the broker, the one the oracle reads through. */
    String amqpUri() {
        return switch (broker) {
            case "4.0" -> "amqp://127.0.0.1:5673";
            case "cluster" -> "amqp://127.0.0.1:5681";
            default -> AMQP;
        };
    }

    /** The URI the run itself uses. */
    String runUri() {
        if (protocol.equals("stream")) {
            return switch (broker) {
                case "4.0" -> "rabbitmq-stream://127.0.0.1:5553";
                case "cluster" -> "rabbitmq-stream://127.0.0.1:5581,rabbitmq-stream://127.0.0.1:5582,"
                        + "rabbitmq-stream://127.0.0.1:5583";
                default -> STREAM;
            };
        }
        return broker.equals("cluster") ? "amqp://127.0.0.1:5681,amqp://127.0.0.1:5682,amqp://127.0.0.1:5683"
                : amqpUri();
    }

    /** The management API of the broker (for the {@code close} fault). */
    String managementUri() {
        return switch (broker) {
            case "4.0" -> "http://127.0.0.1:15673/api";
            case "cluster" -> "http://127.0.0.1:15681/api";
            default -> "http://127.0.0.1:15672/api";
        };
    }

    boolean stepped() {
        return consumers.length > 1;
    }

    boolean consumersFromZero() {
        return stepped() && consumers[0] == 0;
    }

    boolean stream() {
        return queueType == QueueType.STREAM;
    }

    /** The scenario of this cell; a shared stream's name and the common start for {@code instances > 1}. */
    Scenario scenario() {
        return scenario(0, null, null);
    }

    Scenario scenario(int instance, String sharedQueue, Instant startAt) {
        Scenario.Builder b = Scenario.builder().protocol(protocol).uri(runUri())
                .queueType(queueType).producers(producers).rate(ratePerProducer).warmup(Duration.ZERO)
                .interval(Duration.ofSeconds(1)).drainTimeout(Duration.ofSeconds(3)).noBrokerMetrics(true);
        confirmWindow.ifPresent(b::confirm);
        txSize.ifPresent(b::txSize);
        if (stepped()) {
            b.step(StepSetting.CONSUMERS, consumers[0], consumers[1])
                    .stepDuration(Duration.ofMillis(seconds * 500L));
        } else {
            b.consumers(consumers[0]);
            switch (ending) {
                case "count" -> b.producerMessageCount((long) ratePerProducer * seconds)
                        .time(Duration.ofSeconds(seconds + 120L));
                case "stop", "ctrl-c" -> b.time(Duration.ofSeconds(60));
                default -> b.time(Duration.ofSeconds(seconds));
            }
        }
        consumerRate.ifPresent(b::consumerRate);
        switch (ack) {
            case "multi" -> b.multiAckEvery(10);
            case "auto" -> b.autoAck(true);
            case "nack-requeue" -> b.nackRate(10).requeueRate(100);
            default -> { }
        }
        maxLength.ifPresent(n -> b.queueArgument("x-max-length", n).queueArgument("x-overflow", "reject-publish"));
        if (stream()) {
            switch (offset) {
                case "first" -> b.streamOffset(new StreamOffset.First());
                case "next" -> b.streamOffset(new StreamOffset.Next());
                case "last" -> b.streamOffset(new StreamOffset.Last());
                default -> { }
            }
            if (!protocol.equals("stream")) {
                b.qos(200); // AMQP consumers of a stream need a prefetch
            }
        }
        if (queues > 1) {
            b.queuePattern("truth-%d-" + Long.toHexString(System.nanoTime()), 1, queues);
            if (fanout) {
                b.exchange("truth-fanout-" + Long.toHexString(System.nanoTime())).exchangeType(ExchangeType.FANOUT);
            }
        }
        if (partitions > 0) {
            b.superStream(partitions);
        }
        if (!fault.equals("none")) {
            b.recovery(RecoveryMode.ON);
        }
        producerNames.ifPresent(b::producerNames);
        if (instances > 1) {
            b.instance("pod-" + instance).queue(sharedQueue).keepTopology(true)
                    .startAt(new StartTime(startAt.toString()));
        }
        return b.build();
    }

    /** The one {@code harness} command that runs the same scenario (for two instances: each one's). */
    String command() {
        if (instances > 1) {
            Instant at = Instant.now().plusSeconds(10);
            return java.util.stream.IntStream.range(0, instances)
                    .mapToObj(i -> command(scenario(i, "truth-shared", at)))
                    .collect(Collectors.joining(" &\n    ", "", " & wait"));
        }
        String cmd = command(scenario());
        return ending.equals("stop") || ending.equals("ctrl-c") ? "timeout -s INT " + seconds + " " + cmd : cmd;
    }

    private static String command(Scenario s) {
        return "java -jar harness.jar " + s.toArguments().stream()
                .map(a -> a.matches("[A-Za-z0-9_./:=,%@+-]+") ? a : "'" + a + "'").collect(Collectors.joining(" "));
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(broker).append(' ').append(protocol).append(' ')
                .append(queueType.name().toLowerCase());
        if (queues > 1) {
            s.append(fanout ? " fanout" : " queues").append(' ').append(queues);
        }
        if (partitions > 0) {
            s.append(" super-stream ").append(partitions);
        }
        s.append(" x").append(producers).append(" r").append(ratePerProducer)
                .append(confirmWindow.isPresent() ? " confirm " + confirmWindow.getAsInt()
                        : txSize.isPresent() ? " tx " + txSize.getAsInt() : " no-confirms")
                .append(" consumers ").append(consumers[0]);
        if (stepped()) {
            s.append(',').append(consumers[1]);
        }
        consumerRate.ifPresent(n -> s.append(" consumer-rate ").append(n));
        if (!ack.equals("each")) {
            s.append(" ack ").append(ack);
        }
        maxLength.ifPresent(n -> s.append(" max-length ").append(n).append(" reject-publish"));
        if (stream()) {
            s.append(" offset ").append(offset);
        }
        if (instances > 1) {
            s.append(" instances ").append(instances);
        }
        producerNames.ifPresent(t -> s.append(" producer-names ").append(t));
        if (!fault.equals("none")) {
            s.append(" fault ").append(fault);
        }
        return s.append(' ').append(ending).append(' ').append(seconds).append(" s").toString();
    }

    /** The dimensions a cell varies, for the campaign's coverage line. */
    List<String> dimensions() {
        return List.of("broker " + broker, "protocol " + protocol, "type " + queueType.name().toLowerCase(),
                confirmWindow.isPresent() ? "confirms" : txSize.isPresent() ? "tx" : "no confirms",
                "ending " + ending, "ack " + ack, queues > 1 ? (fanout ? "fanout" : "2 queues") : "1 queue",
                partitions > 0 ? "super stream" : "no super stream", "instances " + instances,
                maxLength.isPresent() ? "reject-publish" : "no limit", stepped() ? "consumer steps" : "no steps",
                stream() ? "offset " + offset : "queue", "fault " + fault);
    }
}
