package io.amqpharness.scenario;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How one harness instance takes part in a workload that several instances make together: its
 * name, when publishing starts, and a barrier through the broker that holds the start until every
 * instance is ready. Part of a validated {@link Scenario}.
 *
 * @param instance       this instance's name ({@code --instance}), carried in publisher identities and
 *                       connection names; empty means the host name and process id,
 *                       {@link #defaultInstance()} (then identities stay
 *                       as in a single-instance run: the random run id already keeps them apart)
 * @param startAt        publishing starts at this time ({@code --start-at}); empty means at once
 * @param barrier        publishing starts when this many instances (this one included) have reached
 *                       the barrier named {@code barrierName} on the broker ({@code --barrier}); empty
 *                       means no barrier
 * @param barrierName    the barrier's name; instances with the same name and broker meet; default
 *                       {@code harness} ({@link #DEFAULT_BARRIER_NAME})
 * @param barrierTimeout how long an instance waits at the barrier before the run fails; default 60 s
 */
public record Coordination(
        @FilledFrom(Setting.INSTANCE) Optional<String> instance,
        @FilledFrom(Setting.START_AT) Optional<StartTime> startAt,
        @FilledFrom(Setting.BARRIER) OptionalInt barrier,
        @FilledFrom(Setting.BARRIER_NAME) String barrierName,
        @FilledFrom(Setting.BARRIER_TIMEOUT) Duration barrierTimeout) {
    /** The barrier's name when none is given. */
    public static final String DEFAULT_BARRIER_NAME = "harness";
    /** How long an instance waits at the barrier by default: 60 s. */
    public static final Duration DEFAULT_BARRIER_TIMEOUT = Duration.ofSeconds(60);
    /** A single instance that starts at once: the default. */
    public static final Coordination NONE = new Coordination(Optional.empty(), Optional.empty(), OptionalInt.empty(),
            DEFAULT_BARRIER_NAME, DEFAULT_BARRIER_TIMEOUT);

    /** This instance's name: {@link #instance()} if given, else {@link #defaultInstance()}. */
    public String instanceId() {
        return instance.orElseGet(Coordination::defaultInstance);
    }

    /** The host name and the process id, {@code myhost-12345}: the instance name when none is given. */
    public static String defaultInstance() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "localhost";
        }
        String clean = host.replaceAll("[^A-Za-z0-9._-]", "-");
        long pid = ManagementFactory.getRuntimeMXBean().getPid();
        return clean + "-" + pid;
    }

    /** True for a valid instance or barrier name: 1 to 64 letters, digits, dots, dashes or underscores. */
    public static boolean validName(String name) {
        return name != null && name.matches("[A-Za-z0-9._-]{1,64}");
    }
}
