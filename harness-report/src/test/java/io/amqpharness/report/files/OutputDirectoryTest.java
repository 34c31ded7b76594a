package io.amqpharness.report.files;

import io.amqpharness.report.build.RunDocument;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.HarnessException;
import io.amqpharness.report.document.ResultDocuments;
import io.amqpharness.measure.Metric;
import io.amqpharness.report.io.AtomicFiles;
import io.amqpharness.run.SyntheticRun;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogProcessor;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files of a run, written through the listener calls a run makes. */
class OutputDirectoryTest {
    @TempDir
    Path tmp;

    static OutputDirectory play(SyntheticRun run, Path dir) {
        OutputDirectory files = OutputDirectory.prepare(dir);
        files.started(run.start);
        for (int i = 0; i < run.intervals.size(); i++) {
            files.interval(run.intervals.get(i));
            files.intervalHistograms(run.intervals.get(i), run.intervalHistograms.get(i));
        }
        files.finished(run.result);
        return files;
    }

    @Test
    void writesEveryFile() {
        SyntheticRun run = SyntheticRun.create(10, 1000, 1);
        Path dir = tmp.resolve("nested/run-1");
        OutputDirectory files = play(run, dir);
        assertThat(files.problem()).isEmpty();
        assertThat(dir).isDirectory();
        assertThat(files.written()).extracting(p -> p.getFileName().toString()).containsExactlyInAnyOrder(
                "end-to-end.hlog", "e2e-from-send.hlog", "round-trip.hlog", "confirm.hlog", "publish-delay.hlog", "churn-open.hlog", "intervals.csv", "result.json", "report.html");
        files.written().forEach(p -> assertThat(p).isNotEmptyFile());
    }

    @Test
    void itsRecorderWritesTheLogsAsTheRunGoesAndTheResultFilesComeFromTheDocumentItIsGiven() throws Exception {
        SyntheticRun run = SyntheticRun.create(3, 100, 1);
        OutputDirectory files = OutputDirectory.prepare(tmp);
        io.amqpharness.run.RunListener recorder = files.recorder();
        recorder.started(run.start);
        for (int i = 0; i < run.intervals.size(); i++) {
            recorder.intervalHistograms(run.intervals.get(i), run.intervalHistograms.get(i));
        }
        recorder.finished(run.result);
        assertThat(tmp.resolve(ResultDocuments.FILE_NAME)).doesNotExist();
        assertThat(tmp.resolve(IntervalsCsv.FILE_NAME)).isNotEmptyFile();

        io.amqpharness.report.document.ResultDocument given = RunDocument.of(run.result);
        files.finished(run.result, given);

        assertThat(files.problem()).isEmpty();
        assertThat(ResultDocuments.read(tmp)).isEqualTo(given);
        assertThat(tmp.resolve(OutputDirectory.REPORT_FILE)).isNotEmptyFile();
    }

    @Test
    void theReportOfARunIsTheOneRenderedAgainFromItsResultJson() throws Exception {
        SyntheticRun run = SyntheticRun.create(10, 1000, 1);
        Path dir = tmp.resolve("run");
        play(run, dir).close();
        String again = io.amqpharness.report.html.HtmlReport.render(List.of(new io.amqpharness.report.html.ReportRun(
                run.result.runId(), io.amqpharness.report.document.ResultDocuments.read(dir))));
        assertThat(again).isEqualTo(Files.readString(dir.resolve(OutputDirectory.REPORT_FILE)))
                .contains("<h1>amqp-harness run abc123</h1>", "<h2>Steps</h2>", "<h2>Broker metrics</h2>");
    }

