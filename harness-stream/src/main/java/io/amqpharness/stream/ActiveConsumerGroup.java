package io.amqpharness.stream;

import com.rabbitmq.stream.OffsetSpecification;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The run's single-active-consumer group: one consumer name ({@code harness-<run id>}) for every
 * consumer of a stream, and, per stream (or super stream partition), the offset of the last message
 * the group received. A consumer the broker makes active resumes after that offset, so a change
 * of active consumer (one closing, or failing) neither skips nor repeats what the group read; the
 * first to become active starts at the run's offset spec. Offsets live in this process only: the
 * group does not store them on the broker. Thread-safe, lock-free on delivery.
 */
final class ActiveConsumerGroup {
    private final String name;
    private final Map<String, AtomicLong> lastOffsets = new ConcurrentHashMap<>();

    ActiveConsumerGroup(String name) {
        this.name = name;
    }

    /** The consumer name every member subscribes with. */
    String name() {
        return name;
    }

    /** Records a delivery of {@code offset} from {@code stream} (called on the client's dispatch thread). */
    void delivered(String stream, long offset) {
        AtomicLong last = lastOffsets.get(stream);
        if (last == null) {
            last = lastOffsets.computeIfAbsent(stream, s -> new AtomicLong(-1));
        }
        last.accumulateAndGet(offset, Math::max);
    }

    /** Where a member that becomes active on {@code stream} starts: after the group's last offset, else {@code initial}. */
    OffsetSpecification resumeAt(String stream, OffsetSpecification initial) {
        AtomicLong last = lastOffsets.get(stream);
        long offset = last == null ? -1 : last.get();
        return offset < 0 ? initial : OffsetSpecification.offset(offset + 1);
    }
}
