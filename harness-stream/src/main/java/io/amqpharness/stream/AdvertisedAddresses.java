package io.amqpharness.stream;

import com.rabbitmq.stream.Address;
import io.amqpharness.scenario.BrokerUri;
import java.util.List;

/**
 * Where the client connects for a node the broker advertises (its stream port's
 * {@code advertised_host} and {@code advertised_port}, which it names as a stream's leader and
 * replicas): the address of {@code --uri} with the same host and port; else the one address of
 * {@code --uri} with the same port (a node advertising a host name this machine cannot resolve, each
 * node on its own port, as in a local cluster); else the first address of {@code --uri}. With the
 * nodes of a cluster given ({@code --uri a:5581,b:5582,c:5583}), the client's placement applies:
 * producers on each stream's leader, consumers on its replicas. With one address, every connection
 * goes to it (a load balancer, a proxy, a container's port mapping or a single node), and the client
 * accepts whichever node it reaches only if that is the node it wanted.
 */
final class AdvertisedAddresses {
    private final List<Address> given;

    AdvertisedAddresses(List<BrokerUri> uris) {
        this.given = uris.stream().map(u -> new Address(u.host(), u.port())).toList();
        if (given.isEmpty()) {
            throw new IllegalArgumentException("at least one address");
        }
    }

    /** The address to connect to for the node advertised as {@code advertised}. */
    Address resolve(Address advertised) {
        Address byPort = null;
        int samePort = 0;
        for (Address a : given) {
            if (a.port() == advertised.port()) {
                if (a.host().equalsIgnoreCase(advertised.host())) {
                    return a;
                }
                byPort = a;
                samePort++;
            }
        }
        return samePort == 1 ? byPort : given.get(0);
    }
}
