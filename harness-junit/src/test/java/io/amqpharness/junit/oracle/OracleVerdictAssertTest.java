package io.amqpharness.junit.oracle;

import static io.amqpharness.junit.oracle.OracleAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class OracleVerdictAssertTest {
    private final OracleVerdict verdict = new OracleVerdict("r1", List.of(
            new OracleVerdict.Check("published", OracleVerdict.Status.AGREES, "recorded 10, result 10"),
            new OracleVerdict.Check("lost", OracleVerdict.Status.DISAGREES, "the result says 3 lost, but only 0"),
            new OracleVerdict.Check("left", OracleVerdict.Status.CANNOT_JUDGE, "the result does not say")));

    @Test
    void aDisagreementFailsWithItsNumbers() {
        assertThatThrownBy(() -> assertThat(verdict).agreesWithTheBroker())
                .hasMessageContaining("run r1").hasMessageContaining("the result says 3 lost, but only 0");
    }

    @Test
    void aCheckThatCouldNotBeJudgedIsNotJudgedAndSaysWhy() {
        assertThatThrownBy(() -> assertThat(verdict).judged("left")).hasMessageContaining("the result does not say");
        assertThatThrownBy(() -> assertThat(verdict).judged("duplicated")).hasMessageContaining("no such check");
        assertThat(verdict).judged("published").judged("lost").disagreesOn("lost");
    }

    @Test
    void onlyDisagreementsCount() {
        OracleVerdict fine = new OracleVerdict("r2", List.of(verdict.checks().get(0), verdict.checks().get(2)));
        assertThat(fine).agreesWithTheBroker();
        org.assertj.core.api.Assertions.assertThat(fine.cannotJudge()).hasSize(1);
        assertThatThrownBy(() -> assertThat(fine).disagreesOn("published")).hasMessageContaining("r2");
    }
}
