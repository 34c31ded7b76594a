package io.amqpharness.result;

import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * What the run cost the client process.
 *
 * @param cpuTime      CPU time used by the whole JVM during the run (all threads, user + system)
 * @param peakHeapBytes highest heap usage seen at an interval boundary, in bytes
 * @param peakRssBytes  the process's peak resident set size in bytes (Linux {@code VmHWM}), if known
 * @param javaVersion  the JVM version
 * @param processors   processors available to the JVM
 */
public record ClientStats(Duration cpuTime, long peakHeapBytes, java.util.OptionalLong peakRssBytes,
                          String javaVersion, int processors) {

    /** Peak resident set size of this process from {@code /proc/self/status}, where Linux provides it. */
    public static java.util.OptionalLong peakRss() {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    String kb = line.substring(6).trim().split("\\s+")[0];
                    return java.util.OptionalLong.of(Long.parseLong(kb) * 1024);
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux, or not readable: unknown
        }
        return java.util.OptionalLong.empty();
    }

    /** CPU time of this JVM so far in nanoseconds, or 0 if the platform cannot tell. */
    public static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long t = os.getProcessCpuTime();
            return Math.max(0, t);
        }
        return 0;
    }

    /** Heap in use by this JVM now, in bytes. */
    public static long heapUsedBytes() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
