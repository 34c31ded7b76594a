package io.amqpharness.cli;

import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.Setting;
import io.amqpharness.scenario.Step;
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
    ConnectionOptions connection = new ConnectionOptions();

    @ArgGroup(validate = false, heading = "%nTopology%n")
    TopologyOptions topology = new TopologyOptions();

    @ArgGroup(validate = false, heading = "%nPublishing%n")
    PublishOptions publishing = new PublishOptions();

    @ArgGroup(validate = false, heading = "%nConsuming%n")
    ConsumeOptions consuming = new ConsumeOptions();

    @ArgGroup(validate = false, heading = "%nRun control%n")
    Control control = new Control();

    static final class ConnectionOptions {
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

    static final class Control {
        @Option(names = {"-z", "--time"}, paramLabel = "DURATION", converter = Converters.DurationConverter.class,
                description = "Stop publishing after this long: 10s, 5m, or plain seconds (default: until the "
                        + "message counts are reached, or Ctrl-C).")
        Duration time;

        @Option(names = "--warmup", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
                description = "Let traffic flow this long (rounded up to whole intervals) before measuring: "
                        + "latency and rates leave it out.")
        Duration warmup;

        @Option(names = {"-i", "--interval"}, paramLabel = "DURATION", converter = Converters.DurationConverter.class,
                description = "Reporting interval (default 1s).")
        Duration interval;

        @Option(names = "--step", paramLabel = "NAME=V1,V2,...", converter = Converters.StepConverter.class,
                description = "Change a setting while the run goes on, every --step-duration: rate, confirm, qos, "
                        + "multi-ack-every, producers or consumers. Repeat for several settings (they change together). "
                        + "Without --time the run ends after the last step.")
        List<Step> steps = new ArrayList<>();

        @Option(names = "--step-duration", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
                description = "How long each step lasts (rounded up to whole intervals), e.g. 5m.")
        Duration stepDuration;

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
        ConnectionOptions c = connection;
        if (c.uri != null) b.uri(c.uri);
        if (c.protocol != null) b.protocol(c.protocol);
        if (c.addressFormat != null) b.addressFormat(c.addressFormat);
        topology.applyTo(b);
        publishing.applyTo(b);
        consuming.applyTo(b);
        Control r = control;
        if (r.time != null) b.time(r.time);
        if (r.warmup != null) b.warmup(r.warmup);
        if (r.interval != null) b.interval(r.interval);
        if (r.drainTimeout != null) b.drainTimeout(r.drainTimeout);
        if (r.clock != null) b.clock(r.clock);
        r.steps.forEach(b::step);
        if (r.stepDuration != null) b.stepDuration(r.stepDuration);
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

    static List<String> split(String commaList) {
        List<String> names = new ArrayList<>();
        for (String n : commaList.split(",")) {
            names.add(n.trim());
        }
        return names;
    }
}
