package io.amqpharness.scenario;

import java.time.Duration;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * How messages are published. Part of a validated {@link Scenario}.
 *
 * @param producers           number of publishers, each on its own connection and channel; default 1
 * @param messageSizeBytes    body size in bytes, at least 12 (the timestamp header); default 12
 * @param ratePerProducer     intended messages per second for each publisher; empty means unpaced
 *                            (a closed loop that sends as fast as flow control allows); 0 means an
 *                            idle, connected publisher
 * @param messagesPerProducer stop each publisher after this many messages; empty means no limit
 * @param confirmWindow       publisher confirms with at most this many unconfirmed messages per
 *                            publisher; empty means no confirms
 * @param confirmTimeout      a message unconfirmed for this long is counted as timed out; default 30 s
 * @param flags               message flags ({@code persistent}, {@code mandatory}); default none
 */
public record PublishSettings(
        int producers,
        int messageSizeBytes,
        OptionalDouble ratePerProducer,
        OptionalLong messagesPerProducer,
        OptionalInt confirmWindow,
        Duration confirmTimeout,
        Set<MessageFlag> flags) {

    public PublishSettings {
        flags = Set.copyOf(flags);
    }

    public boolean persistent() {
        return flags.contains(MessageFlag.PERSISTENT);
    }

    public boolean mandatory() {
        return flags.contains(MessageFlag.MANDATORY);
    }

    public boolean confirms() {
        return confirmWindow.isPresent();
    }

    /** True when publishers follow an intended-time schedule (a rate is set). */
    public boolean paced() {
        return ratePerProducer.isPresent();
    }
}
