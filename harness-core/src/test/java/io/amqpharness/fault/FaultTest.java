package io.amqpharness.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FaultTest {

    @Test
    void aStopNodeFaultReadsItsTimeNodeAndLength() {
        Fault f = Fault.parse("at=20s,kind=stop-node,node=2,for=10s");
        assertThat(f.at()).isEqualTo(Duration.ofSeconds(20));
        assertThat(f.kind()).isEqualTo(FaultKind.STOP_NODE);
        assertThat(f.node()).contains("2");
        assertThat(f.lasting()).contains(Duration.ofSeconds(10));
        assertThat(f.end()).isEqualTo(Duration.ofSeconds(30));
        assertThat(f.label()).isEqualTo("stop-node 2 at 20s for 10s");
    }

    @Test
    void aMemoryAlarmLastsTenSecondsByDefaultAndACloseDoesNotLast() {
        assertThat(Fault.parse("kind=memory-alarm,at=5s").lasting()).contains(Fault.DEFAULT_LASTING);
        assertThat(Fault.parse("at=5s,kind=close-connections").lasting()).isEmpty();
    }

    @Test
    void aCommandKeepsCommasAndSpacesInQuotes() {
        Fault f = Fault.parse("at=1s,kind=command,run='docker restart a, b',for=2s,undo=\"echo x\"");
        assertThat(f.run()).contains("docker restart a, b");
        assertThat(f.undo()).contains("echo x");
    }

    @Test
    void badFaultsAreOneSentenceNamingWhatIsWrongWithAnExample() {
        assertThatThrownBy(() -> Fault.parse("at=10s,kind=explode"))
                .hasMessage("--fault 'at=10s,kind=explode' has an unknown kind 'explode' (one of close-connections, "
                        + "stop-node, restart-broker, memory-alarm, delete-queue, command); for example "
                        + "--fault 'at=20s,kind=stop-node,node=2,for=10s'.");
        assertThatThrownBy(() -> Fault.parse("kind=close-connections")).hasMessageContaining("has no at=");
        assertThatThrownBy(() -> Fault.parse("at=soon,kind=close-connections"))
                .hasMessageContaining("has at=soon, which is not a duration");
        assertThatThrownBy(() -> Fault.parse("at=1s,kind=stop-node")).hasMessageContaining("has no node=");
        assertThatThrownBy(() -> Fault.parse("at=1s,kind=close-connections,for=2s"))
                .hasMessageContaining("which does not last");
        assertThatThrownBy(() -> Fault.parse("at=1s,kind=command")).hasMessageContaining("has no run=");
        assertThatThrownBy(() -> Fault.parse("at=1s,kind=command,run=x,for=2s")).hasMessageContaining("for= without undo=");
        assertThatThrownBy(() -> Fault.parse("at=1s,kind=command,run='x")).hasMessageContaining("unclosed quote");
        assertThatThrownBy(() -> Fault.parse("at=1s,kind=close-connections,colour=red"))
                .hasMessageContaining("unknown key 'colour'");
        assertThatThrownBy(() -> Fault.parse("at=1s,at=2s,kind=close-connections")).hasMessageContaining("at= twice");
    }

    @Test
    void aFaultPastTheEndOfPublishingIsRefused() {
        FaultPlan plan = FaultPlan.parse(List.of("at=5s,kind=close-connections", "at=30s,kind=delete-queue"),
                Optional.empty());
        assertThat(plan.faults()).extracting(Fault::at).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(30));
        assertThatThrownBy(() -> plan.check(Optional.of(Duration.ofSeconds(20))))
                .hasMessage("--fault 'at=30s,kind=delete-queue' comes at 30s, not before publishing ends (20s in, the "
                        + "warm-up included); give an at= within the run, for example at=10s.");
        plan.check(Optional.of(Duration.ofSeconds(31)));
        plan.check(Optional.empty());
    }

    @Test
    void aRestartWithoutANodeNeedsACtlWithoutOne() {
        FaultPlan byDefault = FaultPlan.parse(List.of("at=5s,kind=restart-broker"), Optional.empty());
        assertThatThrownBy(() -> byDefault.check(Optional.empty()))
                .hasMessageContaining("has no node=, which --fault-ctl 'rabbitmqctl -n {node}' needs");
        FaultPlan container = FaultPlan.parse(List.of("at=5s,kind=restart-broker"),
                Optional.of("docker exec rmq rabbitmqctl"));
        container.check(Optional.empty());
        assertThat(container.ctlFor(Optional.empty())).isEqualTo("docker exec rmq rabbitmqctl");
        assertThat(byDefault.ctlFor(Optional.of("rabbit@a"))).isEqualTo("rabbitmqctl -n rabbit@a");
    }

    @Test
    void theWatermarkPutBackIsTheOneReadBefore() {
        assertThat(BrokerFaultActions.watermark("0.6\n")).isEqualTo("0.6");
        assertThat(BrokerFaultActions.watermark("{absolute,1073741824}")).isEqualTo("absolute 1073741824");
        assertThat(BrokerFaultActions.watermark("#{relative => 0.4}")).isEqualTo("0.4");
        assertThat(BrokerFaultActions.watermark("")).isEqualTo("0.4");
    }
}
