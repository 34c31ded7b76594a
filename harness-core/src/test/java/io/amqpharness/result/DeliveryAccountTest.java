package io.amqpharness.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The one formula of expected deliveries: expected = consumed once - in doubt arrived + left + unaccounted. */
class DeliveryAccountTest {

    @Test
    void aQueueRunsAccountCountsWhatIsLeftAndLeavesInDoubtArrivalsOut() {
        DeliveryAccount a = DeliveryAccount.of(OptionalLong.of(1_000), 1_030, 60, OptionalLong.of(10), false).get();
        assertThat(a.expectedArrived()).isEqualTo(970);
        assertThat(a.unaccounted()).isEqualTo(20);
        assertThat(a.leftInQueues()).hasValue(10);
        assertThat(a.stream()).isFalse();
    }

    @Test
    void aStreamHasNoDepthSoWhatItsConsumersDidNotReceiveIsUnaccounted() {
        DeliveryAccount a = DeliveryAccount.of(OptionalLong.of(1_000), 900, 0, OptionalLong.of(50), true).get();
        assertThat(a.leftInQueues()).isEmpty();
        assertThat(a.unaccounted()).isEqualTo(100);
        assertThat(DeliveryAccount.of(OptionalLong.of(1_000), 900, 0, OptionalLong.empty(), true)).isPresent();
    }

    @Test
    void noAccountWithoutExpectedDeliveriesOrAQueuesDepth() {
        assertThat(DeliveryAccount.of(OptionalLong.empty(), 10, 0, OptionalLong.of(0), false)).isEmpty();
        assertThat(DeliveryAccount.of(OptionalLong.empty(), 10, 0, OptionalLong.empty(), true)).isEmpty();
        assertThat(DeliveryAccount.of(OptionalLong.of(10), 10, 0, OptionalLong.empty(), false)).isEmpty();
    }

    @Test
    void consumersThatGotMessagesWhoseConfirmWasOutstandingMakeItNegative() {
        assertThat(DeliveryAccount.of(OptionalLong.of(100), 105, 0, OptionalLong.of(0), false).get().unaccounted())
                .isEqualTo(-5);
    }
}
