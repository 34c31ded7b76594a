package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.stream.ConsumerFlowStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GroupedCreditsTest {

    /** A chunk's context that records the credits given. */
    private static ConsumerFlowStrategy.Context chunk(List<Integer> given) {
        return new ConsumerFlowStrategy.Context() {
            @Override
            public void credits(int credits) {
                given.add(credits);
            }

            @Override
            public long messageCount() {
                return 1;
            }

            @Override
            public long chunkId() {
                return 0;
            }
        };
    }

    @Test
    void creditsGoBackInGroupsBelowHalfTheInitialCredit() {
        assertThat(GroupedCredits.group(10)).isEqualTo(4);
        assertThat(GroupedCredits.group(100)).isEqualTo(49);
        assertThat(GroupedCredits.group(4)).isEqualTo(1);
        assertThat(GroupedCredits.group(2)).isEqualTo(1);
        assertThat(GroupedCredits.group(1)).isEqualTo(1);
        // the broker (send_limit = initial div 2) sends nothing at or below half its initial credit
        for (int initial = 1; initial <= 200; initial++) {
            int group = GroupedCredits.group(initial);
            assertThat(group).isPositive();
            if (initial >= 4) {
                assertThat(initial - group).as("credit left before a group is given, initial %d", initial)
                        .isGreaterThan(initial / 2);
            }
        }
    }

    @Test
    void everyArrivedChunkIsCreditedBackOnceAGroupIsComplete() {
        GroupedCredits credits = new GroupedCredits(10);
        assertThat(credits.initialCredits()).isEqualTo(10);
        List<Integer> given = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            credits.start(chunk(given)).processed(null);
        }
        assertThat(given).containsExactly(4, 4, 4);
        credits.start(chunk(given));
        assertThat(given).containsExactly(4, 4, 4); // one chunk of the next group: not yet
        List<Integer> one = new ArrayList<>();
        GroupedCredits single = new GroupedCredits(1);
        single.start(chunk(one));
        single.start(chunk(one));
        assertThat(one).containsExactly(1, 1); // a credit of 1: one back per chunk, as the client's default
    }

    @Test
    void noInitialCreditIsRefused() {
        assertThatThrownBy(() -> new GroupedCredits(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("initial credits must be at least 1, not 0");
    }

    @Test
    void plainStreamsGetGroupedCreditsSuperStreamsAndSingleActiveGroupsTheClientsDefault() {
        assertThat(StreamConsumer.flowStrategy(10, false, false)).isInstanceOf(GroupedCredits.class);
        assertThat(StreamConsumer.flowStrategy(10, true, false)).isNotInstanceOf(GroupedCredits.class);
        assertThat(StreamConsumer.flowStrategy(10, false, true)).isNotInstanceOf(GroupedCredits.class);
        assertThat(StreamConsumer.flowStrategy(7, true, false).initialCredits()).isEqualTo(7);
        assertThat(StreamConsumer.flowStrategy(7, false, false).initialCredits()).isEqualTo(7);
    }
}
