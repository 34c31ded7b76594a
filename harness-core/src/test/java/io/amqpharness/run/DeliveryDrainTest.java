package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.CountSnapshot;
import org.junit.jupiter.api.Test;

/** When the drain after publishing has what it expects. */
class DeliveryDrainTest {

    /** 12,000 published, one in doubt (the broker stored it, its confirm never came), 11,999 confirmed. */
    private static CountSnapshot arrived(long ownUnique, long inDoubtArrived) {
        return new CountSnapshot(12_000, 11_999, 0, 0, 0, 0, 0, 0, ownUnique, 0, 0, 0, 0, ownUnique, ownUnique, 0, 0,
                0, 0, 0, 0, 0, 1, inDoubtArrived);
    }

    @Test
    void anInDoubtMessageThatArrivedDoesNotStandInForTheLastConfirmedOneStillOnItsWay() {
        // The consumer has the in-doubt message and every confirmed one but the last: 11,999 first
        // deliveries, as many as were confirmed. Ending the drain now would leave the last message
        // neither consumed nor lost (it is above the highest sequence received).
        assertThat(DeliveryDrain.receivedExpected(arrived(11_999, 1), 11_999)).isFalse();
        assertThat(DeliveryDrain.receivedExpected(arrived(12_000, 1), 11_999)).isTrue();
    }

    @Test
    void withoutMessagesInDoubtTheFirstDeliveriesAreCountedAsTheyAre() {
        assertThat(DeliveryDrain.receivedExpected(arrived(11_998, 0), 11_999)).isFalse();
        assertThat(DeliveryDrain.receivedExpected(arrived(11_999, 0), 11_999)).isTrue();
    }
}
