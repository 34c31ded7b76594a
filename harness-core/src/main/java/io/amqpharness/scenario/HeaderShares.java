package io.amqpharness.scenario;

import java.util.Objects;
import java.util.Optional;

/**
 * One header of {@code --header NAME=VALUE:PERCENT%[,VALUE:PERCENT%...]} and the values drawn for
 * it per message. Values are typed as {@code --message-headers} types them (whole numbers, decimals,
 * {@code true}/{@code false}, else text), so that they match a headers exchange's binding arguments
 * written the same way. Immutable.
 *
 * @param name   the header's name (AMQP 1.0: the application property's)
 * @param values its values and their shares
 */
public record HeaderShares(String name, Shares<Object> values) {

    public HeaderShares {
        Objects.requireNonNull(name);
        Objects.requireNonNull(values);
    }

    /** Reads {@code NAME=VALUE[:PERCENT%][,VALUE:PERCENT%...]}; empty if it is not that. */
    public static Optional<HeaderShares> parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0 || text.substring(0, eq).isBlank()) {
            return Optional.empty();
        }
        return Shares.parse(text.substring(eq + 1), Shares.single(v -> Optional.of(TypedArguments.value(v))))
                .map(v -> new HeaderShares(text.substring(0, eq).trim(), v));
    }

    /** What {@link #parse} reads back. */
    @Override
    public String toString() {
        return name + "=" + values;
    }
}
