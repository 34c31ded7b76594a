package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.ClockMode;
import io.amqpharness.scenario.Declaration;
import io.amqpharness.scenario.DurationRange;
import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.ExitWhen;
import io.amqpharness.scenario.MessageFlag;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.RateStep;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.Setting;
import io.amqpharness.scenario.SizeStep;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.scenario.StreamOffset;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every declared option goes both ways: a scenario built in Java gives arguments that the command
 * line turns into the same scenario, and its {@code toBuilder()} gives it back too. A declaration
 * that forgets where its setting lives in the scenario, or how to set it, fails here.
 */
class OptionTableTest {
    /** Shortcuts for queue arguments: they come back as {@code --queue-args}. */
    private static final Set<Setting> MERGED_INTO_QUEUE_ARGS = EnumSet.of(Setting.MAX_LENGTH, Setting.MAX_LENGTH_BYTES,
            Setting.MAX_AGE, Setting.LAZY, Setting.QUORUM_GROUP_SIZE, Setting.STREAM_SEGMENT_SIZE, Setting.LEADER_LOCATOR);

    /** Checked by {@link #tlsOptionsGoBothWaysWithThePasswordsLeftOut}: they need files, and passwords are never rendered. */
    private static final Set<Setting> TLS = EnumSet.of(Setting.TLS_TRUST_STORE, Setting.TLS_TRUST_STORE_PASSWORD,
            Setting.TLS_KEY_STORE, Setting.TLS_KEY_STORE_PASSWORD, Setting.TLS_INSECURE);

