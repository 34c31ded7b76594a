package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code --fault} and {@code --fault-ctl} refused before anything connects: one sentence, exit code 2. */
class FaultCliTest {

    @Test
    void aFaultPastTheEndOfTheRunIsRefused() {
        // -z 10s publishes for 15 s: the default warm-up of 5 s comes first, and faults are timed from its start.
        CliOutcome o = CliOutcome.run("-z", "10s", "--fault", "at=30s,kind=close-connections");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("--fault 'at=30s,kind=close-connections' comes at 30s, not before "
                + "publishing ends (15s in, --time with any warm-up); give an at= within the run, for example at=7500ms.");
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
