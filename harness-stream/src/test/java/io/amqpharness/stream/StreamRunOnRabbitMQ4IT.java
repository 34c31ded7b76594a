package io.amqpharness.stream;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.RunsAgain;
import io.amqpharness.junit.WithRabbitMQ4;
import io.amqpharness.scenario.StreamSettings.Compression;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The tests of {@link StreamRunIT} whose outcome depends on the broker, against a RabbitMQ 4.x broker's stream
 * port: confirmed runs, stream reading, declaring, retention, and sub-entry batches (with one codec). Left out
 * ({@code @RunsAgain}: the contract's {@code @BrokerIndependent} tests, skipped here saying so): the core's window,
 * pacing and goal and the error sentences, which StreamRunIT covers on 3.x, and the unreachable port, where no
 * broker answers; and (overridden with other parameters) the other three codecs, which the client applies and the
 * broker stores unread, so they differ from gzip only in the client, which StreamRunIT covers on 3.x.
 */
@WithRabbitMQ4
@RunsAgain
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
}