    private static final List<Scenario> SCENARIOS = List.of(
            Scenario.builder().uri("amqp://bob@broker:5673/vh").protocol("amqp091").brokerMetrics("https://broker:15673/api").brokerMetricsWait(Duration.ofSeconds(20)).queueType(QueueType.QUORUM)
                    .queues(List.of("a", "b")).autoDelete(true).queueArgument("x-overflow", "reject-publish")
                    .exchange("bench").exchangeType(ExchangeType.TOPIC).routingKey("perf.1").bindingKey("perf.#")
                    .bindingArgument("x-any", "all").keepTopology(true)
                    .producers(3).producerChannelCount(2).size(1000).rate(12.5).producerMessageCount(500).confirm(10)
                    .confirmTimeout(Duration.ofSeconds(5)).flag(MessageFlag.PERSISTENT).flag(MessageFlag.MANDATORY)
                    .contentType("text/plain").priority(3).expiration(Duration.ofSeconds(60)).messageType("t")
                    .messageHeader("region", "eu").producerRandomStartDelay(Duration.ofSeconds(2))
                    .pacingSpin(Duration.ofNanos(20_000)).pacingThreads(2).pacingGranularity(Duration.ofMillis(2))
                    .consumers(2).consumerChannelCount(2).consumerMessageCount(400).qos(100).multiAckEvery(10)
                    .ackTimeout(Duration.ofMillis(50)).nackRate(5).rejectRate(2.5).requeueRate(50)
                    .consumerLatency(new DurationRange(Duration.ofMillis(1), Duration.ofMillis(5))).consumerRate(200)
                    .consumerArgument("x-priority", 10L).consumerStartDelay(Duration.ofSeconds(3))
                    .exitWhen(ExitWhen.EMPTY).time(Duration.ofMinutes(2)).warmup(Duration.ofSeconds(10))
                    .interval(Duration.ofSeconds(2)).drainTimeout(Duration.ofSeconds(7)).clock(ClockMode.WALL_MILLIS)
                    .recovery(io.amqpharness.scenario.RecoveryMode.OFF).recoveryTimeout(Duration.ofSeconds(30))
                    .build(),
            Scenario.builder().protocol("amqp10").addressFormat(AddressFormat.V2).noBrokerMetrics(true).queueType(QueueType.STREAM)
                    .queuePattern("q-%d", 1, 3).maxAge("7D").streamSegmentSize(1024 * 1024).randomRoutingKey(true)
                    .exchange("fan").exchangeType(ExchangeType.FANOUT)
                    .variableSize(List.of(new SizeStep(100, Duration.ofSeconds(10)), new SizeStep(2048, Duration.ofSeconds(5))))
                    .variableRate(List.of(new RateStep(100, Duration.ofSeconds(60)), new RateStep(0, Duration.ofSeconds(5))))
                    .streamOffset(new StreamOffset.First()).producers(3).consumers(3)
                    .build(),
            Scenario.builder().protocol("amqp091").transientQueue(true).exclusive(true)
                    .maxLength(1000).maxLengthBytes(1 << 20).lazy(true).totalRate(5000).txSize(20)
                    .autoAck(true).polling(true).pollingInterval(Duration.ofMillis(20))
                    .step(StepSetting.PRODUCERS, 1, 2).stepDuration(Duration.ofSeconds(5))
                    .build(),
            Scenario.builder().protocol("amqp091").queueType(QueueType.QUORUM).quorumGroupSize(3).leaderLocator("balanced")
                    .step(StepSetting.RATE, 100, 200).step(StepSetting.CONFIRM, 10, 20).stepDuration(Duration.ofSeconds(5))
                    .failIf("e2e.p99>20ms").failIf("confirm.p999 >= 1.5ms").failIf("lost>0")
                    .failIf("rate.received<150.5")
                    .build(),
            Scenario.builder().protocol("amqp091").predeclared(true).queue("existing").build(),
            Scenario.builder().protocol("amqp091").size(io.amqpharness.scenario.SizeMix.parse("100:50%,1kb:40%,64kb:10%")
                    .orElseThrow()).seed(42).build(),
            Scenario.builder().protocol("amqp091").exchange("shaped").exchangeType(io.amqpharness.scenario.ExchangeType.TOPIC)
                    .routingKeys(io.amqpharness.scenario.ValueType.KEY_SHARES.parse("a.b:70%,a.c:30%").orElseThrow())
                    .priorities(io.amqpharness.scenario.ValueType.PRIORITY_SHARES.parse("0:80%,9:20%").orElseThrow())
                    .messageTtls(io.amqpharness.scenario.ValueType.TTL_SHARES.parse("1s:90%,100ms:10%").orElseThrow())
                    .header(io.amqpharness.scenario.ValueType.HEADER_SHARES.parse("region=eu:50%,us:50%").orElseThrow())
                    .build(),
            Scenario.builder().protocol("amqp091").queueType(QueueType.QUORUM).consumers(10)
                    .backlog(io.amqpharness.scenario.BacklogSize.ofBytes(50L * 1024 * 1024))
                    .backlogThen(io.amqpharness.scenario.BacklogThen.DRAIN).consumerArrival(2.5).build(),
            Scenario.builder().protocol("stream").uri("rabbitmq-stream://broker:5552").batchSize(500).subEntrySize(10)
                    .compression(io.amqpharness.scenario.StreamSettings.Compression.GZIP).build(),
            Scenario.builder().protocol("stream").uri("rabbitmq-stream://broker:5552").singleActiveConsumer(true)
                    .superStream(3).filterValue(java.util.List.of("red", "blue"))
                    .filterValues(java.util.List.of("red")).producerNames("%s-%d").build(),
            Scenario.builder().protocol("amqp10").requestReply(true).rate(100).failIf("round-trip.p99>5ms").build(),
            Scenario.builder().protocol("amqp091").requestReply(io.amqpharness.scenario.ReplyMode.DIRECT).build(),
            Scenario.builder().protocol("amqp091").instance("pod-1").clock(io.amqpharness.scenario.ClockMode.WALL)
                    .startAt(io.amqpharness.scenario.StartTime.parse("15:00:00").orElseThrow()).barrier(4)
                    .barrierName("seed-001").barrierTimeout(Duration.ofMinutes(5)).build(),
            Scenario.builder().protocol("amqp091").nioThreads(2).connectionOpenConcurrency(8).connectionOpenRate(500)
                    .idleConnections(1000).idleChannels(2).churnRate(50).churnHold(Duration.ofSeconds(5)).rate(0).build());

