package io.amqpharness.broker;

import java.net.URI;
import java.time.Duration;

/** Where samples come from: the management API or a Prometheus endpoint. Used by one thread at a time. */
interface BrokerSource {
    /** {@code management} or {@code prometheus}, as result files name the source. */
    String kind();

    /** The URL read, without credentials. */
    URI url();

    /**
     * Reads the broker now.
     *
     * @param elapsed the time to date the sample with
     * @throws BrokerMetricsException if the broker cannot be read
     */
    BrokerSample sample(Duration elapsed);
}
