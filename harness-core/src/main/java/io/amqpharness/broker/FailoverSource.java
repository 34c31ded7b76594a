package io.amqpharness.broker;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * The management APIs of the nodes of a cluster ({@code --uri} with several addresses), read one at
 * a time: the node that answered last is asked first, and when it does not answer (it stopped, or
 * its plugin is down) the others are asked in turn. Every node's API shows the whole cluster, so
 * one answer is a whole sample. Used by one thread at a time.
 */
final class FailoverSource implements BrokerSource {
    private final List<BrokerSource> nodes;
    private int current;

    FailoverSource(List<BrokerSource> nodes) {
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("at least one node");
        }
        this.nodes = List.copyOf(nodes);
    }

    /** The node's source read last (or to be read first). */
    BrokerSource current() {
        return nodes.get(current);
    }

    @Override
    public String kind() {
        return nodes.get(current).kind();
    }

    @Override
    public URI url() {
        return nodes.get(current).url();
    }

    @Override
    public BrokerSample sample(Duration elapsed) {
        BrokerMetricsException first = null;
        for (int i = 0; i < nodes.size(); i++) {
            int k = (current + i) % nodes.size();
            try {
                BrokerSample s = nodes.get(k).sample(elapsed);
                current = k;
                return s;
            } catch (BrokerMetricsException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        throw first;
    }
}
