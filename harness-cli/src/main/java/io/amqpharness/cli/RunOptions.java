package io.amqpharness.cli;

import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.DataSize;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.Setting;
import io.amqpharness.scenario.StreamOffset;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The options that describe a run, named as PerfTest users know them where the meaning is the
 * same. Every field stays {@code null} unless given, so the {@link Scenario.Builder}'s defaults
 * (documented there and in {@code docs/options.md}) apply.
 */
final class RunOptions {

    @ArgGroup(validate = false, heading = "%nConnection%n")
    Connection connection = new Connection();

    @ArgGroup(validate = false, heading = "%nTopology%n")
    Topology topology = new Topology();

    @ArgGroup(validate = false, heading = "%nPublishing%n")
    Publishing publishing = new Publishing();

    @ArgGroup(validate = false, heading = "%nConsuming%n")
    Consuming consuming = new Consuming();

    @ArgGroup(validate = false, heading = "%nRun control and output%n")
    Control control = new Control();

    static final class Connection {
        @Option(names = "--uri", paramLabel = "URI",
                description = "Broker address, amqp[s]://user:pass@host:port/vhost (default amqp://localhost:5672).")
        String uri;

        @Option(names = "--protocol", paramLabel = "ID",
                description = "Protocol driver: amqp091 (default) or amqp10.")
        String protocol;

        @Option(names = "--address-format", paramLabel = "FORMAT", converter = Converters.AddressFormatConverter.class,
                description = "AMQP 1.0 addresses: auto (default: v1 on RabbitMQ 3.x, v2 on 4.x), v1 "
                        + "(/amq/queue/Q, /exchange/X/RK) or v2 (/queues/Q, /exchanges/X/RK).")
        AddressFormat addressFormat;
    }

    static final class Topology {
        @Option(names = "--queue-type", paramLabel = "TYPE", converter = Converters.QueueTypeConverter.class,
                description = "classic (default), quorum or stream.")
        QueueType queueType;

        @Option(names = {"-u", "--queue"}, paramLabel = "NAME",
                description = "Queue name (default harness-<run id>, deleted at the end).")
        String queue;

        @Option(names = {"-e", "--exchange"}, paramLabel = "NAME",
                description = "Exchange to publish to; amq.default (default) is the default exchange. "
                        + "Declared as a direct exchange and bound to the queue if it does not exist.")
        String exchange;

        @Option(names = {"-k", "--routing-key"}, paramLabel = "KEY",
                description = "Routing and binding key (default the queue name).")
        String routingKey;

        @Option(names = {"-p", "--predeclared"}, description = "Use existing topology: declare and delete nothing.")
        Boolean predeclared;

        @Option(names = "--keep-topology", description = "Keep the queue and exchange the run declared.")
        Boolean keepTopology;
    }

    static final class Publishing {
        @Option(names = {"-x", "--producers"}, paramLabel = "N", description = "Publishers, each on its own connection (default 1).")
        Integer producers;

        @Option(names = {"-s", "--size"}, paramLabel = "SIZE", converter = Converters.SizeConverter.class,
                description = "Body size in bytes, at least 12: 12, 1000, 4kb (default 12).")
        DataSize size;

        @Option(names = {"-r", "--rate"}, paramLabel = "MSG/S", converter = Converters.RateConverter.class,
                description = "Intended rate per publisher; latency is measured from the intended send time. "
                        + "Fractions allowed, 0 = idle publisher (default unpaced: as fast as possible).")
        Double rate;

        @Option(names = {"-C", "--pmessages"}, paramLabel = "N", description = "Messages per publisher, then stop.")
        Long producerMessages;

        @Option(names = {"-c", "--confirm"}, paramLabel = "N",
                description = "Publisher confirms with at most N unconfirmed messages per publisher (default off).")
        Integer confirm;

        @Option(names = "--confirm-timeout", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
                description = "Count a message as timed out when unconfirmed this long (default 30s).")
        Duration confirmTimeout;

        @Option(names = {"-f", "--flag"}, paramLabel = "FLAG", converter = Converters.FlagConverter.class,
                description = "persistent and/or mandatory; repeat the option for both.")
        List<MessageFlag> flags = new ArrayList<>();
    }

    static final class Consuming {
        @Option(names = {"-y", "--consumers"}, paramLabel = "N", description = "Consumers, each on its own connection (default 1).")
        Integer consumers;

        @Option(names = {"-D", "--cmessages"}, paramLabel = "N", description = "Messages per consumer, then stop.")
        Long consumerMessages;

        @Option(names = {"-q", "--qos"}, paramLabel = "N",
                description = "Prefetch per consumer, 1-65535 (default unlimited; 200 for streams).")
        Integer qos;

        @Option(names = {"-a", "--autoack"}, description = "Automatic acknowledgements.")
        Boolean autoAck;

