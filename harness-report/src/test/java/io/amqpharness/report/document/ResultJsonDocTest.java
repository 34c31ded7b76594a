package io.amqpharness.report.document;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The field tables of docs/result-json.md are made from the document records' Javadoc
 * ({@link RecordDocs}), its metric table from {@code Metric} ({@link MetricDocs}), its scenario
 * table from the scenario's settings records ({@link ScenarioDocs}); the prose around
 * them is written by hand. Regenerate the tables with
 * {@code -Dresult.doc.write=true}.
 */
class ResultJsonDocTest {
    private static final Path DOC = Path.of("..", "docs", "result-json.md");
    private static final Pattern TABLE = Pattern.compile(
            "(<!-- generated from (.+?) -->\n)(.*?)(<!-- end of generated table -->)", Pattern.DOTALL);

    /** The doc with each marked table made again from the records. */
    static String regenerated(String doc) {
        Matcher m = TABLE.matcher(doc);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String table = m.group(2).equals("Metric") ? MetricDocs.table()
                    : m.group(2).equals("Scenario") ? ScenarioDocs.table() : RecordDocs.table(RecordDocs.parse(m.group(2)));
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + table + m.group(4)));
        }
        m.appendTail(out);
        return out.toString();
    }

    @Test
    void theFieldTablesOfTheDocAreTheRecordsJavadoc() throws Exception {
        String doc = Files.readString(DOC);
        String generated = regenerated(doc);
        if (Boolean.getBoolean("result.doc.write") && !generated.equals(doc)) {
            Files.writeString(DOC, generated);
            doc = generated;
        }
        assertThat(TABLE.matcher(doc).results().count()).as("generated tables").isGreaterThanOrEqualTo(14);
        assertThat(doc).as("docs/result-json.md is out of date: run this test with -Dresult.doc.write=true")
                .isEqualTo(generated);
    }

    @Test
    void theMetricTableHasARowPerSeriesWithItsNamesAndMeaning() {
        String table = MetricDocs.table();
        for (io.amqpharness.measure.Metric m : io.amqpharness.measure.Metric.values()) {
            assertThat(table).contains("| " + m.label() + " | `" + m.jsonKey() + "` | `" + m.logFileName() + "` | ");
        }
        assertThat(table).contains("| e2e from send | `endToEndFromSend` | `e2e-from-send.hlog` | `end_to_end_from_send_*` "
                + "| `harness_end_to_end_from_send_latency_seconds` | `e2e-from-send.p99` | From the actual send to receipt")
                .contains("| churn open | `churnOpen` | `churn-open.hlog` | `churn_open_*` "
                        + "| `harness_churn_open_latency_seconds` | none | Connection churn (`--churn-rate`)");
    }

    @Test
    void aMeaningIsTheParamTagAsMarkdownAndNanosecondsAreItsType() {
        assertThat(RecordDocs.markdown("sent with {@code --rate}, see {@link Latencies#endToEnd()}"))
                .isEqualTo("sent with `--rate`, see `endToEnd`");
        String table = RecordDocs.table(RecordDocs.parse("Interval as intervals[]."));
        assertThat(table).contains("| `intervals[].elapsed` | nanoseconds | ")
                .contains("| `intervals[].broker` | object or null | ")
                .contains("| `intervals[].sentPerSecond` | number | ");
        assertThat(RecordDocs.table(RecordDocs.parse("Ladder as latency.<metric>.")))
                .contains("| `latency.<metric>.mean` | nanoseconds (decimal) | arithmetic mean |");
    }
}
