package io.amqpharness.smoke.truth;

import io.amqpharness.scenario.QueueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;

/**
 * Draws campaign cells from a seed: the same seed (and the same {@code brokers} and {@code faults})
 * gives the same cells, in the same order.
 */
final class CellGenerator {
    private static final List<String> PROTOCOLS = List.of("amqp091", "amqp10", "stream");
    private final Random random;
    private final List<String> brokers;
    private final List<String> faults;
    private final List<String> protocols;

    /** Cells on RabbitMQ 3.10 and 4.0, without faults. */
    CellGenerator(long seed) {
        this(seed, List.of("3.10", "4.0"), List.of());
    }

    /** Cells of every protocol. */
    CellGenerator(long seed, List<String> brokers, List<String> faults) {
        this(seed, brokers, faults, PROTOCOLS);
    }

    /**
     * @param brokers the brokers to draw from ({@code 3.10}, {@code 4.0}, {@code cluster})
     * @param faults  the faults to draw from besides none ({@code close}, {@code restart}, {@code node-stop});
     *                empty for none
     * @param protocols the protocols to draw from ({@code amqp091}, {@code amqp10}, {@code stream}); all of
     *                  them draw the same cells as before this parameter existed
     */
    CellGenerator(long seed, List<String> brokers, List<String> faults, List<String> protocols) {
        if (protocols.isEmpty() || !PROTOCOLS.containsAll(protocols)) {
            throw new IllegalArgumentException("protocols are among " + PROTOCOLS + ": " + protocols);
        }
        this.random = new Random(seed);
        this.brokers = List.copyOf(brokers);
        this.faults = List.copyOf(faults);
        this.protocols = List.copyOf(protocols);
    }

    /** Every protocol a cell may use. */
    static List<String> protocols() {
        return PROTOCOLS;
    }

    Cell next() {
        String broker = pick(brokers);
        String protocol = pick(protocols);
        QueueType type = protocol.equals("stream") ? QueueType.STREAM
                : pick(List.of(QueueType.CLASSIC, QueueType.QUORUM, QueueType.STREAM));
        boolean stream = type == QueueType.STREAM;
        // Two queues (publisher i to queue i, or a fanout to both), a super stream, or two instances on one stream.
        int queues = !stream && random.nextInt(5) == 0 ? 2 : 1;
        boolean fanout = queues == 2 && protocol.equals("amqp091") && random.nextBoolean();
        // RabbitMQ 3.10 has no super streams (3.13 and later do).
        int partitions = protocol.equals("stream") && !broker.equals("3.10") && random.nextInt(5) == 0
                ? 2 + random.nextInt(2) : 0;
        int instances = protocol.equals("stream") && partitions == 0 && random.nextInt(6) == 0 ? 2 : 1;
        int draw = random.nextInt(8);
        OptionalInt confirm = OptionalInt.empty();
        OptionalInt tx = OptionalInt.empty();
        // Transactions in 3 of 8 AMQP 0.9.1 cells on classic queues; otherwise confirms in 3 of 4 cells.
        if (draw <= 2 && protocol.equals("amqp091") && type == QueueType.CLASSIC) {
            tx = OptionalInt.of(pick(List.of(1, 10, 50)));
        } else if (draw >= 2 || protocol.equals("stream")) {
            confirm = OptionalInt.of(pick(List.of(20, 100, 500)));
        }
        int[] consumers = switch (random.nextInt(4)) {
            case 0 -> new int[] {0, queues};
            case 1 -> new int[] {0};
            case 2 -> new int[] {stream ? 1 : 2 * queues};
            default -> new int[] {queues};
        };
        if (partitions > 0 || instances > 1) {
            consumers = new int[] {1}; // one consumer reads every partition; each instance has its own
        }
        // Streams have no x-overflow; a limit there means retention, which the oracle cannot judge.
        OptionalInt maxLength = !stream && random.nextInt(3) == 0
                ? OptionalInt.of(pick(List.of(50, 200, 500))) : OptionalInt.empty();
        int producers = queues == 2 ? 2 : partitions > 0 ? 1 + random.nextInt(3) : 1 + random.nextInt(2);
        int rate = pick(List.of(200, 500, 1_000));
        // A consumer slower than the publishers leaves a backlog the drain may not finish.
        OptionalInt consumerRate = consumers[consumers.length - 1] > 0 && random.nextInt(4) == 0
                ? OptionalInt.of(Math.max(50, producers * rate / 4)) : OptionalInt.empty();
        // Streams take no auto-ack or nacks over AMQP, and the stream protocol has no acks at all.
        String ack = protocol.equals("stream") ? "each" : pick(stream ? List.of("each", "multi")
                : List.of("each", "each", "multi", "multi", "auto", "nack-requeue"));
        String offset = !stream ? "default" : partitions > 0 || instances > 1 ? "first"
                : pick(List.of("default", "first", "first", "next", "last"));
        // Ctrl-C runs the command line in the test JVM: one run at a time, so not with two instances.
        String ending = consumers.length > 1 ? "time"
                : pick(List.of("time", "time", "time", "count", "count", "stop", "ctrl-c"));
        if (ending.equals("ctrl-c") && instances > 1) {
            ending = "stop";
        }
        Optional<String> names = instances > 1 ? Optional.of("%s-%i-%d")
                : protocol.equals("stream") && partitions == 0 && random.nextInt(4) == 0
                ? Optional.of("%s-%d") : Optional.empty();
        String fault = "none";
        List<String> possible = new ArrayList<>();
        for (String f : faults) {
            // The brokers here have no stream management plugin: a stream-protocol run's connections are not
            // listed over HTTP, so they cannot be closed that way.
            if (f.equals("close") && !protocol.equals("stream") || f.equals("restart") && broker.equals("4.0")
                    || f.equals("node-stop") && broker.equals("cluster")) {
                possible.add(f);
            }
        }
        if (!possible.isEmpty() && random.nextBoolean() && instances == 1 && !ack.equals("auto")) {
            fault = pick(possible);
            ending = "time";
        }
        int seconds = fault.equals("none") ? 2 + random.nextInt(2) : 8;
        return new Cell(broker, protocol, type, queues, fanout, partitions, producers, rate, confirm, tx, consumers,
                maxLength, offset, consumerRate, ack, seconds, ending, instances, names, fault);
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}
