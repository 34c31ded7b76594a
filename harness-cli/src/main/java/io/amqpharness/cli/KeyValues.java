package io.amqpharness.cli;

import java.util.Map;

/**
 * A parsed {@code key=value,...} option value. A record rather than a {@code Map} field, because
 * picocli splits map-typed options on {@code =} by itself.
 *
 * @param values the typed values, in the order given
 */
record KeyValues(Map<String, Object> values) {
}
