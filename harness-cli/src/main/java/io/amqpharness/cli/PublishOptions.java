package io.amqpharness.cli;

import io.amqpharness.scenario.DataSize;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Publishing options. */
final class PublishOptions {
    @Option(names = {"-x", "--producers"}, paramLabel = "N",
            description = "Publisher connections (default 1), each with -X publishers.")
    Integer producers;

    @Option(names = {"-X", "--producer-channel-count"}, paramLabel = "N",
            description = "Publishers (channels, or AMQP 1.0 links) per publisher connection (default 1).")
    Integer producerChannels;

    @Option(names = {"-s", "--size"}, paramLabel = "SIZE", converter = Converters.SizeConverter.class,
            description = "Body size in bytes, at least 12: 12, 1000, 4kb (default 12).")
    DataSize size;

    @Option(names = "--variable-size", paramLabel = "SIZE:DURATION[,...]", converter = Converters.SizeStepsConverter.class,
            description = "Body sizes that follow each other and repeat, e.g. 1000:30s,10kb:30s.")
    List<Steps.Sizes> variableSize = new ArrayList<>();

    @Option(names = {"-r", "--rate"}, paramLabel = "MSG/S", converter = Converters.RateConverter.class,
            description = "Intended rate per publisher; latency is measured from the intended send time. "
                    + "Fractions allowed, 0 = idle publisher (default unpaced: as fast as possible).")
    Double rate;

    @Option(names = "--total-rate", paramLabel = "MSG/S", converter = Converters.RateConverter.class,
            description = "Intended rate over all publishers, split evenly between them.")
    Double totalRate;

    @Option(names = "--variable-rate", paramLabel = "RATE:DURATION[,...]", converter = Converters.RateStepsConverter.class,
            description = "Per-publisher rates that follow each other and repeat, e.g. 100:60s,1000:10s "
                    + "(a bare number of seconds works too); 0 pauses.")
    List<Steps.Rates> variableRate = new ArrayList<>();

    @Option(names = {"-C", "--pmessages"}, paramLabel = "N", description = "Messages per publisher, then stop.")
    Long producerMessages;

    @Option(names = {"-c", "--confirm"}, paramLabel = "N",
            description = "Publisher confirms with at most N unconfirmed messages per publisher (default off).")
    Integer confirm;

    @Option(names = "--confirm-timeout", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "Count a message as timed out when unconfirmed this long (default 30s).")
    Duration confirmTimeout;

    @Option(names = "--tx-size", paramLabel = "N",
            description = "AMQP 0.9.1 transactions: commit every N messages (the commit counts as the confirm).")
    Integer txSize;

    @Option(names = {"-f", "--flag"}, paramLabel = "FLAG", converter = Converters.FlagConverter.class,
            description = "persistent and/or mandatory; repeat the option for both.")
    List<MessageFlag> flags = new ArrayList<>();

    @Option(names = "--message-properties", paramLabel = "K=V[,K=V...]", converter = Converters.ArgumentsConverter.class,
            description = "Message properties: contentType, contentEncoding, priority, expiration (a duration), type.")
    KeyValues properties;

    @Option(names = "--message-headers", paramLabel = "K=V[,K=V...]", converter = Converters.ArgumentsConverter.class,
            description = "Message headers (AMQP 1.0: application properties); numbers and true/false are typed.")
    KeyValues headers;

    @Option(names = "--producer-random-start-delay", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "Each publisher starts after a random delay up to this long (default: all together).")
    Duration randomStartDelay;

    void applyTo(Scenario.Builder b) {
        if (producers != null) b.producers(producers);
        if (producerChannels != null) b.producerChannelCount(producerChannels);
        if (size != null) b.size(size.bytes());
        if (!variableSize.isEmpty()) b.variableSize(variableSize.stream().flatMap(v -> v.steps().stream()).toList());
        if (rate != null) b.rate(rate);
        if (totalRate != null) b.totalRate(totalRate);
        if (!variableRate.isEmpty()) b.variableRate(variableRate.stream().flatMap(v -> v.steps().stream()).toList());
        if (producerMessages != null) b.producerMessageCount(producerMessages);
        if (confirm != null) b.confirm(confirm);
        if (confirmTimeout != null) b.confirmTimeout(confirmTimeout);
        if (txSize != null) b.txSize(txSize);
        flags.forEach(b::flag);
        if (properties != null) MessagePropertyOptions.apply(properties.values(), b);
        if (headers != null) headers.values().forEach(b::messageHeader);
        if (randomStartDelay != null) b.producerRandomStartDelay(randomStartDelay);
    }
}