    @Test
    void aHelpTextWithPercentSignsIsPrintedAsWritten() throws Exception {
        // picocli formats descriptions: an unescaped "%s" in a help text printed a warning and the raw text.
        for (Setting s : Setting.values()) {
            String help = s.declaration().help();
            String rendered = String.join("", new picocli.CommandLine.Help(
                    picocli.CommandLine.Model.CommandSpec.create().addOption(RunOptions.option(s.declaration())),
                    picocli.CommandLine.Help.defaultColorScheme(picocli.CommandLine.Help.Ansi.OFF))
                    .optionList().lines().map(String::strip).toList());
            // The help text is a String.format pattern ("%%d" for "%d"): printed formatted, with no "%%" left.
            String printed = help.replaceAll("(?<!%)%(?!%)", "%%").replace("%%", "%");
            assertThat(rendered.replace(" ", "")).as(s.optionName()).contains(printed.replace(" ", ""));
            assertThat(rendered).as(s.optionName()).doesNotContain("%%");
        }
    }

    @Test
    void argumentsFromJavaParseBackToTheSameScenario() {
        for (Scenario s : SCENARIOS) {
            assertThat(Main.parseScenario(Map.of(), s.toArguments().toArray(String[]::new))).as("%s", s).isEqualTo(s);
        }
    }

    @Test
    void toBuilderGivesTheSameScenario() {
        for (Scenario s : SCENARIOS) {
            assertThat(s.toBuilder().build()).as("%s", s).isEqualTo(s);
        }
    }

    /**
     * Every option goes both ways, whether a scenario above renders it or not: an option no scenario
     * above renders gets one made from the table alone, its value the first of a few texts of every
     * kind ({@link #SAMPLES}, or a constant of a choice) that its type reads, that the scenario
     * accepts and that the scenario renders. So a new option needs no line here; a scenario above
     * is for options that only go with others.
     */
    @Test
    void everyOptionGoesBothWays() {
        Set<Setting> rendered = EnumSet.copyOf(MERGED_INTO_QUEUE_ARGS);
        rendered.addAll(TLS);
        for (Scenario s : SCENARIOS) {
            for (Setting setting : Setting.values()) {
                if (s.toArguments().contains(setting.optionName())) {
                    rendered.add(setting);
                }
            }
        }
        for (Setting setting : EnumSet.complementOf(EnumSet.copyOf(rendered))) {
            Scenario s = fromTheTable(setting);
            assertThat(s).as("%s: no scenario renders it; none of %s made one that does", setting.optionName(), SAMPLES)
                    .isNotNull();
            assertThat(Main.parseScenario(Map.of(), s.toArguments().toArray(String[]::new))).as("%s", s).isEqualTo(s);
            assertThat(s.toBuilder().build()).as("%s", s).isEqualTo(s);
            rendered.add(setting);
        }
        assertThat(EnumSet.complementOf(EnumSet.copyOf(rendered))).as("options no scenario renders").isEmpty();
    }

    /** Texts of every kind of value, tried in this order for an option no scenario above renders. */
    private static final List<String> SAMPLES = List.of("3", "7", "1000", "2.5", "3s", "250ms", "1kb", "x-1",
            "red,blue", "k=v", "1000:30s", "1ms-5ms", "first", "e2e.p99>20ms", "rate=100,200", "%s-%d", "15:00:00");

