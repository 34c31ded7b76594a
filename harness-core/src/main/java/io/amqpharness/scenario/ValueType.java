package io.amqpharness.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How the value of one option is written on the command line: how it is read from text, how it
 * is written back, and the sentence for text that is not such a value. Immutable.
 *
 * <p>Whole numbers, decimals and plain text are {@linkplain #builtIn() left to the command-line
 * parser}, whose messages users already see ({@code 'x' is not an int}).
 *
 * @param <T> the Java type of the value
 */
public final class ValueType<T> {
    private final Class<?> javaType;
    private final boolean builtIn;
    private final Function<String, Optional<T>> parse;
    private final Function<T, String> format;
    private final Function<String, String> problem;

    private ValueType(Class<?> javaType, boolean builtIn, Function<String, Optional<T>> parse,
                      Function<T, String> format, Function<String, String> problem) {
        this.javaType = javaType;
        this.builtIn = builtIn;
        this.parse = parse;
        this.format = format;
        this.problem = problem;
    }

    public static final ValueType<Integer> INT = builtIn(Integer.class, Integer::valueOf, String::valueOf);
    public static final ValueType<Long> LONG = builtIn(Long.class, Long::valueOf, String::valueOf);
    /** A decimal, written without a trailing {@code .0}: {@code 5}, {@code 12.5}. */
    public static final ValueType<Double> DECIMAL = builtIn(Double.class, Double::valueOf, ValueType::number);
    public static final ValueType<String> TEXT = builtIn(String.class, s -> s, s -> s);
    /** A switch: present or not, no value. */
    public static final ValueType<Boolean> SWITCH = builtIn(Boolean.class, Boolean::valueOf, String::valueOf);

    /** A rate per second (messages, or connections for {@code --churn-rate}), a finite decimal: {@code 1000}, {@code 0.5}. */
    public static final ValueType<Double> RATE = of(Double.class, ValueType::finite, ValueType::number,
            "'%s' is not a rate; use a number per second such as 1000 or 0.5");
    public static final ValueType<Duration> DURATION = of(Duration.class, Durations::parse, Durations::format,
            "'%s' is not a duration; use for example 10s, 500ms, 5m or 1h");
    public static final ValueType<DurationRange> DURATION_RANGE = of(DurationRange.class, DurationRange::parse,
            DurationRange::toString, "'%s' is not a duration or a range; use for example 5ms or 1ms-5ms");
    /** A size in bytes, written {@code 12}, {@code 1000}, {@code 4kb}, {@code 1mb}. */
    public static final ValueType<Long> SIZE = of(Long.class, s -> DataSize.parse(s).map(DataSize::bytes),
            String::valueOf, "'%s' is not a size; use for example 12, 1000, 4kb or 1mb");
    /** One body size, or sizes with their shares of the messages ({@code 100:50%,1kb:40%,64kb:10%}). */
    public static final ValueType<SizeMix> SIZE_MIX = of(SizeMix.class, SizeMix::parse, SizeMix::toString,
            "'%s' is not a size or a list of distinct SIZE:PERCENT%% shares; use for example 1000 or "
                    + "100:50%%,1kb:40%%,64kb:10%%");
    /** {@code --routing-keys}: keys with their shares, a {@code {FROM..TO}} range making several keys. */
    public static final ValueType<Shares<String>> KEY_SHARES = of(Shares.class,
            s -> Shares.parse(s, MessageShape::expandKey), Shares::toString,
            "'%s' is not a list of distinct KEY:PERCENT%% shares; use for example a.b:70%%,a.c:30%% or orders.{1..10}");
    /** {@code --priority}: priorities with their shares. */
    public static final ValueType<Shares<Integer>> PRIORITY_SHARES = of(Shares.class,
            s -> Shares.parse(s, Shares.single(v -> Optional.of(Integer.valueOf(v.trim())))), Shares::toString,
            "'%s' is not a priority or a list of distinct PRIORITY:PERCENT%% shares; use for example 5 or "
                    + "0:80%%,5:15%%,9:5%%");
    /** {@code --message-ttl}: TTLs with their shares. */
    public static final ValueType<Shares<Duration>> TTL_SHARES = of(Shares.class,
            s -> Shares.parse(s, Shares.single(Durations::parse)), s -> s.format(Durations::format),
            "'%s' is not a duration or a list of distinct DURATION:PERCENT%% shares; use for example 60s or "
                    + "1s:90%%,100ms:10%%");
    /** {@code --header}: one header's values with their shares. */
    public static final ValueType<HeaderShares> HEADER_SHARES = of(HeaderShares.class, HeaderShares::parse,
            HeaderShares::toString, "'%s' is not NAME=VALUE:PERCENT%%[,VALUE:PERCENT%%...]; use for example "
                    + "region=eu:50%%,us:50%%");
    /** Names separated by commas. */
    public static final ValueType<List<String>> NAMES = of(String.class, ValueType::names,
            n -> String.join(",", n), "'%s' is not a list of names");
    /** {@code key=value,...}, typed as {@link TypedArguments} does. */
    public static final ValueType<Map<String, Object>> KEY_VALUES = of(Map.class, TypedArguments::parse,
            TypedArguments::format, "'%s' is not a list of key=value pairs; use for example "
                    + "x-max-length=1000,x-overflow=drop-head");
    public static final ValueType<List<RateStep>> RATE_STEPS = of(List.class, RateStep::parseList,
            l -> l.stream().map(RateStep::toString).collect(Collectors.joining(",")),
            "'%s' is not a list of RATE:DURATION steps; use for example 100:60s,1000:10s");
    public static final ValueType<List<SizeStep>> SIZE_STEPS = of(List.class, SizeStep::parseList,
            l -> l.stream().map(SizeStep::toString).collect(Collectors.joining(",")),
            "'%s' is not a list of SIZE:DURATION steps; use for example 1000:30s,10kb:30s");
    // The message names StepSetting's keys only when needed: StepSetting refers to Setting, which uses this class.
    public static final ValueType<Step> STEP = new ValueType<>(Step.class, false, Step::parse, Step::toString,
            t -> "'" + t + "' is not a step; use NAME=V1,V2,... with NAME one of " + StepSetting.keys()
                    + ", for example confirm=1,5,20,200");
    /** A pass/fail gate, {@code e2e.p99>20ms}; the message says what is wrong with the text. */
    public static final ValueType<Gate> GATE = new ValueType<>(Gate.class, false, Gate::parse, Gate::toString,
            t -> "'" + t + "' is not a gate: " + Gate.problem(t).orElse("it cannot be read"));
    public static final ValueType<StreamOffset> STREAM_OFFSET = of(StreamOffset.class, StreamOffset::parse,
            StreamOffset::toString, "'%s' is not a stream offset; use " + StreamOffset.EXAMPLES);
    public static final ValueType<QueueType> QUEUE_TYPE = choice(QueueType.class,
            "'%s' is not a queue type; use classic, quorum or stream");
    public static final ValueType<ExchangeType> EXCHANGE_TYPE = choice(ExchangeType.class,
            "'%s' is not an exchange type; use direct, fanout, topic or headers");
    public static final ValueType<MessageFlag> FLAG = choice(MessageFlag.class,
            "'%s' is not a flag; use persistent or mandatory");
    public static final ValueType<AddressFormat> ADDRESS_FORMAT = choice(AddressFormat.class,
            "'%s' is not an address format; use auto, v1 or v2");
    public static final ValueType<ClockMode> CLOCK = choice(ClockMode.class,
            "'%s' is not a clock; use monotonic, wall or wall-millis");
    public static final ValueType<ReplyMode> REPLY_MODE = choice(ReplyMode.class,
            "'%s' is not a reply path; use queue or direct");
    public static final ValueType<ExitWhen> EXIT_WHEN = choice(ExitWhen.class,
            "'%s' is not a condition; use empty or idle");
    /** {@code --backlog}: messages ({@code 100000}) or bytes of bodies ({@code 50mb}). */
    public static final ValueType<BacklogSize> BACKLOG = of(BacklogSize.class, BacklogSize::parse,
            BacklogSize::toString, "'%s' is not a backlog; use a number of messages above 0 such as 100000 or a "
                    + "size such as 50mb");
    public static final ValueType<BacklogThen> BACKLOG_THEN = choice(BacklogThen.class,
            "'%s' is not what publishers do during the drain; use drain or keep-publishing");
    public static final ValueType<RecoveryMode> RECOVERY = choice(RecoveryMode.class,
            "'%s' is not a recovery mode; use auto, on or off");
    /** {@code --compression} of the stream protocol's sub-entries. */
    public static final ValueType<StreamSettings.Compression> COMPRESSION = of(StreamSettings.Compression.class,
            StreamSettings.Compression::parse, StreamSettings.Compression::toString,
            "'%s' is not a compression; use none, gzip, snappy, lz4 or zstd");

