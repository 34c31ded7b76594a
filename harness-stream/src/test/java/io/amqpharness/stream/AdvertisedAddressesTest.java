package io.amqpharness.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Address;
import io.amqpharness.scenario.BrokerUri;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where the client connects for each node the broker advertises. */
class AdvertisedAddressesTest {

    private static AdvertisedAddresses of(String... uris) {
        return new AdvertisedAddresses(Arrays.stream(uris).map(u -> BrokerUri.parse(u).orElseThrow()).toList());
    }

    private static String resolve(AdvertisedAddresses a, String host, int port) {
        Address r = a.resolve(new Address(host, port));
        return r.host() + ":" + r.port();
    }

    @Test
    void withOneAddressEveryNodeIsReachedThroughIt() {
        AdvertisedAddresses one = of("rabbitmq-stream://lb.example:5552");
        assertThat(resolve(one, "rabbit-1", 5552)).isEqualTo("lb.example:5552");
        assertThat(resolve(one, "rabbit-2", 5552)).isEqualTo("lb.example:5552");
        assertThat(resolve(one, "10.0.0.7", 6000)).isEqualTo("lb.example:5552");
    }

    @Test
    void withAClustersNodesGivenEachAdvertisedNodeIsReachedAtItsOwnAddress() {
        AdvertisedAddresses cluster = of("rabbitmq-stream://127.0.0.1:5581", "rabbitmq-stream://127.0.0.1:5582",
                "rabbitmq-stream://127.0.0.1:5583");
        // Advertised as localhost (or a host name this machine may not resolve): the address with its port.
        assertThat(resolve(cluster, "localhost", 5582)).isEqualTo("127.0.0.1:5582");
        assertThat(resolve(cluster, "rabbitc3", 5583)).isEqualTo("127.0.0.1:5583");
        assertThat(resolve(cluster, "127.0.0.1", 5581)).isEqualTo("127.0.0.1:5581");
        // A node none of the addresses names: the first, as with one address.
        assertThat(resolve(cluster, "elsewhere", 5552)).isEqualTo("127.0.0.1:5581");
    }

    @Test
    void nodesSharingAPortAreToldApartByHostOnly() {
        AdvertisedAddresses hosts = of("rabbitmq-stream://n1:5552", "rabbitmq-stream://n2:5552");
        assertThat(resolve(hosts, "N2", 5552)).isEqualTo("n2:5552");
        assertThat(resolve(hosts, "n9", 5552)).as("ambiguous by port: the first").isEqualTo("n1:5552");
        assertThat(List.of(resolve(hosts, "n1", 5552))).containsExactly("n1:5552");
    }
}
