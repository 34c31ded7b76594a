package io.amqpharness.junit.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.spi.PublishOutcome;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

class PublisherLogTest {

    private static BitSet of(int... seqs) {
        BitSet b = new BitSet();
        for (int s : seqs) {
            b.set(s);
        }
        return b;
    }

    @Test
    void aMultipleAckSettlesOnlyWhatWasSentAndNotSettledYet() {
        PublisherLog log = new PublisherLog("p", true);
        for (long s = 1; s <= 6; s++) {
            log.sent(s);
        }
        log.settled(2, false, PublishOutcome.NACKED);
        log.settled(4, true, PublishOutcome.CONFIRMED); // 1, 3, 4: 2 was nacked already
        log.settled(9, true, PublishOutcome.CONFIRMED); // only 5 and 6 were sent
        PublisherHistory h = log.snapshot();
        assertThat(h.sent()).isEqualTo(of(1, 2, 3, 4, 5, 6));
        assertThat(h.confirmed()).isEqualTo(of(1, 3, 4, 5, 6));
        assertThat(h.refused()).isEqualTo(of(2));
        assertThat(h.unsettled().isEmpty()).isTrue();
    }

    @Test
    void aReturnedMessageThatIsAckedAfterwardsIsRefusedNotConfirmed() {
        PublisherLog log = new PublisherLog("p", true);
        log.sent(1);
        log.sent(2);
        log.returned(2);
        log.settled(2, true, PublishOutcome.CONFIRMED);
        PublisherHistory h = log.snapshot();
        assertThat(h.confirmed()).isEqualTo(of(1));
        assertThat(h.refused()).isEqualTo(of(2));
    }

    @Test
    void whatAFailedLinkNeverSettledIsLeftWithoutVerdict() {
        PublisherLog log = new PublisherLog("p", true);
        log.sent(1);
        log.sent(2);
        log.sent(3);
        log.settled(1, false, PublishOutcome.CONFIRMED);
        log.failed();
        PublisherLog again = new PublisherLog("p", true); // the reconnected link continues the sequence
        again.sent(4);
        again.settled(4, true, PublishOutcome.CONFIRMED);
        PublisherHistory h = log.snapshot().merge(again.snapshot());
        assertThat(h.linkFailed()).isTrue();
        assertThat(h.unsettled()).isEqualTo(of(2, 3));
        assertThat(h.confirmed()).isEqualTo(of(1, 4));
    }
}
