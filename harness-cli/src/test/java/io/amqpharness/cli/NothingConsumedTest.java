package io.amqpharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.result.RunResult;
import io.amqpharness.run.SyntheticRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.RecordComponent;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run that asked for consumers and consumed nothing says so and exits 1, instead of passing quietly. */
class NothingConsumedTest {

    /** The run with some components replaced, through the canonical constructor (new components keep working). */
    private static RunResult with(RunResult r, Map<String, Object> replaced) throws Exception {
        RecordComponent[] components = RunResult.class.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            args[i] = replaced.containsKey(components[i].getName()) ? replaced.get(components[i].getName())
                    : components[i].getAccessor().invoke(r);
        }
        return RunResult.class.getDeclaredConstructor(types).newInstance(args);
    }

    private static RunResult consumedNothing(int consumers) throws Exception {
        RunResult r = SyntheticRun.create(5, 100, 1).result;
        return with(r, Map.of("counts", SyntheticRun.counts(Map.of("published", 500L)),
                "scenario", io.amqpharness.scenario.Scenario.builder().consumers(consumers).producers(1).build()));
    }

    @Test
    void consumersThatReceivedNothingFailTheRunWithOneSentence() throws Exception {
        StringWriter err = new StringWriter();
        int code = HarnessCommand.exitCode(consumedNothing(2), new PrintWriter(err));
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("No message was consumed").contains("2 consumers")
                .contains("500 published").contains("exit code 1");
    }

    @Test
    void withoutConsumersConsumingNothingIsFine() throws Exception {
        StringWriter err = new StringWriter();
        assertThat(HarnessCommand.exitCode(consumedNothing(0), new PrintWriter(err))).isZero();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aRunThatConsumedIsUntouched() throws Exception {
        StringWriter err = new StringWriter();
        RunResult r = SyntheticRun.create(5, 100, 1).result;
        assertThat(r.counts().consumed()).isPositive();
        assertThat(HarnessCommand.exitCode(r, new PrintWriter(err))).isZero();
    }
}
