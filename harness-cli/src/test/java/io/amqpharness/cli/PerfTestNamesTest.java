package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * PerfTest's and stream-perf-test's habits: their names for options that mean the same thing work, the
 * others get one sentence saying what they are here, and nothing a PerfTest user types is silently
 * read as something else.
 */
class PerfTestNamesTest {

    private static CliOutcome run(String... args) {
        return CliOutcome.run(args);
    }

    @Test
    void perfTestsMinusHWithAUriIsRefusedNotHelp() {
        CliOutcome o = run("-h", "amqp://guest:guest@localhost:5672", "-z", "1s");
        assertThat(o.code()).as("exit code (PerfTest's -h is its --uri)").isEqualTo(2);
        assertThat(o.err()).contains("PerfTest's -h is --uri here").contains("--uri amqp://").contains("@localhost:5672")
                .doesNotContain("guest:guest");
        assertThat(o.out()).doesNotContain("Usage");
    }

    @Test
    void minusHAloneIsStillHelp() {
        assertThat(run("-h").code()).isZero();
    }

    @Test
    void aConsumerLatencyWithoutAUnitIsRefused() {
        for (String name : new String[] {"--consumer-latency", "-L"}) {
            CliOutcome o = run(name, "1000", "-z", "1s");
            assertThat(o.code()).as("%s 1000", name).isEqualTo(2);
            assertThat(o.err()).contains("1000").contains("PerfTest's -L is in microseconds").contains("1000us");
        }
        assertThat(run("--consumer-latency", "100-200", "-z", "1s").err()).contains("no unit");
    }

    @Test
    void aConsumerLatencyWithAUnitIsAccepted() {
        assertThat(Main.parseScenario(Map.of(), "-L", "1000us"))
                .isEqualTo(Main.parseScenario(Map.of(), "--consumer-latency", "1ms"));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
        "-A 10 -q 20 | --multi-ack-every 10 -q 20",
        "-L 5ms | --consumer-latency 5ms",
        "-R 100 | --consumer-rate 100",
        "-qa x-max-length=10 | --queue-args x-max-length=10",
        "-qp perf-test-%d -qpf 1 -qpt 3 | --queue-pattern perf-test-%d --queue-pattern-from 1 --queue-pattern-to 3",
        "-m 10 | --tx-size 10",
        "--ptxsize 10 | --tx-size 10",
        "-H amqp://h1:5672,amqp://h2:5672 | --uri amqp://h1:5672,amqp://h2:5672",
        "-ct 10 | --confirm-timeout 10s",
        "-ei 4 | --barrier 4",
        "--expected-instances 4 | --barrier 4",
        "-ei 4 -ist 60 | --barrier 4 --barrier-timeout 60s",
        "-ew idle | --exit-when idle",
        "-ca x-priority=1 | --consumer-args x-priority=1",
        "-mp priority=5 | --message-properties priority=5",
        "-prsd 5 | --producer-random-start-delay 5s",
        "-csd 5 | --consumer-start-delay 5s",
        "-E | --exclusive",
        "-po | --polling",
        "-mlb 1mb | --max-length-bytes 1mb",
        "-ll balanced | --leader-locator balanced",
        "-niot 2 | --nio-threads 2",
        "-vr 100:10 | --variable-rate 100:10s",
        "-vs 100:10 | --variable-size 100:10s",
        "--queue-type stream -sco first | --queue-type stream --stream-offset first",
        "--queue-type stream --offset first | --queue-type stream --stream-offset first",
        "--confirms 50 | --confirm 50",
        "--queue-type stream --streams s1 | --queue-type stream --queue s1",
        "--queue-type stream --stream-max-segment-size-bytes 50mb | --queue-type stream --stream-segment-size 50mb",
        "--queue-type stream -smssb 50mb | --queue-type stream --stream-segment-size 50mb",
        "--producer-channels 2 | --producer-channel-count 2",
        "--consumer-channels 2 | --consumer-channel-count 2",
        "--publishers 3 | --producers 3",
        "--consumer-credits 20 | --qos 20",
        "--consumer-startup-delay 2s | --consumer-start-delay 2s",
        "--amqp-reject-rate 5 | --reject-rate 5",
        "--message-priority 5 | --priority 5",
    })
    void theirNamesMeanTheSameHere(String theirs, String ours) {
        Scenario a = Main.parseScenario(Map.of(), theirs.trim().split(" +"));
        Scenario b = Main.parseScenario(Map.of(), ours.trim().split(" +"));
        assertThat(a).isEqualTo(b);
        assertThat(a).isNotEqualTo(Main.parseScenario(Map.of()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "-qq | --queue-type quorum",
        "--quorum-queue | --queue-type quorum",
        "-sq | --queue-type stream",
        "--use-millis | --clock wall",
        "-ms | --clock wall",
        "-o results.csv | --output-dir",
        "--output-file results.csv | --output-dir",
        "-d run-1 | --instance",
        "--id run-1 | --instance",
        "-ad false | --auto-delete",
        "-pi 10 | --polling-interval 10ms",
        "-na | --nack-rate 100",
        "-P 5 | -r",
        "-ma PT10M | --max-age",
        "-vl 1000:10 | --consumer-latency",
        "-b 10 | heartbeat",
        "--heartbeat 10 | heartbeat",
        "--initial-credits 10 | --qos",
        "--delete-streams | --keep-topology",
        "--super-streams | --super-stream",
        "--load-balancer | --uri",
        "--queues quorum | --queue-type",
        "--publish-to /queues/q | --queue NAME",
        "--consume-from /queues/q | --queue NAME",
        "--cleanup-queues | --keep-topology",
        "--message-durability | -f persistent",
        "--consumer-priority 5 | x-priority=N",
        "--publisher-uri amqp://localhost | --uri",
        "--consumer-uri amqp://localhost | --uri",
        "--amqp-send-settled | --confirm N",
        "--amqp-release-rate 5 | --requeue",
        "--queue-durability none | --transient-queue",
    })
    void theirOtherNamesSayWhatTheyAreHere(String theirs, String hint) {
        CliOutcome o = run((theirs + " -z 1s").trim().split(" +"));
        String name = theirs.split(" ")[0];
        assertThat(o.code()).as("exit code of %s", theirs).isEqualTo(2);
        assertThat(o.err()).as(theirs).contains(name + " is").contains(hint);
        assertThat(o.err().lines()).as(theirs).hasSize(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--queu-type quorum | --queue-type",
        "--confirm-timout 5s | --confirm-timeout",
        "--consumer | --consumers",
        "--stream-ofset first | --stream-offset",
    })
    void unknownOptionsGetADidYouMean(String typed, String meant) {
        CliOutcome o = run((typed + " -z 1s").split(" +"));
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("did you mean " + meant + "? Run with --help for usage.");
    }

    @Test
    void everyNameIsInOptionsMd() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "options.md"));
        String section = doc.substring(doc.indexOf("## PerfTest, stream-perf-test and omq names"));
        for (String name : PerfTestNames.names()) {
            assertThat(section).as("docs/options.md names %s", name).contains("`" + name + "`");
        }
    }
}
