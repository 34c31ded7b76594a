package io.amqpharness.report.document;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The broker's side of the run ({@code brokerMetrics}), read from its management API or
 * Prometheus endpoint; empty values are {@code null} in the file.
 *
 * @param source           {@code management} (the management API) or {@code prometheus} (a {@code rabbitmq_prometheus}
 *                         endpoint); {@code null} if the broker could not be read
 * @param url              the URL read, never with credentials
 * @param cpuUrl           the Prometheus endpoints that gave CPU use and node-wide counters (the management API has
 *                         neither), separated by spaces: one per address of a cluster run, whose figures are added up
 *                         over them; {@code null} if none answered
 * @param unavailable      why the broker could not be read at all, one sentence (also in {@code notes}); {@code null}
 *                         when it could
 * @param samples          samples taken, the one before the run and the final one included
 * @param failed           samples that failed after the first one succeeded
 * @param first            the sample taken before consumers and publishers started, fields as in [Broker
 *                         sample](#broker-sample)
 * @param last             the sample taken after the drain and after the run's channels closed, once the broker's
 *                         counters reached the harness's (or after at most 6 s of waiting for them), fields as in
 *                         [Broker sample](#broker-sample)
 * @param peakDepth        most messages (ready plus unacknowledged) the broker reported in the run's queues
 * @param peakMemoryBytes  most memory the broker's nodes used, bytes, added up over the nodes
 * @param memoryLimitBytes the memory high watermarks of the nodes added up, bytes
 * @param peakCpuCores     most CPU the nodes whose Prometheus endpoints answered ({@code cpuUrl}) used between two
 *                         samples, added up, in cores (1.0 = one core busy)
 * @param peakConnections  most connections open on the broker (all clients)
 * @param peakChannels     most channels open on the broker (all clients)
 * @param alarms           resource alarms seen during the run: {@code memory}, {@code disk}, {@code file_descriptors};
 *                         empty when none
 * @param crossCheck       the broker's message counts over the run next to the harness's; {@code null} when the broker
 *                         counts neither
 * @param growth           how much the run's queues grew while publishers ran
 */
public record BrokerMetrics(Optional<String> source, Optional<String> url, Optional<String> cpuUrl,
        Optional<String> unavailable, int samples, int failed, Optional<BrokerSample> first,
        Optional<BrokerSample> last, OptionalLong peakDepth, OptionalLong peakMemoryBytes,
        OptionalLong memoryLimitBytes, OptionalDouble peakCpuCores, OptionalLong peakConnections,
        OptionalLong peakChannels, List<String> alarms, Optional<CrossCheck> crossCheck, Optional<Growth> growth) {
    public BrokerMetrics {
        alarms = Lists.of(alarms);
    }

    /**
     * The broker's message counts over the run next to the harness's.
     *
     * @param basis            {@code queues}: the management API's counters of the run's queues (AMQP 0.9.1, and AMQP
     *                         1.0 on 3.x); {@code node}: the node-wide counters of the Prometheus endpoint, which count
     *                         every client's messages, routed or not (used when the queues have no counters: AMQP 1.0
     *                         on 4.x, and a Prometheus source)
     * @param brokerPublished  messages the broker counted as published into the run's queues (or received by the node)
     *                         during the run
     * @param harnessPublished what the harness expects there: published minus returned and released, times the run's
     *                         queues each message enters ({@code queues}), or published ({@code node}); {@code null}
     *                         when the routing does not tell
     * @param brokerDelivered  deliveries the broker counted from the run's queues (or from the node), redeliveries and
     *                         gets included
     * @param harnessDelivered deliveries the harness's consumers received ({@code counts.consumed}); {@code null}
     *                         without consumers
     * @param brokerRestarts   how many times the broker's counters started again from zero during the run (a node's
     *                         uptime went down, a counter went down, or a queue disappeared between two samples); the
     *                         broker's counts are then summed over its incarnations and are a lower bound; 0 normally
     * @param verdict          {@code agree}: every count both sides have is equal; {@code differ}: one is not (after a
     *                         broker restart: the broker's lower bound is above the harness's count);
     *                         {@code incomplete}: the broker restarted (or a run's queue disappeared), its counters
     *                         cover only part of the run, so neither; {@code nothing}: no count is known on both sides.
     *                         A difference or a restart is also a note with the numbers; {@code null} only in files
     *                         older than the field
     * @param agrees           {@code true} if the verdict is {@code agree} (or {@code nothing})
     * @param instance         in a merged result, the instance whose cross-check this is, when it is not the instances'
     *                         added up; absent otherwise
     * @param messagesPerEntry a stream run's {@code --sub-entry-size} when above 1: the broker's counts are then of
     *                         stream entries, each holding 1 to this many messages, the harness's of messages, and a
     *                         count agrees when the broker's lies between the harness's over this (rounded up) and the
     *                         harness's; absent otherwise (messages against messages)
     */
    public record CrossCheck(String basis, OptionalLong brokerPublished, OptionalLong harnessPublished,
            OptionalLong brokerDelivered, OptionalLong harnessDelivered, long brokerRestarts,
            Optional<String> verdict, boolean agrees,
            @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> instance,
            @JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalInt messagesPerEntry) {
        /** A check of messages against messages. */
        public CrossCheck(String basis, OptionalLong brokerPublished, OptionalLong harnessPublished,
                          OptionalLong brokerDelivered, OptionalLong harnessDelivered, long brokerRestarts,
                          Optional<String> verdict, boolean agrees, Optional<String> instance) {
            this(basis, brokerPublished, harnessPublished, brokerDelivered, harnessDelivered, brokerRestarts, verdict,
                    agrees, instance, OptionalInt.empty());
        }

        /** {@link #messagesPerEntry()}, 1 when absent. */
        public int entrySize() {
            return messagesPerEntry.orElse(1);
        }

        /** {@code agree}, {@code differ}, {@code incomplete} or {@code nothing}; from {@code agrees} in older files. */
        public String outcome() {
            return verdict.orElse(agrees ? "agree" : "differ");
        }
    }

    /**
     * How much the run's queues grew while publishers ran.
     *
     * @param basis     {@code harness}: messages that entered the queues minus first deliveries of the run's messages,
     *                  at the end of publishing (used when routing is known and the broker drops nothing on purpose: no
     *                  TTL, no length limit that drops from the head); {@code broker}: the broker's queue depth in its
     *                  first and last sample while publishing (refreshed by the broker every few seconds)
     * @param messages  how many messages the queues gained (negative: they shrank); at least this many when not
     *                  {@code exact}
     * @param over      the time the growth is measured over, nanoseconds
     * @param perSecond messages per second
     * @param exact     {@code true} for the harness's counts when the broker refused nothing; {@code false} when it
     *                  refused messages (nacks, AMQP 1.0 {@code rejected}: a full queue with {@code reject-publish}),
     *                  as then only the messages it confirmed count, and for the broker's depth; {@code null} only in
     *                  files older than the field
     */
    public record Growth(String basis, long messages, long over, double perSecond, Optional<Boolean> exact) {
    }
}
