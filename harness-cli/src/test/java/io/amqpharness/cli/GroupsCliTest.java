package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --group} and a scenario file's {@code groups:}: what is refused before anything connects, in one sentence, exit 2. */
class GroupsCliTest {
    @TempDir
    Path tmp;

    /** A port nothing listens on: a run that got past the checks would fail with exit code 1, not 2. */
    private static final String NOWHERE = "amqp://localhost:1";

    private static CliOutcome run(String... groupArgs) {
        String[] args = new String[groupArgs.length + 2];
        args[0] = "--uri";
        args[1] = NOWHERE;
        System.arraycopy(groupArgs, 0, args, 2, groupArgs.length);
        return CliOutcome.run(args);
    }

    private static void assertOneSentence(CliOutcome o, String... parts) {
        assertThat(o.code()).as(o.out() + o.err()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).contains(parts).doesNotContain("Exception", "\tat ");
    }

    @Test
    void anUnknownGroupFieldIsOneSentenceNamingItAndTheClosestOption() {
        CliOutcome o = run("--group", "name=probe,queu-type=quorum");
        assertOneSentence(o, "--group probe: 'queu-type' is not a group field (did you mean queue-type?)",
                "for example --group name=probe,rate=10,queue-type=quorum.");
    }

    @Test
    void anOptionThatIsNotARunOptionIsNotAGroupField() {
        assertOneSentence(run("--group", "name=probe,output-dir=x"), "'output-dir' is not a group field");
    }

    @Test
    void twoGroupsWithOneNameAreRefused() {
        assertOneSentence(run("--group", "name=a,rate=1", "--group", "name=a,rate=2"), "Two groups are named 'a'");
    }

    @Test
    void aGroupWithoutANameOrWithABadNameIsRefused() {
        assertOneSentence(run("--group", "rate=10"), "has no name; start it with name=");
        assertOneSentence(run("--group", "name=Probe_1,rate=10"), "the name 'Probe_1' must be lowercase letters");
        assertOneSentence(run("--group", "probe,rate=10"), "'probe' is not key=value");
    }

    @Test
    void aBadValueIsTheOptionsOwnSentencePrefixedByTheGroup() {
        CliOutcome o = run("--group", "name=probe,queue-type=lazy");
        assertOneSentence(o, "--group probe: ", "lazy");
        CliOutcome checked = run("--group", "name=probe,rate=-5");
        assertOneSentence(checked, "--group probe: ", "--rate");
    }

    @Test
    void aRuleBetweenOptionsIsCheckedOnEachGroupsWholeScenario() {
        // The top level's defaults and the group's fields together make the scenario that is checked.
        CliOutcome o = run("--queue-type", "stream", "--group", "name=probe,protocol=amqp091,multi-ack-every=10,qos=0");
        assertThat(o.code()).as(o.err()).isEqualTo(2);
        assertThat(o.err()).startsWith("--group probe: ");
    }

    @Test
    void settingsEveryGroupSharesAreNotAGroupsAndSomeOptionsDoNotGoWithGroupsYet() {
        assertOneSentence(run("--group", "name=probe,interval=5s"),
                "--group probe: interval is the same for every group, so it cannot be a group's; give it outside "
                        + "--group, for example --interval 1s.");
        assertOneSentence(run("--repeat", "3", "--group", "name=probe"), "--repeat cannot be used with --group");
        assertOneSentence(run("--barrier", "2", "--group", "name=probe"), "--barrier cannot be used with --group");
    }

    @Test
    void aSwitchTakesTrueOrFalse() {
        assertOneSentence(run("--group", "name=probe,predeclared=maybe"), "predeclared is a switch: write "
                + "predeclared=true or predeclared=false.");
    }

    @Test
    void aScenarioFilesGroupsBecomeGroupsAndTheirProblemsNameTheGroup() throws Exception {
        Path file = tmp.resolve("groups.yml");
        Files.writeString(file, """
                time: 5s
                groups:
                  load:
                    queue-type: classic
                    rate: 1000
                  probe:
                    queue-typo: quorum
                """);
        CliOutcome o = run("--scenario", file.toString());
        assertOneSentence(o, "--group probe: 'queue-typo' is not a group field (did you mean queue-type?)");
    }

    @Test
    void aScenarioFilesGroupsMustBeAMapOfNames() throws Exception {
        Path file = tmp.resolve("groups.yml");
        Files.writeString(file, """
                groups:
                  - rate: 10
                """);
        assertOneSentence(run("--scenario", file.toString()), "groups.yml line 1: groups holds a map from each "
                + "group's name to its options");
    }

    @Test
    void aGroupsValueMayHoldCommasBeforeTheNextKey() {
        GroupSpec g = GroupSpec.parse("name=mix,size=100,1000,rate=10,fail-if=lost>0,fail-if=e2e.p99>5ms");
        assertThat(g.name()).isEqualTo("mix");
        assertThat(g.fields()).extracting(GroupSpec.Field::key).containsExactly("size", "rate", "fail-if", "fail-if");
        assertThat(g.fields().get(0).value()).isEqualTo("100,1000");
    }
}
