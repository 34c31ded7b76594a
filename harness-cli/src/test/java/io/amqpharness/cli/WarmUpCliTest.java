package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.testing.InMemoryDriver;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The warm-up before a sweep's first run and a find-max's first probe, in process with the in-memory driver. */
class WarmUpCliTest {
    record Run(int code, String out, String err) {
    }

    static Run harness(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), Map.of());
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void aSweepRunsAnUnmeasuredWarmUpAtItsFirstSettingsAndSaysSo() {
        int before = InMemoryDriver.CREATED.size();
        Run r = harness("sweep", "--protocol", "in-memory", "--vary", "rate=50,100", "-z", "500ms", "-i", "100ms");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(InMemoryDriver.CREATED.size() - before).as("a warm-up run, then two measured runs").isEqualTo(3);
        assertThat(r.out()).contains("=== sweep warm-up: 5s at 50, not measured");
        assertThat(r.out().substring(r.out().indexOf("Sweep over rate")))
                .contains("Before run 1, a 5s warm-up run at 50, not measured");
    }

    @Test
    void warmupZeroMeansNoWarmUpRun() {
        int before = InMemoryDriver.CREATED.size();
        Run r = harness("sweep", "--protocol", "in-memory", "--vary", "rate=50,100", "-z", "500ms", "-i", "100ms",
                "--warmup", "0");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(InMemoryDriver.CREATED.size() - before).isEqualTo(2);
        assertThat(r.out()).doesNotContain("warm-up");
    }

    @Test
    void findMaxWarmsUpAtTheStartRateAndANormalEndIsNotAnInterruption() {
        Run r = harness("find-max", "--protocol", "in-memory", "--p99", "1s", "--start-rate", "100", "--max-rate", "100",
                "--probe-duration", "400ms", "-i", "100ms", "--warmup", "1s");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        // A 1 s warm-up, not the default 5 s: FindMaxIT checks the default.
        assertThat(r.out()).contains("after a 1s warm-up at 100 msg/s (not measured)");
        assertThat(r.out()).doesNotContain(" interrupted after ", "Interrupted: publishing stopped early");
    }
}
