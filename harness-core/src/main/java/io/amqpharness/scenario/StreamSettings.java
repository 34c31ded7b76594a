package io.amqpharness.scenario;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Publishing settings of the RabbitMQ stream protocol ({@code --protocol stream}); the other
 * protocols have no use for them. Part of a validated {@link Scenario}.
 *
 * @param batchSize    most messages the stream client puts in one publish frame; default
 *                     {@link #DEFAULT_BATCH_SIZE} (100, as stream-perf-test)
 * @param subEntrySize messages per sub-entry (one stream entry holding several messages, compressed
 *                     together); 1 (default) means no sub-entry batching
 * @param compression  how sub-entries are compressed; {@link Compression#NONE} by default
 * @param singleActiveConsumer the consumers of each stream (or super stream partition) form one
 *                     single-active-consumer group: one of them receives at a time; default false
 * @param superStreamPartitions partitions of the super stream the run reads and writes instead of
 *                     plain streams; empty (default) for plain streams
 * @param publisherFilterValues filter values publishers tag their messages with, publisher
 *                     {@code i} taking value {@code i} modulo their count (stream filtering,
 *                     RabbitMQ 3.13+); empty (default) for none
 * @param consumerFilterValues filter values consumers ask the broker for: they receive only
 *                     messages tagged with one of them; empty (default) for every message
 * @param producerNames template of the publishers' producer names ({@code %s} the stream, {@code %i}
 *                     the instance, {@code %d} the publisher's number): a named producer's publishing
 *                     ids are deduplicated by the broker; empty (default) for unnamed producers
 */
public record StreamSettings(
        @FilledFrom(Setting.BATCH_SIZE) int batchSize,
        @FilledFrom(Setting.SUB_ENTRY_SIZE) int subEntrySize,
        @FilledFrom(Setting.COMPRESSION) Compression compression,
        @FilledFrom(Setting.SINGLE_ACTIVE_CONSUMER) boolean singleActiveConsumer,
        @FilledFrom(Setting.SUPER_STREAM) OptionalInt superStreamPartitions,
        @FilledFrom(Setting.FILTER_VALUE) List<String> publisherFilterValues,
        @FilledFrom(Setting.FILTER_VALUES) List<String> consumerFilterValues,
        @FilledFrom(Setting.PRODUCER_NAMES) Optional<String> producerNames) {
    /** Messages per publish frame when none is given: 100. */
    public static final int DEFAULT_BATCH_SIZE = 100;
    /** The defaults: batches of 100, no sub-entries, no compression. */
    public static final StreamSettings DEFAULT = new StreamSettings(DEFAULT_BATCH_SIZE, 1, Compression.NONE);
    /** The placeholder of {@code --producer-names} for this instance's name ({@code --instance}). */
    public static final String INSTANCE_PLACEHOLDER = "%i";
    /** The application property that carries a message's filter value, for the consumers' check. */
    public static final String FILTER_PROPERTY = "harness-filter";

    public StreamSettings {
        publisherFilterValues = List.copyOf(publisherFilterValues);
        consumerFilterValues = List.copyOf(consumerFilterValues);
    }

    /** Batching only: no single active consumer, no super stream, no filtering. */
    public StreamSettings(int batchSize, int subEntrySize, Compression compression) {
        this(batchSize, subEntrySize, compression, false, OptionalInt.empty(), List.of(), List.of(), Optional.empty());
    }

    /**
     * The producer name of publisher {@code index} on {@code stream}, if producers are named: the
     * template with {@code %s} replaced by the stream, {@code %i} by {@code instance} and {@code %d} by
     * the index.
     *
     * @param instance this instance's name ({@link Coordination#instanceId()})
     */
    public Optional<String> producerNameOf(String stream, int index, String instance) {
        return producerNames.map(t -> t.replace("%s", stream).replace(INSTANCE_PLACEHOLDER, instance)
                .replace("%d", Integer.toString(index)));
    }

    /**
     * True when a template names producers alike in every instance of a workload: it lacks
     * {@link #INSTANCE_PLACEHOLDER}. Instances that publish on one stream under one name have the
     * broker drop one's messages as the other's duplicates, confirmed all the same.
     */
    public static boolean namesAlikeAcrossInstances(String template) {
        return !template.contains(INSTANCE_PLACEHOLDER);
    }

    /** The filter value of publisher {@code index}, if publishers tag their messages. */
    public Optional<String> filterValueOf(int index) {
        return publisherFilterValues.isEmpty() ? Optional.empty()
                : Optional.of(publisherFilterValues.get(index % publisherFilterValues.size()));
    }

    /**
     * True when every consumer receives every message: no filtering, or consumers ask for every
     * value publishers tag with.
     */
    public boolean consumersSeeEverything() {
        return consumerFilterValues.isEmpty() || consumerFilterValues.containsAll(publisherFilterValues)
                && !publisherFilterValues.isEmpty();
    }

    /**
     * Sub-entry compression: {@code none}, {@code gzip}, {@code snappy} and {@code lz4} (framed,
     * through commons-compress, in pure Java), {@code zstd} (through zstd-jni, whose native
     * libraries the harness bundles for common platforms).
     */
    public enum Compression {
        NONE, GZIP, SNAPPY, LZ4, ZSTD;

        /** Parses {@code none}, {@code gzip}, {@code snappy}, {@code lz4} or {@code zstd}. */
        public static Optional<Compression> parse(String text) {
            for (Compression c : values()) {
                if (c.toString().equals(text.trim().toLowerCase(Locale.ROOT))) {
                    return Optional.of(c);
                }
            }
            return Optional.empty();
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
