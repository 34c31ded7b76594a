package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.amqpharness.containers.Brokers;
import io.amqpharness.fault.FaultKind;
import io.amqpharness.fault.FaultOutcome;
import io.amqpharness.fault.FaultPlan;
import io.amqpharness.report.TextSummary;
import io.amqpharness.result.RunResult;
import io.amqpharness.run.LoadRunner;
import io.amqpharness.scenario.Scenario;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code --fault close-connections} on the RabbitMQ 3.10 broker, on a queue of the test's own: the management API
 * closes the run's connections, which recover; the fault's gap, first confirm and delivery are reported and
 * no confirmed message is lost. Nothing is stopped or alarmed.
 */
@Tag("integration")
class FaultsIT {
    private static final String URI = "amqp://guest:guest@localhost:5672";

    @Test
    void closingTheRunsConnectionsShowsAGapThenConfirmsAgainAndLosesNoConfirmedMessage() {
        assumeTrue(Brokers.listening("localhost", 5672), "needs RabbitMQ on localhost:5672");
        String queue = "faults-it-" + UUID.randomUUID().toString().substring(0, 8);
        // 6 s in: the management API lists a connection once its node emitted the connection's statistics.
        Scenario s = Scenario.builder().uri(URI).queues(List.of(queue)).producers(2).consumers(1).rate(100)
                .confirm(50).time(Duration.ofSeconds(12)).noBrokerMetrics(true).build();
        FaultPlan plan = FaultPlan.parse(List.of("at=6s,kind=close-connections"), Optional.empty());
        RunResult r = new LoadRunner(s).faults(plan).run();

        assertThat(r.failure()).as("the run recovers").isEmpty();
        assertThat(r.faults()).hasSize(1);
        FaultOutcome f = r.faults().get(0);
        String summary = TextSummary.format(r);
        assertThat(f.error()).as(summary).isEmpty();
        assertThat(f.fault().kind()).isEqualTo(FaultKind.CLOSE_CONNECTIONS);
        assertThat(f.made()).as("made").isPresent();
        assertThat(f.begun()).isGreaterThanOrEqualTo(Duration.ofSeconds(6));
        assertThat(r.outages().disconnects()).as("every connection dropped").isGreaterThanOrEqualTo(3);
        assertThat(f.firstConfirm()).as("publishers confirmed again after the close: %s", summary).isPresent();
        assertThat(f.firstDelivery()).as("the consumer received again after the close").isPresent();
        assertThat(f.confirmGap()).as("the longest time without a confirm").get()
                .satisfies(g -> assertThat(g).isPositive().isLessThan(Duration.ofSeconds(6)));
        // A message sent as its connection closed may never have reached the queue: in doubt, and lost if it
        // never arrives. Every confirmed message arrives.
        assertThat(f.lost()).as("only messages in doubt may be lost: %s", summary).isLessThanOrEqualTo(f.inDoubt());
        assertThat(r.counts().lost()).isEqualTo(f.lost());
        assertThat(r.counts().ownUnique()).as("every confirmed message consumed").isGreaterThanOrEqualTo(r.counts().confirmed());
        assertThat(f.nodes()).as("the connections' node, as the management API lists it").hasSize(1)
                .allSatisfy(n -> {
                    assertThat(n.node()).startsWith("rabbit@");
                    assertThat(n.dropped()).isEqualTo(n.connections()).isPositive();
                });
        assertThat(summary).contains("Faults    (from the start of publishing").contains("  close-connections at ")
                .contains("in doubt " + f.inDoubt() + ", lost " + f.lost());
    }

    @Test
    void aDeletedQueueIsDeclaredAgainByTheConsumerAndItsMessagesCountAsLost() {
        assumeTrue(Brokers.listening("localhost", 5672), "needs RabbitMQ on localhost:5672");
        String queue = "faults-it-" + UUID.randomUUID().toString().substring(0, 8);
        // A rate the consumer cannot keep up with on a loaded machine is not needed: the queue holds what is on its way.
        Scenario s = Scenario.builder().uri(URI).queues(List.of(queue)).producers(1).consumers(1).rate(100)
                .confirm(50).time(Duration.ofSeconds(12)).warmup(Duration.ZERO).noBrokerMetrics(true).build();
        RunResult r = new LoadRunner(s).faults(FaultPlan.parse(List.of("at=6s,kind=delete-queue"), Optional.empty()))
                .run();
        String summary = TextSummary.format(r);
        assertThat(r.failure()).as(summary).isEmpty();
        FaultOutcome f = r.faults().get(0);
        assertThat(f.error()).as(summary).isEmpty();
        assertThat(f.made()).isPresent();
        assertThat(f.firstDelivery()).as("the consumer declared the queue again and received: %s", summary).isPresent();
        assertThat(f.firstConfirm()).isPresent();
        // What the queue held when it was deleted is gone, confirmed or not: all of the run's lost is this fault's.
        assertThat(f.lost()).isEqualTo(r.counts().lost());
        assertThat(r.counts().ownUnique() + r.counts().lost()).isEqualTo(r.counts().published());
    }
}
