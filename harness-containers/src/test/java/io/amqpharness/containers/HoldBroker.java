package io.amqpharness.containers;

/**
 * Run in a child JVM by {@link ContainersIT}: starts a broker, prints {@code started PID}, and
 * waits to be killed without closing it; the shutdown hook must remove the container.
 */
public final class HoldBroker {
    private HoldBroker() {
    }

    public static void main(String[] args) throws Exception {
        StartedBroker broker = Brokers.startContainer(args[0]);
        System.out.println("started " + ProcessHandle.current().pid() + " " + broker.version());
        System.out.flush();
        Thread.sleep(600_000);
    }
}
