package io.amqpharness.spi;

import io.amqpharness.scenario.BrokerAddresses;
import io.amqpharness.scenario.BrokerUri;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Which broker address each named connection tries first, for the drivers' connection pools. With
 * one address there is nothing to choose. With several (the nodes of a cluster):
 * <ul>
 *   <li>a connection's first open starts at its placement: the number at the end of its name
 *       ({@code harness-RUN-p3} is publisher connection 3), modulo the number of addresses, one
 *       further for consumer and reply connections ({@code c}, {@code r}), so that publisher 0 and
 *       consumer 0 sit on different nodes; a name without a number starts at the first address;</li>
 *   <li>an open of the same name after that (recovery) starts at the address after the one the
 *       connection last used, so a connection that lost its node does not wait for it;</li>
 *   <li>each open is given the whole list from its starting address on, so an address that refuses
 *       passes the open to the next.</li>
 * </ul>
 * Thread-safe; called only when connections open.
 */
public final class AddressOrder {
    private final BrokerAddresses addresses;
    /** The address index each name last connected to. */
    private final ConcurrentMap<String, Integer> lastUsed = new ConcurrentHashMap<>();
    /** Connections opened on each address. */
    private final java.util.concurrent.atomic.AtomicIntegerArray opens;

    /** The driver fact that {@link #describe()} fills: connections opened on each address. */
    public static final String FACT = "connections opened per address";

    public AddressOrder(BrokerAddresses addresses) {
        this.addresses = addresses;
        this.opens = new java.util.concurrent.atomic.AtomicIntegerArray(addresses.size());
    }

    public BrokerAddresses addresses() {
        return addresses;
    }

    /** The index of the address that connection {@code name} tries first now. */
    public int start(String name) {
        Integer last = lastUsed.get(name);
        return last != null ? (last + 1) % addresses.size() : placement(name, addresses.size());
    }

    /** The addresses in the order connection {@code name} tries them now. */
    public List<BrokerUri> order(String name) {
        return addresses.startingAt(start(name));
    }

    /** Records that connection {@code name} is open on address {@code index} (of the whole list). */
    public void connected(String name, int index) {
        int i = Math.floorMod(index, addresses.size());
        lastUsed.put(name, i);
        opens.incrementAndGet(i);
    }

    /**
     * Connections opened on each address so far, including reopened ones: {@code localhost:5681 4,
     * localhost:5682 3}; empty with a single address.
     */
    public java.util.Map<String, String> describe() {
        if (addresses.size() == 1) {
            return java.util.Map.of();
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < addresses.size(); i++) {
            BrokerUri u = addresses.all().get(i);
            b.append(i == 0 ? "" : ", ").append(u.host()).append(':').append(u.port()).append(' ').append(opens.get(i));
        }
        return java.util.Map.of(FACT, b.toString());
    }

    /**
     * Where a connection named {@code ...-<role><number>} starts among {@code n} addresses: the
     * number modulo {@code n}, plus one for consumer ({@code c}) and reply ({@code r}) roles.
     */
    public static int placement(String name, int n) {
        if (n <= 1) {
            return 0;
        }
        int end = name.length();
        int digits = end;
        while (digits > 0 && Character.isDigit(name.charAt(digits - 1))) {
            digits--;
        }
        if (digits == end || end - digits > 9) {
            return 0;
        }
        int number = Integer.parseInt(name.substring(digits, end));
        char role = digits > 0 ? name.charAt(digits - 1) : ' ';
        return Math.floorMod(number + (role == 'c' || role == 'r' ? 1 : 0), n);
    }
}