        @Option(names = "--multi-ack-every", paramLabel = "N",
                description = "Acknowledge every N messages with the multiple flag (default 1: each message). "
                        + "Must not exceed --qos.")
        Integer multiAckEvery;

        @Option(names = "--ack-timeout", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
                description = "Acknowledge what is pending after this long even if fewer than N arrived, e.g. 50ms.")
        Duration ackTimeout;

        @Option(names = "--consumer-latency", paramLabel = "DURATION[-DURATION]",
                converter = Converters.DurationRangeConverter.class,
                description = "Simulated processing time per message, fixed (5ms) or drawn from a range "
                        + "(1ms-5ms); end-to-end latency includes it.")
        DurationRange consumerLatency;

        @Option(names = "--stream-offset", paramLabel = "OFFSET", converter = Converters.StreamOffsetConverter.class,
                description = "Where stream consumers start: first, last, next, an offset, an ISO timestamp "
                        + "or an interval such as 10m (default next).")
        StreamOffset streamOffset;
    }

    static final class Control {
        @Option(names = {"-z", "--time"}, paramLabel = "DURATION", converter = Converters.DurationConverter.class,
                description = "Stop publishing after this long: 10s, 5m, or plain seconds (default: until the "
                        + "message counts are reached, or Ctrl-C).")
        Duration time;

        @Option(names = {"-i", "--interval"}, paramLabel = "DURATION", converter = Converters.DurationConverter.class,
                description = "Reporting interval (default 1s).")
        Duration interval;

        @Option(names = "--drain-timeout", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
                description = "After publishing stops, wait at most this long for confirms and deliveries (default 30s).")
        Duration drainTimeout;

        @Option(names = "--clock", paramLabel = "CLOCK", converter = Converters.ClockConverter.class,
                description = "Message timestamps: monotonic (default; publishers and consumers in this process), "
                        + "wall (epoch ns, as omq) or wall-millis (epoch ms, as PerfTest --use-millis) for "
                        + "publishers and consumers in different processes or hosts.")
        ClockMode clock;
    }

    /** A builder with every given option applied and the user's spelling of each recorded. */
    Scenario.Builder toBuilder(CommandSpec spec, List<String> originalArgs) {
        Scenario.Builder b = Scenario.builder();
        recordSpellings(b, spec, originalArgs);
        Connection c = connection;
        if (c.uri != null) b.uri(c.uri);
        if (c.protocol != null) b.protocol(c.protocol);
        if (c.addressFormat != null) b.addressFormat(c.addressFormat);
        Topology t = topology;
        if (t.queueType != null) b.queueType(t.queueType);
        if (t.queue != null) b.queue(t.queue);
        if (t.exchange != null) b.exchange(t.exchange);
        if (t.routingKey != null) b.routingKey(t.routingKey);
        if (t.predeclared != null) b.predeclared(t.predeclared);
        if (t.keepTopology != null) b.keepTopology(t.keepTopology);
        Publishing p = publishing;
        if (p.producers != null) b.producers(p.producers);
        if (p.size != null) b.size(p.size.bytes());
        if (p.rate != null) b.rate(p.rate);
        if (p.producerMessages != null) b.producerMessageCount(p.producerMessages);
        if (p.confirm != null) b.confirm(p.confirm);
        if (p.confirmTimeout != null) b.confirmTimeout(p.confirmTimeout);
        p.flags.forEach(b::flag);
        Consuming q = consuming;
        if (q.consumers != null) b.consumers(q.consumers);
        if (q.consumerMessages != null) b.consumerMessageCount(q.consumerMessages);
        if (q.qos != null) b.qos(q.qos);
        if (q.autoAck != null) b.autoAck(q.autoAck);
        if (q.multiAckEvery != null) b.multiAckEvery(q.multiAckEvery);
        if (q.ackTimeout != null) b.ackTimeout(q.ackTimeout);
        if (q.streamOffset != null) b.streamOffset(q.streamOffset);
        if (q.consumerLatency != null) b.consumerLatency(q.consumerLatency);
        Control r = control;
        if (r.time != null) b.time(r.time);
        if (r.interval != null) b.interval(r.interval);
        if (r.drainTimeout != null) b.drainTimeout(r.drainTimeout);
        if (r.clock != null) b.clock(r.clock);
        return b;
    }

    /** Remembers whether the user typed {@code -q} or {@code --qos}, so messages use their words. */
    private static void recordSpellings(Scenario.Builder b, CommandSpec spec, List<String> args) {
        for (String arg : args) {
            if (!arg.startsWith("-")) {
                continue;
            }
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            OptionSpec option = spec.findOption(name);
            if (option == null) {
                continue;
            }
            for (Setting s : Setting.values()) {
                if (s.optionName().equals(option.longestName())) {
                    b.spelledAs(s, name);
                }
            }
        }
    }
}
