package io.amqpharness.amqp10;

import java.util.Arrays;
import org.apache.qpid.protonj2.types.transport.DeliveryState;

/**
 * Settlements a consumer made while handing a batch over, applied together afterwards: tag,
 * multiple flag and state of each, in order. Reused; grows to the largest batch. Not thread-safe.
 */
final class PendingSettlements {
    private long[] tags = new long[64];
    private boolean[] multiple = new boolean[64];
    private DeliveryState[] states = new DeliveryState[64];
    private int size;

    void add(long tag, boolean isMultiple, DeliveryState state) {
        if (size == tags.length) {
            tags = Arrays.copyOf(tags, size * 2);
            multiple = Arrays.copyOf(multiple, size * 2);
            states = Arrays.copyOf(states, size * 2);
        }
        tags[size] = tag;
        multiple[size] = isMultiple;
        states[size] = state;
        size++;
    }

    int size() {
        return size;
    }

    long tag(int i) {
        return tags[i];
    }

    boolean multiple(int i) {
        return multiple[i];
    }

    DeliveryState state(int i) {
        return states[i];
    }

    void clear() {
        Arrays.fill(states, 0, size, null);
        size = 0;
    }
}
