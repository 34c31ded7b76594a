package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnsettledDeliveriesTest {
    /** A stand-in for a delivery: only its identity matters here. */
    private static final class Delivery {
    }

    private final UnsettledDeliveries<Delivery> held = new UnsettledDeliveries<>();
    private final List<Delivery> all = new ArrayList<>();

    private Delivery delivery() {
        Delivery d = new Delivery();
        all.add(d);
        return d;
    }

    @Test
    void tagsIncreaseFromOne() {
        assertThat(held.add(delivery())).isEqualTo(1);
        assertThat(held.add(delivery())).isEqualTo(2);
        assertThat(held.size()).isEqualTo(2);
    }

    @Test
    void removeUpToSettlesEverythingHeldUpToTheTagInOrder() {
        for (int i = 0; i < 10; i++) {
            held.add(delivery());
        }
        assertThat(held.remove(3)).isSameAs(all.get(2));
        List<Delivery> settled = new ArrayList<>();
        held.removeUpTo(6, settled::add);
        assertThat(settled).containsExactly(all.get(0), all.get(1), all.get(3), all.get(4), all.get(5));
        assertThat(held.size()).isEqualTo(4);
        held.removeUpTo(6, settled::add);
        assertThat(settled).hasSize(5);
        assertThat(held.remove(6)).isNull();
        assertThat(held.remove(99)).isNull();
    }

    @Test
    void growsBeyondItsInitialCapacityKeepingOrder() {
        for (int i = 0; i < 1_000; i++) {
            held.add(delivery());
        }
        held.removeUpTo(10, d -> { });
        for (int i = 0; i < 500; i++) {
            held.add(delivery());
        }
        List<Delivery> settled = new ArrayList<>();
        held.removeUpTo(1_500, settled::add);
        assertThat(settled).containsExactlyElementsOf(all.subList(10, 1_500));
        assertThat(held.size()).isZero();
        assertThat(held.add(delivery())).isEqualTo(1_501);
    }
}
