package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --fault} and {@code --fault-ctl} refused before anything connects: one sentence, exit code 2. */
class FaultCliTest {
    @TempDir
    Path tmp;

    private static CliOutcome refused(String... args) {
        CliOutcome o = CliOutcome.run(args);
        assertThat(o.code()).as(o.out() + o.err()).isEqualTo(2);
        assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
        assertThat(o.err()).doesNotContain("Exception").doesNotContain("\tat ");
        return o;
    }

    @Test
    void aFaultAfterATenSecondRunWithoutWarmUpIsRefused() {
        assertThat(refused("-z", "10s", "--warmup", "0s", "--fault", "at=20s,kind=close-connections").err().strip())
                .isEqualTo("--fault 'at=20s,kind=close-connections' comes at 20s, not before publishing ends (10s in, "
                        + "the warm-up included); give an at= within the run, for example at=5s.");
    }

    @Test
    void aFaultAfterTheLastStepIsRefused() {
        // Two steps of 5 s after the default warm-up of 5 s: publishing ends 15 s in.
        assertThat(refused("--step", "rate=1,2", "--step-duration", "5s", "--fault", "at=20s,kind=close-connections")
                .err().strip()).isEqualTo("--fault 'at=20s,kind=close-connections' comes at 20s, not before publishing "
                        + "ends (15s in, the warm-up included); give an at= within the run, for example at=7500ms.");
    }

    @Test
    void anUnknownKeyAndAMissingNodeAreRefused() {
        assertThat(refused("-z", "10s", "--fault", "at=3s,kind=close-connections,speed=3").err().strip())
                .startsWith("--fault 'at=3s,kind=close-connections,speed=3' has an unknown key 'speed' (known: at, ")
                .endsWith("for example --fault 'at=20s,kind=stop-node,node=2,for=10s'.");
        assertThat(refused("-z", "10s", "--fault", "at=3s,kind=stop-node").err())
                .contains("has no node=... (the node to stop");
        assertThat(refused("-z", "10s", "--fault", "at=soon,kind=close-connections").err())
                .contains("has at=soon, which is not a duration");
    }

    @Test
    void aFaultWithGroupsIsRefusedRatherThanLeftOut() {
        assertThat(refused("-z", "10s", "--group", "name=probe", "--fault", "at=3s,kind=close-connections").err().strip())
                .startsWith("--fault cannot be used with --group yet");
    }

    @Test
    void aRunEndedByMessageCountsTakesAFaultAndSaysWhenItDidNotCome() {
        // -C ends the run when its messages are sent: when that is is not known before, so the fault is not refused.
        CliOutcome o = CliOutcome.run("--protocol", "in-memory", "-C", "300", "--fault", "at=20s,kind=close-connections");
        assertThat(o.code()).as(o.out() + o.err()).isZero();
        assertThat(o.out()).contains("Notes", "  - Fault close-connections at 20s did not come: publishing ended first.");
    }

    @Test
    void aScenarioFilesFaultsAreFaultsWrittenAsStringsOrMaps() throws Exception {
        Path file = Files.writeString(tmp.resolve("faults.yml"), """
                time: 10s
                warmup: 0s
                faults:
                  - at=3s,kind=close-connections
                  - {at: 20s, kind: command, run: 'echo a, b', for: 2s, undo: echo done}
                """);
        // The map's run= holds a comma and a blank: it is quoted, so the fault reads whole and only its time is wrong.
        assertThat(refused("--scenario", file.toString()).err().strip())
                .isEqualTo("faults.yml line 3: --fault 'at=20s,kind=command,run=\"echo a, b\",for=2s,undo=\"echo done\"' "
                        + "comes at 20s, not before publishing ends (10s in, the warm-up included); give an at= "
                        + "within the run, for example at=5s.");
        Path unknown = Files.writeString(tmp.resolve("unknown.yml"), """
                time: 10s
                faults:
                  - {at: 3s, kind: close-connections, speed: 3}
                """);
        assertThat(refused("--scenario", unknown.toString()).err())
                .startsWith("unknown.yml line 2: --fault 'at=3s,kind=close-connections,speed=3' has an unknown key 'speed'");
        Path ok = Files.writeString(tmp.resolve("ok.yml"), """
                pmessages: 300
                faults:
                  - at=30s,kind=close-connections
                  - {at: 40s, kind: command, run: 'echo a, b'}
                """);
        CliOutcome ran = CliOutcome.run("--protocol", "in-memory", "--scenario", ok.toString());
        assertThat(ran.code()).as(ran.out() + ran.err()).isZero();
        assertThat(ran.out()).contains("Fault close-connections at 30s did not come", "Fault command at 40s did not come");
    }

    @Test
    void aFaultPastTheEndOfTheRunIsRefused() {
        // -z 10s publishes for 15 s: the default warm-up of 5 s comes first, and faults are timed from its start.
        CliOutcome o = CliOutcome.run("-z", "10s", "--fault", "at=30s,kind=close-connections");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("--fault 'at=30s,kind=close-connections' comes at 30s, not before "
                + "publishing ends (15s in, the warm-up included); give an at= within the run, for example at=7500ms.");
    }

    @Test
    void anUnknownKindIsRefused() {
        CliOutcome o = CliOutcome.run("-z", "10s", "--fault", "at=3s,kind=unplug");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip()).startsWith("--fault 'at=3s,kind=unplug' has an unknown kind 'unplug' (one of ")
                .doesNotContain("Exception").doesNotContain("\n");
    }

    @Test
    void aFaultCtlWithoutAFaultAndAFaultWithInstancesAreRefused() {
        assertThat(CliOutcome.run("-z", "10s", "--fault-ctl", "rabbitmqctl").code()).isEqualTo(2);
        CliOutcome o = CliOutcome.run("-z", "10s", "--repeat", "2", "--fault", "at=3s,kind=close-connections");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("--fault cannot be combined with --instances or --repeat");
    }
}
