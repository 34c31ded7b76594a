package io.amqpharness.report.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.report.TextSummary;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.run.SyntheticRun;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The summary of all groups: its Broker and Queue lines are the groups', not the top level's. */
class GroupSummaryTest {
    private static final ResultDocument LOAD = RunDocument.of(SyntheticRun.create(3, 1000, 7).result);

    private static String line(String summary, String head) {
        return summary.lines().filter(l -> l.startsWith(head)).findFirst().orElseThrow();
    }

    @Test
    void groupsOnTheirOwnQueuesAreEachNamedAndWhatTheyShareIsSaidOnce() {
        ResultDocument probe = GroupMerge.with(LOAD, Map.of("queues", List.of("harness-abc-probe")));
        String summary = TextSummary.formatGroups(LOAD, List.of("load", "probe"), List.of(LOAD, probe));
        String broker = line(TextSummary.format(LOAD), "Broker    ");
        assertThat(line(summary, "Broker    ")).isEqualTo(broker + ", every group");
        String queueType = LOAD.scenario().queueType();
        assertThat(line(summary, "Queue     ")).isEqualTo("Queue     load: " + String.join(", ", LOAD.queues()) + " ("
                + queueType + "); probe: harness-abc-probe (" + queueType + ")");
        // Everything after the head is the document of all groups' own.
        String all = TextSummary.format(LOAD);
        assertThat(summary.substring(summary.indexOf("Scenario  "))).isEqualTo(all.substring(all.indexOf("Scenario  ")));
    }

    @Test
    void groupsSharingAQueueNameItOnce() {
        String summary = TextSummary.formatGroups(LOAD, List.of("pub", "sub"), List.of(LOAD, LOAD));
        assertThat(line(summary, "Queue     ")).endsWith("), every group");
    }
}
