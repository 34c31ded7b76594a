package io.amqpharness.run;

import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * What the run cost the client process.
 *
 * @param cpuTime      CPU time used by the whole JVM during the run (all threads, user + system)
 * @param peakHeapBytes highest heap usage seen at an interval boundary, in bytes
 * @param javaVersion  the JVM version
 * @param processors   processors available to the JVM
 */
public record ClientStats(Duration cpuTime, long peakHeapBytes, String javaVersion, int processors) {

    /** CPU time of this JVM so far in nanoseconds, or 0 if the platform cannot tell. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long t = os.getProcessCpuTime();
            return Math.max(0, t);
        }
        return 0;
    }

    static long heapUsedBytes() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
