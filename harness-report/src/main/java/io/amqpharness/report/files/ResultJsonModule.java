package io.amqpharness.report.files;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.amqpharness.broker.BrokerSample;
import io.amqpharness.broker.CrossCheck;
import io.amqpharness.measure.LatencySummary;
import io.amqpharness.measure.Metric;
import io.amqpharness.run.GateVerdict;
import io.amqpharness.run.IntervalStats;
import io.amqpharness.run.LatencyHistograms;
import io.amqpharness.run.RunResult;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.Gate;
import io.amqpharness.scenario.MessageProperties;
import io.amqpharness.scenario.QueueSelection;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StreamOffset;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * How result types become JSON. Records are serialised by Jackson as they are (so a field added
 * to {@link RunResult} or a count added to {@code CountSnapshot} appears without changes here);
 * this module only covers what Jackson cannot guess: durations as integer nanoseconds, enums as
 * lowerCamelCase ids, the scenario (with the password left out), broker addresses, stream
 * offsets, and the latency histograms as percentile points plus the exact encoded histogram.
 */
final class ResultJsonModule extends SimpleModule {
    private static final long serialVersionUID = 1L;
    /** Percentile ticks per half distance to 100 %: the resolution of the distribution curve. */
    static final int PERCENTILE_TICKS = 5;

    ResultJsonModule() {
        super("amqp-harness-result");
        addSerializer(Duration.class, new DurationNanos());
        addSerializer(Enum.class, new EnumId());
        addKeySerializer(Enum.class, new EnumKeyId());
        addSerializer(BrokerUri.class, new RedactedUri());
        addSerializer(Scenario.class, new ScenarioJson());
        addSerializer(StreamOffset.class, ToStringSerializer.instance);
        addSerializer(Gate.class, ToStringSerializer.instance);
        addSerializer(QueueSelection.class, new QueueSelectionJson());
        setMixInAnnotation(MessageProperties.class, MessagePropertiesMixin.class);
        addSerializer(LatencyHistograms.class, new HistogramsJson());
        setMixInAnnotation(LatencySummary.class, LatencySummaryMixin.class);
        setMixInAnnotation(IntervalStats.class, IntervalStatsMixin.class);
        setMixInAnnotation(RunResult.class, RunResultMixin.class);
        setMixInAnnotation(BrokerSample.class, BrokerSampleMixin.class);
        setMixInAnnotation(CrossCheck.class, CrossCheckMixin.class);
        setMixInAnnotation(io.amqpharness.run.ConnectionStats.class, ConnectionStatsMixin.class);
        setMixInAnnotation(io.amqpharness.run.ConnectionStats.Churn.class, ChurnMixin.class);
    }

    private abstract static class ConnectionStatsMixin {
        @JsonProperty("openedPerSecond")
        abstract double openedPerSecond();
    }

    private abstract static class ChurnMixin {
        @JsonProperty("opensPerSecond")
        abstract double opensPerSecond();
    }

