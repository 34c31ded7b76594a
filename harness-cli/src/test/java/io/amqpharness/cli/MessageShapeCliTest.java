package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad {@code --size} mixes, {@code --routing-keys}, {@code --priority}, {@code --message-ttl} and {@code --header} values: one sentence
 * naming the option with a valid example, exit code 2, before anything connects.
 */
class MessageShapeCliTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--size 100:50%,1kb:40% | --size shares must add up to 100%, got 90%; for example --size 100:50%,1kb:40%,64kb:10%.",
        "--priority 0:80%,5:15% | --priority shares must add up to 100%, got 95%; for example --priority 0:80%,5:15%,9:5%.",
        "--priority 0:50%,300:50% | --priority priorities must be between 0 and 255, got 0:50%,300:50%",
        "--priority high | 'high' is not a priority or a list of distinct PRIORITY:PERCENT% shares",
        "--message-ttl 1parsec:100% | '1parsec:100%' is not a duration or a list of distinct DURATION:PERCENT% shares",
        "--message-ttl 1s:50%,2s:40% | --message-ttl shares must add up to 100%, got 90%",
        "--routing-keys a:50%,b:40% | --routing-keys shares must add up to 100%, got 90%",
        "--header region=eu:50%,us:40% | --header region: the shares must add up to 100%, got 90%",
        "--header region | 'region' is not NAME=VALUE:PERCENT%[,VALUE:PERCENT%...]",
        "--protocol stream --queue-type stream --priority 5 | --priority does not apply to --protocol stream",
        "--protocol stream --queue-type stream --message-ttl 1s | --message-ttl does not apply to --protocol stream",
        "--protocol stream --queue-type stream --routing-keys a | --routing-keys does not apply to --protocol stream",
    })
    void badValuesAreOneSentenceAndExitCode2(String args, String sentence) {
        CliOutcome o = CliOutcome.run((args + " -z 1s").split(" +"));
        assertThat(o.code()).as(o.err()).isEqualTo(2);
        assertThat(o.err()).contains(sentence).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
    }
}
