package io.amqpharness.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * PerfTest's, stream-perf-test's and omq's option names. Those that mean the same thing here are other names
 * of the harness's options ({@link #aliases}); those that do not get one sentence saying what they
 * are here ({@link #hint}), so that a command line ported from either tool fails with exit code 2
 * instead of being read as something else. Documented in {@code docs/options.md} ("PerfTest, stream-perf-test
 * and omq names"), which a test holds to this table.
 */
final class PerfTestNames {
    private PerfTestNames() {
    }

    /** Their names, by the long name of the harness option they are other names of. */
    private static final Map<String, List<String>> ALIASES = new LinkedHashMap<>();
    /** Their names that mean something else here, with the sentence that says what. */
    private static final Map<String, String> HINTS = new LinkedHashMap<>();

    static {
        alias("--uri", "-H");
        alias("--multi-ack-every", "-A");
        alias("--consumer-latency", "-L");
        alias("--consumer-rate", "-R");
        alias("--queue-args", "-qa");
        alias("--queue-pattern", "-qp");
        alias("--queue-pattern-from", "-qpf");
        alias("--queue-pattern-to", "-qpt");
        alias("--tx-size", "-m", "--ptxsize");
        alias("--confirm-timeout", "-ct");
        alias("--barrier", "-ei", "--expected-instances");
        alias("--barrier-timeout", "-ist", "--instance-sync-timeout");
        alias("--exit-when", "-ew");
        alias("--consumer-args", "-ca");
        alias("--message-properties", "-mp");
        alias("--producer-random-start-delay", "-prsd");
        alias("--consumer-start-delay", "-csd");
        alias("--exclusive", "-E");
        alias("--polling", "-po");
        alias("--max-length-bytes", "-mlb");
        alias("--leader-locator", "-ll");
        alias("--nio-threads", "-niot");
        alias("--variable-rate", "-vr");
        alias("--variable-size", "-vs");
        alias("--stream-offset", "-sco", "--stream-consumer-offset", "--offset");
        alias("--stream-segment-size", "-smssb", "--stream-max-segment-size-bytes");
        alias("--confirm", "--confirms");
        alias("--queue", "--streams");
        alias("--producer-channel-count", "--producer-channels");
        alias("--consumer-channel-count", "--consumer-channels");
        // omq's
        alias("--producers", "--publishers");
        alias("--qos", "--consumer-credits");
        alias("--consumer-start-delay", "--consumer-startup-delay");
        alias("--filter-values", "--stream-filter-values");
        alias("--filter-value", "--stream-filter-value-set");
        alias("--reject-rate", "--amqp-reject-rate");
        alias("--priority", "--message-priority");

        hint("PerfTest's -qq is --queue-type quorum here.", "-qq", "--quorum-queue");
        hint("PerfTest's -sq is --queue-type stream here.", "-sq", "--stream-queue");
        hint("PerfTest's -ms is --clock wall here: latency across machines from wall-clock timestamps.",
                "-ms", "--use-millis");
        hint("PerfTest's -o is --output-dir DIR here: intervals.csv, result.json and report.html go into DIR.",
                "-o", "--output-file");
        hint("PerfTest's -d is --instance ID here (with --barrier, instances meet under --barrier-name).",
                "-d", "--id");
        hint("PerfTest's -ad is --auto-delete here, a switch without a value (queues are not auto-delete without it).",
                "-ad");
        hint("PerfTest's -pi is milliseconds; here it is --polling-interval with a unit, for example --polling-interval 10ms.",
                "-pi");
        hint("PerfTest's -na is --nack-rate 100 here (add --requeue to requeue, as PerfTest does by default).",
                "-na", "--nack");
        hint("PerfTest's -P is -r with the inverse rate here (-P N sends a message every N seconds per producer): "
                + "-P 5 is -r 0.2.",
                "-P", "--publishing-interval");
        hint("PerfTest's -ma is --max-age here, in RabbitMQ's x-max-age form (10m, 7D), not ISO 8601 (PT10M).",
                "-ma");
        hint("PerfTest's -vl is not an option here: --consumer-latency takes one duration or a range, for example 1ms-5ms.",
                "-vl", "--variable-latency");
        hint("PerfTest's -b is not an option here: connections use the client's default heartbeat.",
                "-b", "--heartbeat");
        hint("PerfTest's -Q is not an option here (a channel-wide prefetch): --qos is per consumer.",
                "-Q", "--global-qos");
        hint("PerfTest's -n is not an option here (consumer transactions).", "-n", "--ctxsize");
        hint("PerfTest's -S is not an option here: --consumer-start-delay starts all consumers later.",
                "-S", "--slow-start");
        hint("stream-perf-test's --initial-credits is --qos here (with --protocol stream, credits in chunks).",
                "--initial-credits");
        hint("stream-perf-test's --delete-streams is the default here: streams the run declared are deleted unless --keep-topology.",
                "--delete-streams");
        hint("stream-perf-test's --super-streams is --super-stream N here (N partitions, its --super-stream-partitions).",
                "--super-streams", "--super-stream-partitions");
        hint("omq's --queues is --queue-type here (classic, quorum or stream; its predeclared is --predeclared).",
                "--queues");
        hint("omq's --publish-to is --queue NAME here, or --queue-pattern 'omq-%d' with --queue-pattern-from and "
                + "--queue-pattern-to for numbered queues; its /exchanges/X/KEY is --exchange X --routing-key KEY.",
                "--publish-to", "--consume-from");
        hint("omq's --cleanup-queues is the default here: queues the run declared are deleted unless --keep-topology.",
                "--cleanup-queues");
        hint("omq's --message-durability is -f persistent here (messages are not durable without it).",
                "--message-durability");
        hint("omq's --consumer-priority is --consumer-args x-priority=N here.", "--consumer-priority");
        hint("omq's --publisher-uri is not an option here: publishers and consumers use the same --uri addresses.",
                "--publisher-uri", "--consumer-uri");
        hint("omq's --amqp-send-settled is the default here: without --confirm N, AMQP 1.0 publishers send settled "
                + "messages.", "--amqp-send-settled");
        hint("omq's --amqp-release-rate is --nack-rate with --requeue here: --nack-rate 5 --requeue releases 5% "
                + "(with --protocol amqp10).", "--amqp-release-rate");
        hint("omq's --queue-durability is --transient-queue here for its none.", "--queue-durability");
        hint("stream-perf-test's --load-balancer is not an option here: give the load balancer's address as --uri.",
                "--load-balancer");
    }

    private static void alias(String ours, String... theirs) {
        ALIASES.computeIfAbsent(ours, k -> new ArrayList<>()).addAll(List.of(theirs));
    }

    private static void hint(String sentence, String... names) {
        for (String n : names) {
            String s = sentence;
            if (!n.equals(names[0])) {
                // the sentence names the form the user typed
                s = sentence.replaceFirst(java.util.regex.Pattern.quote(names[0]) + "(?= )", n);
            }
            HINTS.put(n, s);
        }
    }

    /** Their other names for the harness option of this long name; empty for none. */
    static List<String> aliases(String longName) {
        return List.copyOf(ALIASES.getOrDefault(longName, List.of()));
    }

    /** The sentence for one of their names that means something else here. */
    static Optional<String> hint(String name) {
        return Optional.ofNullable(HINTS.get(name));
    }

    /** Every name of theirs this class knows: aliases and hints. */
    static List<String> names() {
        List<String> all = new ArrayList<>();
        ALIASES.values().forEach(all::addAll);
        all.addAll(HINTS.keySet());
        return all;
    }

    /**
     * The first argument that is one of their names meaning something else here and not an option of
     * the command the arguments are for ({@code report -o} is its own), as a sentence; or
     * {@code -h} followed by an address (PerfTest's {@code -h} is its URI). Values of options are
     * skipped only where they are an address after {@code -h}: a value spelled like a PerfTest
     * option (a routing key {@code -d}) is not one a user types.
     */
    static Optional<String> problem(List<String> args, picocli.CommandLine root) {
        picocli.CommandLine command = !args.isEmpty() && root.getSubcommands().containsKey(args.get(0))
                ? root.getSubcommands().get(args.get(0)) : root;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            if (a.equals("-h") && i + 1 < args.size() && args.get(i + 1).contains("://")) {
                io.amqpharness.scenario.BrokerUri uri = io.amqpharness.scenario.BrokerUri.parse(args.get(i + 1))
                        .orElse(null);
                String shown = uri == null ? "URI" : uri.scrub(args.get(i + 1));
                return Optional.of("PerfTest's -h is --uri here: write --uri " + shown
                        + " (-h alone prints help).");
            }
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            Optional<String> h = hint(name);
            if (h.isPresent() && command.getCommandSpec().findOption(name) == null) {
                return h;
            }
        }
        return Optional.empty();
    }
}
