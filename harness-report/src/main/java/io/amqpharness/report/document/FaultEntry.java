package io.amqpharness.report.document;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One fault of {@code --fault} and what the run's clients saw around it ({@code faults[]}). Times are from the start
 * of publishing. A fault's window runs from when it began to when the next one began (the last: to the end of
 * publishing); the figures after a fault are timed from when it was made (the connections closed, the node stopped,
 * the command returned), at the 10 ms resolution of the harness's watch of its counters.
 *
 * @param fault         the fault as given: {@code at=20s,kind=stop-node,node=2,for=10s}
 * @param kind          {@code close-connections}, {@code stop-node}, {@code restart-broker}, {@code memory-alarm},
 *                      {@code delete-queue} or {@code command}
 * @param node          the fault's {@code node=}; {@code null} without
 * @param at            when the fault was due, nanoseconds
 * @param begun         when the harness began to make it, nanoseconds
 * @param made          when it was made; {@code null} if making it failed, nanoseconds
 * @param undone        when a lasting fault was undone (the node started, the watermark put back); {@code null} for
 *                      one that does not last or if undoing it failed, nanoseconds
 * @param error         what went wrong making or undoing it, one sentence; {@code null} if nothing did
 * @param sendGap       the longest time without a message sent that reaches into the window (from the last send
 *                      before it), nanoseconds
 * @param confirmGap    the longest time without a confirm that reaches into the window; {@code null} without
 *                      confirms, nanoseconds
 * @param firstConfirm  from {@code made} to the first confirm after it; {@code null} if none came (or no confirms),
 *                      nanoseconds
 * @param firstDelivery from {@code made} to the first delivery after it; {@code null} if none came (or no
 *                      consumers), nanoseconds
 * @param inDoubt       messages put in doubt in the window: sent on a connection that dropped before their confirm
 * @param lost          messages found missing in the window; for the last fault, the rest of the run's {@code lost}
 * @param nodes         per node the run had connections on when the fault came, see [Fault nodes](#fault-nodes);
 *                      empty when the management API did not say
 */
public record FaultEntry(String fault, String kind, Optional<String> node, long at, long begun, OptionalLong made,
        OptionalLong undone, Optional<String> error, long sendGap, OptionalLong confirmGap, OptionalLong firstConfirm,
        OptionalLong firstDelivery, long inDoubt, long lost, List<FaultNode> nodes) {
    public FaultEntry {
        fault = fault == null ? "" : fault;
        kind = kind == null ? "" : kind;
        node = node == null ? Optional.empty() : node;
        made = made == null ? OptionalLong.empty() : made;
        undone = undone == null ? OptionalLong.empty() : undone;
        error = error == null ? Optional.empty() : error;
        confirmGap = confirmGap == null ? OptionalLong.empty() : confirmGap;
        firstConfirm = firstConfirm == null ? OptionalLong.empty() : firstConfirm;
        firstDelivery = firstDelivery == null ? OptionalLong.empty() : firstDelivery;
        nodes = Lists.of(nodes);
    }

    /**
     * One node's share of the run's connections around a fault ({@code faults[].nodes[]}).
     *
     * @param node          the node's name, as the broker gives it ({@code rabbitc2@localhost})
     * @param connections   the run's connections on it when the fault came
     * @param dropped       of those, how many dropped in the fault's window
     * @param longestOutage the longest outage of one of them that began in the window; 0 if none dropped, nanoseconds
     */
    public record FaultNode(String node, int connections, int dropped, long longestOutage) {
    }
}
