package io.amqpharness.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.amqpharness.report.document.TestDocuments;
import org.junit.jupiter.api.Test;

class NodeRowsTest {
    private static String interval(long seconds, String leader, String... nodes) {
        StringBuilder n = new StringBuilder();
        for (String node : nodes) {
            n.append(n.length() == 0 ? "" : ",").append("{\"name\":\"").append(node).append("\",\"memoryBytes\":1048576}");
        }
        return "{\"elapsed\":" + seconds * 1_000_000_000L + ",\"broker\":{\"queues\":[{\"name\":\"q\",\"leader\":\""
                + leader + "\"}],\"nodes\":[" + n + "]}}";
    }

    @Test
    void aClusterGetsARowPerIntervalWithEachNodesMemoryOrDownAndTheLeader() throws Exception {
        String json = "{\"intervals\":[" + interval(1, "r1", "r1", "r2") + "," + interval(2, "r2", "r2") + "]}";
        String html = NodeRows.table(TestDocuments.of(new ObjectMapper().readTree(json)));
        assertThat(html).contains("<th>r1 memory (MiB)</th>", "<th>r2 memory (MiB)</th>")
                .contains("<td>1.0</td><td>1.0</td><td>q: r1</td>")
                .contains("<td><span class=\"bad\">down</span></td><td>1.0</td><td>q: r2</td>");
    }

    @Test
    void oneNodeGetsNoTable() throws Exception {
        assertThat(NodeRows.table(TestDocuments.of(new ObjectMapper().readTree("{\"intervals\":[" + interval(1, "r1", "r1") + "]}")))).isEmpty();
    }
}
