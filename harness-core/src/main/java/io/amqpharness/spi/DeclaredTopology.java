package io.amqpharness.spi;

import java.util.List;

/**
 * What a driver created for a run (and so may delete). Topology that existed before the run is
 * not listed.
 *
 * @param queues    names of queues the run created
 * @param exchanges names of exchanges the run created
 */
public record DeclaredTopology(List<String> queues, List<String> exchanges) {
    public static final DeclaredTopology NOTHING = new DeclaredTopology(List.of(), List.of());

    public DeclaredTopology {
        queues = List.copyOf(queues);
        exchanges = List.copyOf(exchanges);
    }
}
