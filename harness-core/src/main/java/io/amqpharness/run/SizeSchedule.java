package io.amqpharness.run;

import io.amqpharness.scenario.PublishSettings;
import io.amqpharness.scenario.SizeStep;
import java.util.List;

/**
 * The body a publisher sends at a given moment: one reused array per size, switched on a
 * repeating schedule measured from the start of the run, or drawn per message from a mix of sizes
 * ({@link SizeDraw}). Used by one publishing thread.
 */
final class SizeSchedule {
    /** With a mix of sizes: the draw; null otherwise. */
    private final SizeDraw draw;
    private final byte[][] bodies;
    private final long[] stepNanos;
    private final long cycleNanos;
    private final long startNanos;
    private int current;
    private long nextSwitchNanos;

    /**
     * What a publisher's settings ask for: a mix (drawn from {@code seed}, the publisher's own), a
     * schedule of sizes starting at {@code startNanos}, or one size.
     */
    static SizeSchedule of(PublishSettings settings, long startNanos, long seed) {
        if (!settings.variableSize().isEmpty()) {
            return new SizeSchedule(settings.variableSize(), startNanos);
        }
        return settings.sizeMix().isFixed() ? new SizeSchedule(settings.messageSizeBytes())
                : new SizeSchedule(new SizeDraw(settings.sizeMix(), seed));
    }

    private SizeSchedule(SizeDraw draw) {
        this.draw = draw;
        this.bodies = new byte[0][];
        this.stepNanos = new long[0];
        this.cycleNanos = Long.MAX_VALUE;
        this.startNanos = 0;
        this.nextSwitchNanos = Long.MAX_VALUE;
    }

    /** A single size. */
    SizeSchedule(int bytes) {
        this.draw = null;
        this.bodies = new byte[][] {new byte[bytes]};
        this.stepNanos = new long[] {Long.MAX_VALUE};
        this.cycleNanos = Long.MAX_VALUE;
        this.startNanos = 0;
        this.nextSwitchNanos = Long.MAX_VALUE;
    }

    /** Sizes that follow each other, starting at {@code startNanos}. */
    SizeSchedule(List<SizeStep> steps, long startNanos) {
        this.draw = null;
        this.bodies = new byte[steps.size()][];
        this.stepNanos = new long[steps.size()];
        long cycle = 0;
        for (int i = 0; i < steps.size(); i++) {
            bodies[i] = new byte[steps.get(i).bytes()];
            stepNanos[i] = steps.get(i).duration().toNanos();
            cycle += stepNanos[i];
        }
        this.cycleNanos = cycle;
        this.startNanos = startNanos;
        this.nextSwitchNanos = startNanos + stepNanos[0];
    }

    /** The body to use at {@code nowNanos} for the message numbered {@code seq}. */
    byte[] body(long nowNanos, long seq) {
        if (draw != null) {
            return draw.body(seq);
        }
        return body(nowNanos);
    }

    /** The body to use at {@code nowNanos} (a single size or a schedule; not for a mix). */
    byte[] body(long nowNanos) {
        if (nowNanos - nextSwitchNanos >= 0 && bodies.length > 1) {
            long intoCycle = Math.floorMod(nowNanos - startNanos, cycleNanos);
            long cycleStart = nowNanos - intoCycle;
            long end = 0;
            for (int i = 0; i < stepNanos.length; i++) {
                end += stepNanos[i];
                if (intoCycle < end) {
                    current = i;
                    nextSwitchNanos = cycleStart + end;
                    break;
                }
            }
        }
        return bodies[current];
    }
}
