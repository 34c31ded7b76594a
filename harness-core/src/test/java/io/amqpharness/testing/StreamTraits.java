package io.amqpharness.testing;

import io.amqpharness.scenario.ProtocolTraits;
import java.util.Map;

/**
 * The stream protocol's traits under its id {@code stream}, for the core's scenario tests: harness-stream,
 * which gives them with its driver, is not on the core's class path.
 */
public final class StreamTraits implements ProtocolTraits.Catalog {
    @Override
    public Map<String, ProtocolTraits> traits() {
        return Map.of("stream", new ProtocolTraits("rabbitmq-stream://localhost:5552", true, false, false, true));
    }
}