    /** {@code END_TO_END} as {@code endToEnd}, {@code CLASSIC} as {@code classic}. */
    static String id(Enum<?> e) {
        String[] words = e.name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder b = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            if (!words[i].isEmpty()) {
                b.append(Character.toUpperCase(words[i].charAt(0))).append(words[i], 1, words[i].length());
            }
        }
        return b.toString();
    }

    /** The JSON key of a metric: {@code endToEnd}, {@code confirm}, {@code publishDelay}. */
    static String id(Metric m) {
        return id((Enum<?>) m);
    }

    private static final class DurationNanos extends JsonSerializer<Duration> {
        @Override
        public void serialize(Duration d, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeNumber(d.toNanos());
        }
    }

    @SuppressWarnings("rawtypes")
    private static final class EnumId extends JsonSerializer<Enum> {
        @Override
        public void serialize(Enum e, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeString(id((Enum<?>) e));
        }
    }

    @SuppressWarnings("rawtypes")
    private static final class EnumKeyId extends JsonSerializer<Enum> {
        @Override
        public void serialize(Enum e, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeFieldName(id((Enum<?>) e));
        }
    }

    private static final class RedactedUri extends JsonSerializer<BrokerUri> {
        @Override
        public void serialize(BrokerUri u, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeString(u.redacted());
        }
    }

    /** The settings records as they are, plus the command line that reproduces them. */
    private static final class ScenarioJson extends JsonSerializer<Scenario> {
        @Override
        public void serialize(Scenario s, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeStartObject();
            p.defaultSerializeField("arguments", s.toArguments(), g);
            p.defaultSerializeField("uri", s.uri(), g);
            g.writeStringField("protocol", s.protocol());
            p.defaultSerializeField("publishing", s.publishing(), g);
            p.defaultSerializeField("consuming", s.consuming(), g);
            p.defaultSerializeField("topology", s.topology(), g);
            p.defaultSerializeField("run", s.run(), g);
            io.amqpharness.scenario.Coordination c = s.coordination();
            g.writeObjectFieldStart("coordination");
            g.writeStringField("instance", c.instance().orElse(null));
            g.writeStringField("startAt", c.startAt().map(Object::toString).orElse(null));
            if (c.barrier().isPresent()) {
                g.writeNumberField("barrier", c.barrier().getAsInt());
            } else {
                g.writeNullField("barrier");
            }
            // Only with a barrier: the default name means nothing without one.
            g.writeStringField("barrierName", c.barrier().isPresent() ? c.barrierName() : null);
            g.writeNumberField("barrierTimeout", c.barrierTimeout().toNanos());
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    /**
     * Per metric: the count, the percentile curve (as HdrHistogram's percentile distribution
     * output) and the whole histogram, compressed and base64-encoded, for exact re-analysis.
     */
    private static final class HistogramsJson extends JsonSerializer<LatencyHistograms> {
        @Override
        public void serialize(LatencyHistograms hs, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeStartObject();
            for (Metric m : Metric.values()) {
                Histogram h = hs.histogram(m);
                g.writeObjectFieldStart(id(m));
                g.writeNumberField("count", h.getTotalCount());
                g.writeArrayFieldStart("percentiles");
                if (h.getTotalCount() > 0) {
                    for (HistogramIterationValue v : h.percentiles(PERCENTILE_TICKS)) {
                        g.writeStartObject();
                        g.writeNumberField("percentile", v.getPercentileLevelIteratedTo());
                        g.writeNumberField("value", h.highestEquivalentValue(v.getValueIteratedTo()));
                        g.writeEndObject();
                    }
                }
                g.writeEndArray();
                g.writeStringField("encoded", encode(h));
                g.writeEndObject();
            }
            g.writeEndObject();
        }

        private static String encode(Histogram h) {
            ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
            int length = h.encodeIntoCompressedByteBuffer(buffer);
            byte[] bytes = new byte[length];
            buffer.flip();
            buffer.get(bytes);
            return Base64.getEncoder().encodeToString(bytes);
        }
    }

    @JsonIgnoreProperties({"empty"})
    private abstract static class LatencySummaryMixin {
    }

    @JsonIgnoreProperties({"empty"})
    private abstract static class MessagePropertiesMixin {
    }

    /** One shape for every kind of queue selection: absent parts are null. */
    private static final class QueueSelectionJson extends JsonSerializer<QueueSelection> {
        @Override
        public void serialize(QueueSelection q, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeStartObject();
            if (q instanceof QueueSelection.Named n) {
                g.writeStringField("kind", "named");
                p.defaultSerializeField("names", n.queues(), g);
            } else {
                g.writeStringField("kind", q instanceof QueueSelection.Pattern ? "pattern" : "generated");
                g.writeNullField("names");
            }
            if (q instanceof QueueSelection.Pattern pt) {
                g.writeStringField("pattern", pt.pattern());
                g.writeNumberField("from", pt.from());
                g.writeNumberField("to", pt.to());
            } else {
                g.writeNullField("pattern");
                g.writeNullField("from");
                g.writeNullField("to");
            }
            g.writeEndObject();
        }
    }

    private abstract static class IntervalStatsMixin {
        @JsonProperty("sentPerSecond")
        abstract double sentPerSecond();

        @JsonProperty("confirmedPerSecond")
        abstract double confirmedPerSecond();

        @JsonProperty("receivedPerSecond")
        abstract double receivedPerSecond();
    }

    /** The sums over the run's queues and nodes, beside the per-queue and per-node values. */
    private abstract static class BrokerSampleMixin {
        @JsonProperty("ready")
        abstract java.util.OptionalLong ready();

        @JsonProperty("unacked")
        abstract java.util.OptionalLong unacked();

        @JsonProperty("depth")
        abstract java.util.OptionalLong depth();

        @JsonProperty("published")
        abstract java.util.OptionalLong published();

        @JsonProperty("delivered")
        abstract java.util.OptionalLong delivered();

        @JsonProperty("memoryBytes")
        abstract java.util.OptionalLong memoryBytes();

        @JsonProperty("alarms")
        abstract java.util.List<String> alarms();
    }

    private abstract static class CrossCheckMixin {
        @JsonProperty("agrees")
        abstract boolean agrees();

        @JsonProperty("verdict")
        abstract CrossCheck.Verdict verdict();
    }

    private abstract static class RunResultMixin {
        @JsonProperty("unaccountedPublished")
        abstract long unaccountedPublished();

        @JsonProperty("failed")
        abstract boolean failed();

        @JsonProperty("interruptedAfter")
        abstract java.util.Optional<String> interruptedAfter();
        @JsonProperty("gates")
        abstract List<GateVerdict> gates();
    }
}