    @Test
    void eachHistogramLogReadsBackWithTheRunsCount() throws Exception {
        SyntheticRun run = SyntheticRun.create(10, 1000, 2);
        play(run, tmp);
        for (Metric m : Metric.values()) {
            File log = tmp.resolve(HistogramLogs.fileName(m)).toFile();
            HistogramLogReader reader = new HistogramLogReader(log);
            Histogram total = new Histogram(3);
            List<EncodableHistogram> intervals = new ArrayList<>();
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                intervals.add(h);
                total.add((Histogram) h);
            }
            reader.close();
            assertThat(intervals).as(m.label()).hasSize(run.intervals.size());
            assertThat(total.getTotalCount()).as(m.label()).isEqualTo(run.totalCount(m))
                    .isEqualTo(run.result.histograms().count(m));
            assertThat(total.getMaxValue()).as(m.label())
                    .isEqualTo(run.result.histograms().histogram(m).getMaxValue());
            assertThat(intervals.get(0).getStartTimeStamp()).isEqualTo(SyntheticRun.STARTED_AT.toEpochMilli());
            assertThat(reader.getStartTimeSec()).isEqualTo(SyntheticRun.STARTED_AT.getEpochSecond());
        }
    }

    @Test
    void histogramLogProcessorReadsTheLog() throws Exception {
        SyntheticRun run = SyntheticRun.create(5, 500, 3);
        play(run, tmp);
        Path out = tmp.resolve("processed");
        HistogramLogProcessor processor = new HistogramLogProcessor(new String[] {
            "-i", tmp.resolve("end-to-end.hlog").toString(), "-o", out.toString()});
        processor.run();
        String hgrm = Files.readString(tmp.resolve("processed.hgrm"));
        assertThat(hgrm).contains("#[Mean");
        assertThat(hgrm).containsPattern("Total count += +" + run.totalCount(Metric.END_TO_END) + "\\]");
        // Values are nanoseconds and the processor's default unit ratio turns them into ms: the
        // stall of about 2 s shows as a maximum of about 2,000.
        assertThat(hgrm).containsPattern("Max += +(19|20)[0-9]{2}\\.[0-9]+");
        assertThat(Files.readAllLines(out)).hasSizeGreaterThan(run.intervals.size());
    }

    @Test
    void aPathThatIsAFileIsOneClearSentence() throws Exception {
        Path file = Files.writeString(tmp.resolve("taken"), "x");
        assertThatThrownBy(() -> OutputDirectory.prepare(file))
                .isInstanceOf(HarnessException.class)
                .hasMessage("--output-dir " + file + " exists and is not a directory; give a directory.");
        assertThatThrownBy(() -> OutputDirectory.prepare(file.resolve("below")))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("Cannot create the directory " + file.resolve("below") + " for --output-dir: ");
    }

    @Test
    void aFileThatCannotBeWrittenIsReportedAndTheOthersAreStillWritten() throws Exception {
        SyntheticRun run = SyntheticRun.create(3, 100, 4);
        Files.createDirectories(tmp.resolve("result.json")); // a directory where the file should go
        OutputDirectory files = play(run, tmp);
        assertThat(files.problem()).hasValueSatisfying(p -> assertThat(p)
                .startsWith("Cannot write " + tmp.resolve("result.json") + ": ").endsWith(".")
                .doesNotContain("\n"));
        assertThat(tmp.resolve("report.html")).isNotEmptyFile();
        assertThat(tmp.resolve("intervals.csv")).isNotEmptyFile();
        assertThat(files.written()).doesNotContain(tmp.resolve("result.json"));
    }

    @Test
    void aDirectoryHoldsARunOnlyWhenARunsFilesAreInIt() throws Exception {
        assertThat(OutputDirectory.heldResult(tmp.resolve("missing"))).isEmpty();
        Files.writeString(tmp.resolve("notes.txt"), "mine");
        assertThat(OutputDirectory.heldResult(tmp)).isEmpty();

        SyntheticRun run = SyntheticRun.create(3, 100, 5);
        play(run, tmp.resolve("done"));
        assertThat(OutputDirectory.heldResult(tmp.resolve("done"))).hasValue(new OutputDirectory.Held(
                "run " + run.result.runId(), List.of(tmp.resolve("done/result.json"))));

        Path killed = Files.createDirectories(tmp.resolve("killed"));
        Files.writeString(killed.resolve("end-to-end.hlog"), "");
        Files.writeString(killed.resolve("intervals.csv"), "");
        assertThat(OutputDirectory.heldResult(killed)).hasValue(new OutputDirectory.Held("the files of a run",
                List.of(killed.resolve("intervals.csv"), killed.resolve("end-to-end.hlog"))));

        Files.writeString(killed.resolve("result.json"), "{\"half");
        assertThat(OutputDirectory.heldResult(killed)).hasValue(new OutputDirectory.Held("a result.json",
                List.of(killed.resolve("result.json"))));
    }

    @Test
    void aRunThatStartsRemovesTheSummaryAnEarlierRunLeftSoItNeverDescribesTheNewLogs() throws Exception {
        SyntheticRun first = SyntheticRun.create(3, 100, 6);
        play(first, tmp);
        SyntheticRun second = SyntheticRun.create(2, 100, 7);
        try (OutputDirectory files = OutputDirectory.prepare(tmp)) {
            files.started(second.start);
            assertThat(tmp.resolve("result.json")).doesNotExist();
            assertThat(tmp.resolve("report.html")).doesNotExist();
            files.finished(second.result);
            assertThat(files.problem()).isEmpty();
        }
        assertThat(ResultDocuments.readTree(tmp).path("intervals").size()).isEqualTo(second.result.intervals().size())
                .isNotEqualTo(first.result.intervals().size());
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(AtomicFiles.TEMPORARY_SUFFIX));
        }
    }
}
