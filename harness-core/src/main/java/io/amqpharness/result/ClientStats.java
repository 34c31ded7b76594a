package io.amqpharness.result;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the run cost the client process.
 *
 * @param cpuTime        CPU time used by the whole JVM during the run (all threads, user + system), from the
 *                       start of publishing to the end of the run (warm-up, drain and the broker's figures included)
 * @param peakHeapBytes  highest heap usage seen at an interval boundary, in bytes
 * @param peakRssBytes   the process's peak resident set size in bytes (Linux {@code VmHWM}), if known
 * @param javaVersion    the JVM version
 * @param processors     processors available to the JVM
 * @param measured       the CPU time and the messages of the measured period (after {@code --warmup}, to the
 *                       end of publishing), the basis of the CPU per message; empty when not known
 * @param processCpuTime CPU time used by the JVM from its start to the end of the run (its start-up, class
 *                       loading and setting up the run included)
 */
public record ClientStats(Duration cpuTime, long peakHeapBytes, java.util.OptionalLong peakRssBytes,
                          String javaVersion, int processors, Optional<Measured> measured, Duration processCpuTime) {

    /**
     * The client's CPU over the measured period.
     *
     * @param cpuTime  CPU time of the whole JVM from the start of measuring (the end of {@code --warmup}, else
     *                 the start of publishing) to the end of publishing
     * @param messages the messages of that period: those published or those consumed, whichever is more
     */
    public record Measured(Duration cpuTime, long messages) {
        /** CPU nanoseconds per message of the measured period; empty without messages. */
        public OptionalDouble cpuNanosPerMessage() {
            return messages > 0 ? OptionalDouble.of((double) cpuTime.toNanos() / messages) : OptionalDouble.empty();
        }
    }

    /** Without a measured period (a result built by hand): the process's CPU taken as the run's. */
    public ClientStats(Duration cpuTime, long peakHeapBytes, java.util.OptionalLong peakRssBytes, String javaVersion,
                       int processors) {
        this(cpuTime, peakHeapBytes, peakRssBytes, javaVersion, processors, Optional.empty(), cpuTime);
    }

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
