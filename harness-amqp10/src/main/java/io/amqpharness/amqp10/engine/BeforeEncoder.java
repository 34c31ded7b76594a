package io.amqpharness.amqp10.engine;

import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineHandler;

/**
 * Where the driver's own handlers go in an engine's pipeline: just before protonj2's frame encoder,
 * its last handler until {@link PipelineEnd} follows it. Output passes the handlers from the first to
 * the last, input from the last to the first, so a handler put here later sits after those put here
 * before it on the way out, and before them on the way in.
 */
final class BeforeEncoder {
    private BeforeEncoder() {
    }

    /** Puts {@code handler} under {@code name} just before the frame encoder; before the engine starts. */
    static <H extends EngineHandler> H install(Engine engine, String name, H handler) {
        EngineHandler encoder = engine.pipeline().last();
        engine.pipeline().removeLast();
        engine.pipeline().addLast(name, handler);
        engine.pipeline().addLast("frame-encoder", encoder);
        return handler;
    }
}
