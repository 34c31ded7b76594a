package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.ConfirmationStatus;
import com.rabbitmq.stream.Constants;
import io.amqpharness.message.SectionsEncoder;
import io.amqpharness.spi.PublishOutcome;
import io.amqpharness.spi.PublishOutcomeListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** How a producer's verdicts reach the core, around a connection loss as the stream client reports it. */
class ProducerConfirmsTest {
    private final List<String> events = new ArrayList<>();
    private final List<String> notes = new CopyOnWriteArrayList<>();
    private final PublishOutcomeListener core = new PublishOutcomeListener() {
        @Override
        public void settled(long seq, boolean multiple, PublishOutcome outcome) {
            events.add(outcome + " " + seq);
        }

        @Override
        public void returned(byte[] body, int offset, int length) {
            events.add("returned");
        }

        @Override
        public void failed(Throwable cause) {
            events.add("failed: " + cause.getMessage());
        }
    };
    private final ProducerConfirms confirms = new ProducerConfirms(0, true, core, notes);
    private final SectionsEncoder sections = SectionsEncoder.forStream("harness-x-p0", Map.of());

    private ConfirmationStatus status(long seq, boolean confirmed, short code) {
        return new ConfirmationStatus(new OutgoingMessage(sections, seq, new byte[12]), confirmed, code);
    }

    @Test
    void whatTheClientFailsAfterRecoveringTheProducerOnItsOwnIsInDoubtNotNacked() {
        // The broker went away while 170-172 awaited a confirm and the publisher waited for room in its
        // window, so no send learnt of it; the client reconnected the producer and, told not to publish
        // them again, failed them with the confirm timeout's code (its confirm timeout is off). The
        // broker may have stored them: the link fails once, the core counts them in doubt.
        confirms.handle(status(169, true, Constants.RESPONSE_CODE_OK));
        confirms.handle(status(170, false, Constants.CODE_PUBLISH_CONFIRM_TIMEOUT));
        confirms.handle(status(171, false, Constants.CODE_PUBLISH_CONFIRM_TIMEOUT));
        confirms.handle(status(172, false, Constants.CODE_PUBLISH_CONFIRM_TIMEOUT));
        assertThat(events).containsExactly("CONFIRMED 169",
                "failed: Publisher 0 lost its stream connection (PUBLISH_CONFIRM_TIMEOUT).");
        assertThat(notes).isEmpty();
        assertThat(confirms.lost()).isTrue();
    }

    @Test
    void aSendWhileTheProducerIsUnavailableFailsTheLinkOnce() {
        confirms.handle(status(5, false, Constants.CODE_PRODUCER_NOT_AVAILABLE));
        confirms.handle(status(6, false, Constants.CODE_PRODUCER_NOT_AVAILABLE));
        assertThat(events).containsExactly("failed: Publisher 0 lost its stream connection (PRODUCER_NOT_AVAILABLE).");
    }

    @Test
    void theBrokersOwnErrorForAMessageCountsAsNackedWithTheFirstCodeInTheNotes() {
        confirms.handle(status(7, false, Constants.RESPONSE_CODE_ACCESS_REFUSED));
        confirms.handle(status(8, false, Constants.RESPONSE_CODE_ACCESS_REFUSED));
        assertThat(events).containsExactly("NACKED 7", "NACKED 8");
        assertThat(notes).containsExactly(
                "Publisher 0's first unconfirmed message (7) failed with the stream client's code ACCESS_REFUSED.");
    }

    /** F11: the client's own failure codes are not the broker's verdict: the link fails, the core counts them in doubt. */
    @Test
    void theClientsOwnFailureCodesFailTheLinkAndAreNotNacked() {
        for (short code : new short[] {Constants.CODE_MESSAGE_ENQUEUEING_FAILED, Constants.CODE_PRODUCER_CLOSED,
                Constants.CODE_NO_ROUTE_FOUND}) {
            List<String> seen = new ArrayList<>();
            ProducerConfirms c = new ProducerConfirms(3, true, new PublishOutcomeListener() {
                @Override
                public void settled(long seq, boolean multiple, PublishOutcome outcome) {
                    seen.add(outcome + " " + seq);
                }

                @Override
                public void returned(byte[] body, int offset, int length) {
                }

                @Override
                public void failed(Throwable cause) {
                    seen.add("failed: " + cause.getMessage());
                }
            }, notes);
            c.handle(status(11, false, code));
            c.handle(status(12, false, code));
            assertThat(seen).as("code %d", code).hasSize(1).allMatch(e -> e.startsWith("failed: Publisher 3"));
            assertThat(c.lost()).isTrue();
        }
    }

    @Test
    void afterTheHarnessClosedTheLinkNothingIsReported() {
        assertThat(confirms.close()).isTrue();
        assertThat(confirms.close()).isFalse();
        confirms.handle(status(9, false, Constants.CODE_PRODUCER_CLOSED));
        confirms.handle(status(10, false, Constants.CODE_PRODUCER_NOT_AVAILABLE));
        assertThat(events).isEmpty();
    }
}
