package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * F4: what a super stream consumer's handler counts as a redelivery. After a recovery the client
 * resumes each partition at the last offset it dispatched there; that offset again is the same
 * message, whatever the other partitions delivered meanwhile.
 */
class PartitionOffsetsTest {

    @Test
    void aPartitionsOffsetSeenAgainIsARedeliveryWhateverTheOtherPartitionsDid() {
        PartitionOffsets offsets = new PartitionOffsets("s", 2);
        List<Boolean> again = new ArrayList<>();
        again.add(offsets.deliveredAgain("s-0", 5));
        again.add(offsets.deliveredAgain("s-1", 3));
        again.add(offsets.deliveredAgain("s-0", 5));
        again.add(offsets.deliveredAgain("s-1", 4));
        again.add(offsets.deliveredAgain("s-0", 6));
        assertThat(again).containsExactly(false, false, true, false, false);
    }

    @Test
    void theFirstOffsetOfAPartitionIsNeverARedeliveryEvenZeroOrOneNamedOtherwise() {
        PartitionOffsets offsets = new PartitionOffsets("s", 1);
        assertThat(offsets.deliveredAgain("s-0", 0)).isFalse();
        assertThat(offsets.deliveredAgain("s-0", 0)).isTrue();
        assertThat(offsets.deliveredAgain("other-partition", 0)).isFalse();
        assertThat(offsets.deliveredAgain("other-partition", 0)).isTrue();
    }
}
