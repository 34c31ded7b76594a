package io.amqpharness.report.files;

import io.amqpharness.report.merge.ResultMerge;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.amqpharness.report.TextSummary;
import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.report.html.HtmlReport;
import io.amqpharness.report.html.ReportRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files written by an earlier build ({@code src/test/resources/written-by-0.1.0-2026-11-28}: two
 * paced, stepped in-memory runs as instances {@code a} and {@code b}, and their merge) read, print,
 * merge and render as they did then, and are written back byte for byte: the shape of
 * {@code result.json} does not change under its readers. The summaries were printed by that build
 * ({@code -Dold.files.write=true} writes them again).
 */
class OldResultFilesTest {
    private static final Path OLD = Path.of("src", "test", "resources", "written-by-0.1.0-2026-11-28");

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"a", "b", "merged"})
    void aFileReadsAndWritesBackByteForByte(String dir) throws Exception {
        String text = Files.readString(OLD.resolve(dir).resolve(ResultDocuments.FILE_NAME));
        ResultDocument read = ResultDocuments.read(OLD.resolve(dir));
        assertThat(ResultDocuments.toJson(read)).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "merged"})
    void theSummaryOfAnOldFileIsTheOneThatBuildPrinted(String dir) throws Exception {
        String summary = TextSummary.format(ResultDocuments.read(OLD.resolve(dir)));
        Path expected = OLD.resolve(dir + "-summary.txt");
        if (Boolean.getBoolean("old.files.write")) {
            Files.writeString(expected, summary);
        }
        assertThat(summary).isEqualTo(Files.readString(expected));
    }

    @Test
    void oldInstancesMergeAsThatBuildMergedThem() throws Exception {
        ResultDocument merged = ResultMerge.write(List.of(OLD.resolve("a"), OLD.resolve("b")), tmp);
        ObjectNode now = (ObjectNode) ResultDocuments.toTree(merged);
        ObjectNode then = (ObjectNode) ResultDocuments.readTree(OLD.resolve("merged"));
        for (ObjectNode n : List.of(now, then)) {
            n.remove(List.of("generator", "client", "environment"));
            n.path("instances").forEach(i -> ((ObjectNode) i).remove("directory"));
        }
        List<String> differ = new java.util.ArrayList<>();
        then.fieldNames().forEachRemaining(f -> {
            if (now.get(f) == null || !then.get(f).toString().equals(now.get(f).toString())) {
                differ.add(f);
            }
        });
        assertThat(differ).as("fields merged otherwise than then").isEmpty();
        assertThat(now.size()).isEqualTo(then.size());
        for (String log : List.of("end-to-end.hlog", "e2e-from-send.hlog", "publish-delay.hlog")) {
            assertThat(tmp.resolve(log)).as(log).exists();
        }
        assertThat(tmp.resolve("confirm.hlog")).doesNotExist();
    }

    @Test
    void anOldFileRendersAsAReportWithItsSeries() {
        String html = HtmlReport.render(List.of(new ReportRun("a", ResultDocuments.read(OLD.resolve("a"))),
                new ReportRun("merged", ResultDocuments.read(OLD.resolve("merged")))));
        assertThat(html).contains("End-to-end from the actual send").contains("Publish delay");
    }
}
