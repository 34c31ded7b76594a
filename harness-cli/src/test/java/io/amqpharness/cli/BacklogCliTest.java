package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code --backlog} and its companions on the command line: bad input is one sentence, exit code 2. No broker. */
class BacklogCliTest {

    private static CliOutcome refused(String... args) {
        CliOutcome o = CliOutcome.run(args);
        assertThat(o.code()).as(o.err()).isEqualTo(2);
        assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
        assertThat(o.err()).doesNotContain("Exception").doesNotContain("\tat ");
        return o;
    }

    @Test
    void aBacklogWithoutConsumersIsRefused() {
        assertThat(refused("--backlog", "20000", "-y", "0").err().strip())
                .isEqualTo("--backlog needs consumers to drain it, but -y is 0; for example -y 10.");
        assertThat(refused("--backlog", "20000", "--consumers", "0").err()).contains("but --consumers is 0");
    }

    @Test
    void aNegativeOrZeroBacklogIsRefused() {
        assertThat(refused("--backlog", "-5").err()).contains("'-5' is not a backlog; use a number of messages above 0 "
                + "such as 100000 or a size such as 50mb");
        assertThat(refused("--backlog", "0").err().strip())
                .isEqualTo("--backlog must be above 0 messages or bytes; for example --backlog 100000 or --backlog 50mb.");
        assertThat(refused("--backlog", "lots").err()).contains("'lots' is not a backlog");
    }

    @Test
    void aBacklogOnAStreamIsRefused() {
        assertThat(refused("--backlog", "20000", "--queue-type", "stream").err().strip()).isEqualTo(
                "--backlog fills queues for consumers to drain, but reading a stream removes nothing from it; to "
                        + "measure consumers catching up with a stream use --consumer-start-delay with --stream-offset "
                        + "first.");
    }

    @Test
    void aBacklogWithoutPublishersIsRefused() {
        assertThat(refused("--backlog", "20000", "-x", "0").err())
                .contains("--backlog needs publishers to fill the queues, but -x is 0");
    }

    @Test
    void optionsWithPhasesOfTheirOwnAreRefused() {
        assertThat(refused("--backlog", "20000", "--step", "rate=10,20", "--step-duration", "5s").err())
                .contains("--backlog has phases of its own (fill, then drain) and cannot be combined with --step");
        assertThat(refused("--backlog", "20000", "--consumer-start-delay", "5s").err())
                .contains("cannot be combined with --consumer-start-delay");
        assertThat(refused("--backlog", "20000", "-C", "1000").err()).contains("cannot be combined with -C");
        assertThat(refused("--backlog", "20000", "--exit-when", "empty").err())
                .contains("cannot be combined with --exit-when");
        assertThat(refused("--backlog", "20000", "--warmup", "5s").err())
                .contains("--backlog measures from the first message");
    }

    @Test
    void companionsWithoutABacklogAreRefused() {
        assertThat(refused("--backlog-then", "drain").err().strip())
                .isEqualTo("--backlog-then applies to a backlog run only; add for example --backlog 100000.");
        assertThat(refused("--consumer-arrival", "5").err())
                .contains("--consumer-arrival applies to a backlog run only");
        assertThat(refused("--backlog", "100", "--backlog-then", "later").err())
                .contains("'later' is not what publishers do during the drain; use drain or keep-publishing");
        assertThat(refused("--backlog", "100", "--consumer-arrival", "0").err())
                .contains("--consumer-arrival must be above 0 consumers per second; for example --consumer-arrival 5");
    }
}
