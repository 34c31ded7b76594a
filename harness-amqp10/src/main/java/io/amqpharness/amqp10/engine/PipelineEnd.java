package io.amqpharness.amqp10.engine;

import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineHandler;
import org.apache.qpid.protonj2.engine.EngineHandlerContext;
import org.apache.qpid.protonj2.engine.exceptions.EngineFailedException;

/**
 * The last handler of an engine's pipeline: it ends the "state changed" and "failed" events there.
 *
 * <p>In protonj2 1.1.0 no stock handler consumes these two events, and the pipeline's write boundary
 * is its own successor, so each one recurses on that boundary until the stack overflows: every
 * {@code engine.shutdown()} (each closed connection) cost a {@link StackOverflowError} some 175,000
 * frames deep, caught by the engine. Closing 5,000 idle connections took two I/O threads at 70 % for
 * 20 s. Nothing after the frame encoder acts on either event, so ending them here changes nothing else;
 * writes and reads pass through untouched.
 */
final class PipelineEnd implements EngineHandler {
    private PipelineEnd() {
    }

    /** Appends the handler to {@code engine}'s pipeline, after every other handler; before the engine starts. */
    static void install(Engine engine) {
        engine.pipeline().addLast("harness-pipeline-end", new PipelineEnd());
    }

    @Override
    public void handleEngineStateChanged(EngineHandlerContext context) {
        // the end of the event: nothing after this handler acts on it
    }

    @Override
    public void engineFailed(EngineHandlerContext context, EngineFailedException failure) {
        // the end of the event: the engine's error handler already has it
    }
}
