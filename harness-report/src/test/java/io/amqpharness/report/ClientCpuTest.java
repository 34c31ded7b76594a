package io.amqpharness.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.report.build.RunDocument;
import io.amqpharness.run.SyntheticRun;
import org.junit.jupiter.api.Test;

/** The client's CPU per message is over the measured period; the process's since its start is shown apart. */
class ClientCpuTest {

    @Test
    void theSummaryDividesTheMeasuredPeriodsCpuByItsMessages() {
        // The synthetic run: 1.234 s of CPU during the run, 3.456 s since the JVM started, and 1.000 s over
        // the 10,000 messages of its measured period: 100 µs per message, not the run's CPU over all messages.
        SyntheticRun run = SyntheticRun.create(10, 1000, 1);
        ResultDocument d = RunDocument.of(run.result);
        String text = TextSummary.format(d);
        String line = text.lines().filter(l -> l.startsWith("Client")).findFirst().orElseThrow();
        assertThat(line).startsWith("Client    CPU 1.2 s (100.0 µs per message while measuring; 3.5 s since the JVM started)");
        assertThat(d.client().cpuNanosPerMessage()).hasValue(100_000.0);
    }

    @Test
    void aResultWithoutTheMeasuredPeriodSaysSoInsteadOfDividingTheRunsCpu() {
        ResultDocument.Client old = new ResultDocument.Client(2_000_000_000L, 1L << 20, java.util.OptionalLong.empty(),
                "17", 2);
        assertThat(old.cpuNanosPerMessage()).isEmpty();
    }
}
