package io.amqpharness.stream;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ4;
import io.amqpharness.scenario.StreamSettings.Compression;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The tests of {@link StreamRunIT} whose outcome depends on the broker, against a RabbitMQ 4.x broker's stream
 * port: confirmed runs, stream reading, declaring, retention, and sub-entry batches (with one codec). Left out
 * (overridden with other annotations or none): the core's window, pacing and goal and the error sentences, which
 * StreamRunIT covers on 3.x; the other three codecs, which the client applies and the broker stores unread, so
 * they differ from gzip only in the client, which StreamRunIT covers on 3.x; and the unreachable port, where no
 * broker answers.
 */
@WithRabbitMQ4
class StreamRunOnRabbitMQ4IT extends StreamRunIT {
    StreamRunOnRabbitMQ4IT(RabbitMQBroker broker) {
        super(broker);
    }

    @Override
    @ParameterizedTest
    @EnumSource(value = Compression.class, names = "GZIP")
    void compressedSubEntryBatchesAreConfirmedAndReadMessageByMessage(Compression codec) throws Exception {
        super.compressedSubEntryBatchesAreConfirmedAndReadMessageByMessage(codec);
    }

    @Override
    protected void theConfirmWindowBoundsWhatIsInFlight() {
        // the core's window over the client's confirms: StreamRunIT covers it
    }

    @Override
    protected void aTimeLimitSendsRateTimesTimeAndTheDrainReceivesEverything() {
        // the core's pacing and time limit: StreamRunIT covers it
    }

    @Override
    protected void aConsumersMessageGoalEndsTheRun() {
        // the core's goal: StreamRunIT covers it
    }

    @Override
    protected void aPredeclaredQueueThatIsNotThereIsOneSentence() {
        // the stream protocol's metadata answer, the same on 4.x: StreamRunIT covers it
    }

    @Override
    protected void aWrongPasswordIsOneSentenceWithoutThePassword() {
        // the stream protocol's SASL refusal, the same on 4.x: StreamRunIT covers it
    }

    @Override
    protected void aPortWhereNothingListensIsOneSentenceWithinSecondsWithoutThePassword() {
        // port 1, no broker involved: StreamRunIT covers it
    }
}
