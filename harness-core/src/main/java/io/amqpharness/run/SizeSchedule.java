package io.amqpharness.run;

import io.amqpharness.scenario.SizeStep;
import java.util.List;

/**
 * The body a publisher sends at a given moment: one reused array per size, switched on a
 * repeating schedule measured from the start of the run. Used by one publishing thread.
 */
final class SizeSchedule {
    private final byte[][] bodies;
    private final long[] stepNanos;
    private final long cycleNanos;
    private final long startNanos;
    private int current;
    private long nextSwitchNanos;

    /** A single size. */
    SizeSchedule(int bytes) {
        this.bodies = new byte[][] {new byte[bytes]};
        this.stepNanos = new long[] {Long.MAX_VALUE};
        this.cycleNanos = Long.MAX_VALUE;
        this.startNanos = 0;
        this.nextSwitchNanos = Long.MAX_VALUE;
    }

    /** Sizes that follow each other, starting at {@code startNanos}. */
    SizeSchedule(List<SizeStep> steps, long startNanos) {
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

    /** The body to use at {@code nowNanos}. */
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
