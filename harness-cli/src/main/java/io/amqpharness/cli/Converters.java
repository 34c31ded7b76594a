package io.amqpharness.cli;

import io.amqpharness.scenario.ValueType;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters of the sweep's own options, whose errors say what was wrong and show a valid
 * value. The run options' values are converted as their {@link io.amqpharness.scenario.ValueType}s say.
 */
final class Converters {
    private Converters() {
    }

    static final class VaryConverter implements ITypeConverter<SweepCommand.Vary> {
        @Override
        public SweepCommand.Vary convert(String value) {
            int eq = value.indexOf('=');
            if (eq <= 0 || eq == value.length() - 1) {
                throw new TypeConversionException("'" + value + "' is not OPTION=V1,V2,...; for example rate=100,1000,10000");
            }
            java.util.List<String> values = java.util.Arrays.stream(value.substring(eq + 1).split(","))
                    .map(String::trim).filter(v -> !v.isEmpty()).toList();
            java.util.List<String> options = java.util.Arrays.stream(value.substring(0, eq).split("\\+"))
                    .map(o -> o.trim().replaceFirst("^-+", "")).filter(o -> !o.isEmpty()).toList();
            return new SweepCommand.Vary(options, values);
        }
    }

    static final class VariantConverter implements ITypeConverter<SweepCommand.Variant> {
        @Override
        public SweepCommand.Variant convert(String value) {
            int eq = value.indexOf('=');
            if (eq <= 0) {
                throw new TypeConversionException("'" + value + "' is not LABEL=OPTIONS; for example durable='-f persistent'");
            }
            String options = value.substring(eq + 1).trim();
            java.util.List<String> args = options.isEmpty() ? java.util.List.of()
                    : java.util.List.of(options.split("\\s+"));
            return new SweepCommand.Variant(value.substring(0, eq).trim(), args);
        }
    }

    /** A duration such as {@code 50ms} or {@code 10s}, through the same parser as the run options. */
    static final class DurationConverter implements ITypeConverter<java.time.Duration> {
        @Override
        public java.time.Duration convert(String value) {
            return ValueType.DURATION.parse(value).filter(d -> !d.isNegative() && !d.isZero())
                    .orElseThrow(() -> new TypeConversionException("'" + value + "' is not a positive duration; use "
                            + "for example 50ms, 10s or 1m"));
        }
    }

    /** Messages per second, above 0. */
    static final class RateConverter implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return ValueType.RATE.parse(value).filter(r -> r > 0)
                    .orElseThrow(() -> new TypeConversionException("'" + value + "' is not a rate above 0; use "
                            + "messages per second such as 1000 or 0.5"));
        }
    }
}
