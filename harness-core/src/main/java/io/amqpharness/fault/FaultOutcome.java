package io.amqpharness.fault;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the run's clients saw around one fault. Times are from the start of publishing; figures after
 * the fault are timed from when it was made ({@code made}: the connections closed, the node stopped, the
 * command returned). The fault's window runs from then to the next fault (or the end of publishing).
 *
 * @param fault          the fault as given
 * @param begun          when the harness began to make it
 * @param made           when it was made; empty if making it failed
 * @param undone         when a lasting fault was undone; empty for one that does not last, or if undoing failed
 * @param error          what went wrong making or undoing it, one sentence; empty if nothing did
 * @param sendGap        the longest time without a message sent that reaches into the window (from the last send
 *                       before it, up to the end of publishing), at the watch's 10 ms resolution
 * @param confirmGap     the same without a confirm; empty without confirms
 * @param firstConfirm   from {@code made} to the first confirm after it; empty if none came (or no confirms)
 * @param firstDelivery  from {@code made} to the first delivery after it; empty if none came (or no consumers)
 * @param inDoubt        messages that became in doubt in the window (sent on a connection that dropped before
 *                       their confirm came)
 * @param lost           messages found missing in the window (for the last fault: the rest of the run's lost)
 * @param nodes          per node the run had connections on when the fault came: how many, how many dropped in
 *                       the window, and the longest outage; empty if the broker did not say where they were
 */
public record FaultOutcome(Fault fault, Duration begun, Optional<Duration> made, Optional<Duration> undone,
                           Optional<String> error, Duration sendGap, Optional<Duration> confirmGap,
                           Optional<Duration> firstConfirm, Optional<Duration> firstDelivery, long inDoubt, long lost,
                           List<NodeOutcome> nodes) {
    public FaultOutcome {
        nodes = List.copyOf(nodes);
    }

    /**
     * One node's connections around a fault.
     *
     * @param node        the node's name, as the broker gives it
     * @param connections the run's connections on it when the fault came
     * @param dropped     of those, how many dropped in the fault's window
     * @param longest     the longest outage of one of them that began in the window; zero if none dropped
     */
    public record NodeOutcome(String node, int connections, int dropped, Duration longest) {
    }
}
