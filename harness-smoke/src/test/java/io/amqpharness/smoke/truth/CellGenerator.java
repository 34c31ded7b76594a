package io.amqpharness.smoke.truth;

import io.amqpharness.scenario.QueueType;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;

/** Draws campaign cells from a seed: the same seed gives the same cells, in the same order. */
final class CellGenerator {
    private static final List<String> PROTOCOLS = List.of("amqp091", "amqp10", "stream");
    private final Random random;

    CellGenerator(long seed) {
        this.random = new Random(seed);
    }

    Cell next() {
        String protocol = pick(PROTOCOLS);
        QueueType type = protocol.equals("stream") ? QueueType.STREAM
                : pick(List.of(QueueType.CLASSIC, QueueType.QUORUM, QueueType.STREAM));
        boolean stream = type == QueueType.STREAM;
        OptionalInt confirm = random.nextInt(4) == 0 ? OptionalInt.empty() : OptionalInt.of(pick(List.of(20, 100, 500)));
        int[] consumers = switch (random.nextInt(4)) {
            case 0 -> new int[] {0, 1};
            case 1 -> new int[] {0};
            case 2 -> new int[] {stream ? 1 : 2};
            default -> new int[] {1};
        };
        // Streams have no x-overflow; a limit there means retention, which the oracle cannot judge.
        OptionalInt maxLength = !stream && random.nextInt(3) == 0
                ? OptionalInt.of(pick(List.of(50, 200, 500))) : OptionalInt.empty();
        int producers = 1 + random.nextInt(2);
        int rate = pick(List.of(200, 500, 1_000));
        // A consumer slower than the publishers leaves a backlog the drain may not finish.
        OptionalInt consumerRate = consumers[consumers.length - 1] > 0 && random.nextInt(4) == 0
                ? OptionalInt.of(Math.max(50, producers * rate / 4)) : OptionalInt.empty();
        // Streams take no auto-ack or nacks over AMQP, and the stream protocol has no acks at all.
        String ack = protocol.equals("stream") ? "each" : pick(stream ? List.of("each", "multi")
                : List.of("each", "each", "multi", "multi", "auto", "nack-requeue"));
        return new Cell(protocol, type, producers, rate, confirm, consumers, maxLength,
                stream && random.nextBoolean(), consumerRate, ack, 2 + random.nextInt(2));
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}
