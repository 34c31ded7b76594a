package io.amqpharness.scenario;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Properties set on every published message (the same for all messages of a run, so they cost
 * nothing per message). The publisher identity travels in app-id (0.9.1) / group-id (1.0) and
 * cannot be set here.
 *
 * @param contentType     MIME type, for example {@code application/json}
 * @param contentEncoding for example {@code gzip}
 * @param priority        0 to 255 (queues honour it up to their {@code x-max-priority})
 * @param expiration      per-message TTL (0.9.1 {@code expiration}, 1.0 {@code ttl})
 * @param type            the 0.9.1 {@code type} property (1.0 {@code subject})
 * @param headers         custom headers (0.9.1) or application properties (1.0)
 */
public record MessageProperties(Optional<String> contentType, Optional<String> contentEncoding,
                                OptionalInt priority, Optional<Duration> expiration, Optional<String> type,
                                Map<String, Object> headers) {

    public static final MessageProperties NONE = new MessageProperties(Optional.empty(), Optional.empty(),
            OptionalInt.empty(), Optional.empty(), Optional.empty(), Map.of());

    public MessageProperties {
        headers = Map.copyOf(headers);
    }

    /** True if no property is set. */
    public boolean isEmpty() {
        return equals(NONE);
    }
}
