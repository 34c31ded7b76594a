package io.amqpharness.amqp10.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.EngineHandler;
import org.apache.qpid.protonj2.engine.EngineHandlerContext;
import org.junit.jupiter.api.Test;

/**
 * An engine's shutdown with and without the pipeline's end: a probe just before the end (or before the
 * pipeline's boundary) sees whether passing the state change on overflows the stack, as it does in
 * protonj2 1.1.0 alone.
 */
class PipelineEndTest {

    /** True if the state change of a shutdown, passed on after the last handler, overflowed the stack. */
    private static boolean shutdownOverflows(boolean withEnd) {
        Engine engine = EngineFactory.PROTON.createNonSaslEngine();
        DispositionRanges.install(engine);
        AtomicBoolean overflowed = new AtomicBoolean();
        engine.pipeline().addLast("probe", new EngineHandler() {
            @Override
            public void handleEngineStateChanged(EngineHandlerContext context) {
                try {
                    context.fireEngineStateChanged();
                } catch (StackOverflowError e) {
                    overflowed.set(true);
                    throw e;
                }
            }
        });
        if (withEnd) {
            PipelineEnd.install(engine);
        }
        engine.outputHandler((buffer, done) -> {
            if (done != null) {
                done.run();
            }
        });
        engine.start();
        engine.shutdown();
        return overflowed.get();
    }

    @Test
    void aShutdownsStateChangeEndsAtThePipelinesEnd() {
        assertThat(shutdownOverflows(true)).isFalse();
    }

    @Test
    void withoutItTheStateChangeRecursesUntilTheStackOverflows() {
        // The library's behaviour the handler works around: if a protonj2 upgrade fixes it, this test says so.
        assertThat(shutdownOverflows(false)).isTrue();
    }
}
