package io.amqpharness.cli;

import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.DataSize;
import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.ExitWhen;
import io.amqpharness.scenario.RateStep;
import io.amqpharness.scenario.SizeStep;
import io.amqpharness.scenario.Step;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.scenario.TypedArguments;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.Durations;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.StreamOffset;
import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli converters whose errors say what was wrong and show a valid value. */
final class Converters {
    private Converters() {
    }

    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return Durations.parse(value).orElseThrow(() -> new TypeConversionException(
                    "'" + value + "' is not a duration; use for example 10s, 500ms, 5m or 1h"));
        }
    }

    static final class DurationRangeConverter implements ITypeConverter<DurationRange> {
        @Override
        public DurationRange convert(String value) {
            return DurationRange.parse(value).orElseThrow(() -> new TypeConversionException(
                    "'" + value + "' is not a duration or a range; use for example 5ms or 1ms-5ms"));
        }
    }

    static final class SizeConverter implements ITypeConverter<DataSize> {
        @Override
        public DataSize convert(String value) {
            return DataSize.parse(value).orElseThrow(() -> new TypeConversionException(
                    "'" + value + "' is not a size; use for example 12, 1000, 4kb or 1mb"));
        }
    }

    static final class QueueTypeConverter implements ITypeConverter<QueueType> {
        @Override
        public QueueType convert(String value) {
            try {
                return QueueType.valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not a queue type; use classic, quorum or stream");
            }
        }
    }

    static final class FlagConverter implements ITypeConverter<MessageFlag> {
        @Override
        public MessageFlag convert(String value) {
            try {
                return MessageFlag.valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not a flag; use persistent or mandatory");
            }
        }
    }

    static final class StreamOffsetConverter implements ITypeConverter<StreamOffset> {
        @Override
        public StreamOffset convert(String value) {
            return StreamOffset.parse(value).orElseThrow(() -> new TypeConversionException(
                    "'" + value + "' is not a stream offset; use " + StreamOffset.EXAMPLES));
        }
    }

    static final class AddressFormatConverter implements ITypeConverter<AddressFormat> {
        @Override
        public AddressFormat convert(String value) {
            try {
                return AddressFormat.valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not an address format; use auto, v1 or v2");
            }
        }
    }

    static final class ClockConverter implements ITypeConverter<ClockMode> {
        @Override
        public ClockMode convert(String value) {
            try {
                return ClockMode.valueOf(value.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not a clock; use monotonic, wall or wall-millis");
            }
        }
    }

    static final class ExchangeTypeConverter implements ITypeConverter<ExchangeType> {
        @Override
        public ExchangeType convert(String value) {
            try {
                return ExchangeType.valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not an exchange type; use direct, fanout, topic "
                        + "or headers");
            }
        }
    }

    static final class ExitWhenConverter implements ITypeConverter<ExitWhen> {
        @Override
        public ExitWhen convert(String value) {
            try {
                return ExitWhen.valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not a condition; use empty or idle");
            }
        }
    }

    static final class ArgumentsConverter implements ITypeConverter<KeyValues> {
        @Override
        public KeyValues convert(String value) {
            return TypedArguments.parse(value).map(KeyValues::new).orElseThrow(() -> new TypeConversionException(
                    "'" + value + "' is not a list of key=value pairs; use for example x-max-length=1000,x-overflow=drop-head"));
        }
    }

    static final class RateStepsConverter implements ITypeConverter<Steps.Rates> {
        @Override
        public Steps.Rates convert(String value) {
            return RateStep.parseList(value).map(Steps.Rates::new).orElseThrow(() -> new TypeConversionException(
                    "'" + value + "' is not a list of RATE:DURATION steps; use for example 100:60s,1000:10s"));
        }
    }

    static final class SizeStepsConverter implements ITypeConverter<Steps.Sizes> {
        @Override
        public Steps.Sizes convert(String value) {
            return SizeStep.parseList(value).map(Steps.Sizes::new).orElseThrow(() -> new TypeConversionException(
                    "'" + value + "' is not a list of SIZE:DURATION steps; use for example 1000:30s,10kb:30s"));
        }
    }

    static final class StepConverter implements ITypeConverter<Step> {
        @Override
        public Step convert(String value) {
            return Step.parse(value).orElseThrow(() -> new TypeConversionException("'" + value + "' is not a step; use "
                    + "NAME=V1,V2,... with NAME one of " + StepSetting.keys() + ", for example confirm=1,5,20,200"));
        }
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

    static final class RateConverter implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            try {
                double d = Double.parseDouble(value.trim());
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    throw new NumberFormatException();
                }
                return d;
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a rate; use messages per second such as "
                        + "1000 or 0.5");
            }
        }
    }
}