    /**
     * A scenario that renders {@code setting}, built in Java from the table alone (the value put in
     * as the command line puts it, {@link Declaration#apply}; without a setter of its own, that is
     * {@code Scenario.Builder.set(Setting, Object)}): null if no sample fits.
     */
    private static Scenario fromTheTable(Setting setting) {
        Declaration<?> declaration = setting.declaration();
        List<Object> values = new java.util.ArrayList<>();
        if (declaration.isSwitch()) {
            values.add(Boolean.TRUE);
        } else if (declaration.type().javaType().isEnum()) {
            values.addAll(List.of(declaration.type().javaType().getEnumConstants()));
        } else {
            SAMPLES.forEach(t -> declaration.type().parse(t).ifPresent(values::add));
        }
        for (String protocol : List.of("amqp091", "amqp10", "stream")) {
            for (Object value : values) {
                Scenario s;
                try {
                    Scenario.Builder b = Scenario.builder().protocol(protocol);
                    apply(declaration, b, value);
                    s = b.build();
                } catch (RuntimeException refused) {
                    continue; // not a value this option takes on its own: try the next
                }
                if (s.toArguments().contains(setting.optionName())) {
                    return s;
                }
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static <T> void apply(Declaration<T> declaration, Scenario.Builder b, Object value) {
        declaration.apply(b, List.of((T) value));
    }

    @Test
    void tlsOptionsGoBothWaysWithThePasswordsLeftOut(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path keys = dir.resolve("client.p12");
        java.nio.file.Path ca = dir.resolve("ca.pem");
        keytool("-genkeypair", "-alias", "client", "-keyalg", "EC", "-dname", "CN=client", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", keys.toString(), "-storepass", "secret1", "-keypass", "secret1");
        keytool("-exportcert", "-rfc", "-alias", "client", "-keystore", keys.toString(), "-storepass", "secret1",
                "-file", ca.toString());
        List<Scenario> tls = List.of(
                Scenario.builder().uri("amqps://broker:5671").tlsTrustStore(ca.toString()).tlsKeyStore(keys.toString())
                        .tlsKeyStorePassword("secret1").build(),
                Scenario.builder().uri("amqps://broker:5671").tlsTrustStore(keys.toString())
                        .tlsTrustStorePassword("secret1").build(),
                Scenario.builder().uri("amqps://broker:5671").tlsInsecure(true).build());
        Set<Setting> rendered = EnumSet.noneOf(Setting.class);
        for (Scenario s : tls) {
            assertThat(s.toBuilder().build()).isEqualTo(s);
            List<String> args = s.toArguments();
            assertThat(String.join(" ", args)).doesNotContain("secret1");
            for (Setting setting : TLS) {
                if (args.contains(setting.optionName())) {
                    rendered.add(setting);
                }
            }
            // The rendered arguments carry *** for passwords: with the real ones put back, the scenario is the same.
            Scenario parsed = Main.parseScenario(Map.of(), args.stream().map(a -> a.equals("***") ? "secret1" : a)
                    .toArray(String[]::new));
            assertThat(parsed).isEqualTo(s);
        }
        assertThat(rendered).isEqualTo(TLS);
    }

    private static void keytool(String... args) throws Exception {
        // keytool's JVM with the quick compiler only, as the test JVMs: half the CPU of a second-long launch.
        List<String> command = new java.util.ArrayList<>(List.of(
                java.nio.file.Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-J-XX:TieredStopAtLevel=1"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }

    @Test
    void queueArgumentShortcutsEqualTheirQueueArguments() {
        Scenario fromShortcuts = Main.parseScenario(Map.of(), "--max-length", "1000", "--max-length-bytes", "1mb", "--lazy");
        Scenario fromArgs = Main.parseScenario(Map.of(), "--queue-args",
                "x-max-length=1000,x-max-length-bytes=1048576,x-queue-mode=lazy");
        assertThat(fromShortcuts).isEqualTo(fromArgs);
    }

    @Test
    void everyDeclaredOptionIsOnTheCommandLineWithItsNames() {
        var spec = HarnessCommand.commandLine(new Main.Session()).getCommandSpec();
        for (Setting s : Setting.values()) {
            var option = spec.findOption(s.optionName());
            assertThat(option).as("%s", s).isNotNull();
            List<String> names = new java.util.ArrayList<>(s.declaration().names());
            names.addAll(PerfTestNames.aliases(s.optionName()));
            assertThat(List.of(option.names())).as("%s", s).containsExactlyInAnyOrderElementsOf(names);
        }
    }
}