    /** {@code --start-at}: an ISO-8601 instant or a local time of day {@code HH:MM:SS}. */
    public static final ValueType<StartTime> START_TIME = of(StartTime.class, StartTime::parse, StartTime::toString,
            "'%s' is not a start time; use an ISO-8601 instant such as 2026-11-23T15:00:00Z or a local time "
                    + "of day such as 15:00:00");

    /** The value {@code text} stands for, if it is one. */
    public Optional<T> parse(String text) {
        try {
            return parse.apply(text);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The text that {@link #parse(String)} reads back as {@code value}. */
    public String format(T value) {
        return format.apply(value);
    }

    /** The sentence (without its final period) for text that is not a value of this type. */
    public String problem(String text) {
        return problem.apply(text);
    }

    /** The class the command-line parser sees; a collection or map class means one composite value. */
    public Class<?> javaType() {
        return javaType;
    }

    /** True if the command-line parser converts this type itself, with its own messages. */
    public boolean builtIn() {
        return builtIn;
    }

    private static <T> ValueType<T> builtIn(Class<T> type, Function<String, T> parse, Function<T, String> format) {
        return new ValueType<>(type, true, s -> Optional.of(parse.apply(s.trim())), format, s -> "'" + s + "' is not valid");
    }

    private static <T> ValueType<T> of(Class<?> type, Function<String, Optional<T>> parse, Function<T, String> format,
                                       String problem) {
        return new ValueType<>(type, false, parse, format, s -> String.format(Locale.ROOT, problem, s));
    }

    /** An enum written in lower case, {@code -} for {@code _}: {@code wall-millis}. */
    private static <E extends Enum<E>> ValueType<E> choice(Class<E> type, String problem) {
        return of(type, s -> Optional.of(Enum.valueOf(type, s.trim().toUpperCase(Locale.ROOT).replace('-', '_'))),
                e -> e.name().toLowerCase(Locale.ROOT).replace('_', '-'), problem);
    }

    private static Optional<Double> finite(String text) {
        double d = Double.parseDouble(text.trim());
        return Double.isNaN(d) || Double.isInfinite(d) ? Optional.empty() : Optional.of(d);
    }

    private static Optional<List<String>> names(String text) {
        return Optional.of(java.util.Arrays.stream(text.split(",")).map(String::trim).toList());
    }

    /** {@code 200} or {@code 12.5}. */
    static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
