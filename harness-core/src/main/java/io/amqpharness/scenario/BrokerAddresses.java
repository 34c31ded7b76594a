package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The broker addresses of a run: one address, or the nodes of a cluster given as a comma-separated
 * list ({@code --uri amqp://h1:5672,amqp://h2:5672}). Every address has the same scheme,
 * credentials and virtual host; an element without credentials takes the first one's. The first
 * address is the {@linkplain #primary() primary}: topology is declared there, and the broker's
 * metrics are read from its host unless {@code --broker-metrics} says otherwise. {@link #toString()}
 * never shows a password.
 *
 * @param all the addresses in the order given, at least one
 */
public record BrokerAddresses(List<BrokerUri> all) {
    /** {@code amqp://localhost:5672} alone. */
    public static final BrokerAddresses DEFAULT = new BrokerAddresses(List.of(BrokerUri.DEFAULT));

    public BrokerAddresses {
        all = List.copyOf(all);
        if (all.isEmpty()) {
            throw new IllegalArgumentException("at least one address");
        }
    }

    /** One address. */
    public static BrokerAddresses of(BrokerUri uri) {
        return new BrokerAddresses(List.of(uri));
    }

    /**
     * Parses a comma-separated list of {@code amqp://} or {@code amqps://} addresses.
     *
     * @return the addresses, or one sentence (without the option's name) saying which element is wrong
     */
    public static Parsed parse(String text) {
        if (text == null || text.isBlank()) {
            return Parsed.problem("is empty");
        }
        String[] elements = text.split(",", -1);
        List<BrokerUri> uris = new ArrayList<>(elements.length);
        for (int i = 0; i < elements.length; i++) {
            String e = elements[i].trim();
            if (e.isEmpty()) {
                return Parsed.problem("has an empty element (address " + (i + 1) + " of " + elements.length
                        + "); separate addresses with single commas");
            }
            var uri = BrokerUri.parse(e);
            if (uri.isEmpty()) {
                return Parsed.problem("has an address that is not an amqp://, amqps:// or rabbitmq-stream:// address with a host: '"
                        + BrokerUri.redactLoosely(e) + "'");
            }
            uris.add(uri.get());
        }
        BrokerUri first = uris.get(0);
        for (int i = 1; i < uris.size(); i++) {
            BrokerUri u = uris.get(i);
            if (!u.uri().getScheme().equalsIgnoreCase(first.uri().getScheme())) {
                return Parsed.problem("mixes " + first.uri().getScheme() + ":// and " + u.uri().getScheme()
                        + ":// addresses ('" + first.redacted() + "' and '" + u.redacted() + "'); give every node the same scheme");
            }
            if (!u.virtualHost().equals(first.virtualHost())) {
                return Parsed.problem("names two virtual hosts ('" + first.redacted() + "' and '" + u.redacted()
                        + "'); every address must name the same one");
            }
            if (u.uri().getRawUserInfo() != null
                    && !(u.username().equals(first.username()) && u.password().equals(first.password()))) {
                return Parsed.problem("gives two sets of credentials ('" + first.redacted() + "' and '"
                        + u.redacted() + "'); give them once, in the first address");
            }
        }
        return new Parsed(new BrokerAddresses(uris), null);
    }

    /** The outcome of {@link #parse}: the addresses, or a problem. */
    public record Parsed(BrokerAddresses addresses, String problem) {
        static Parsed problem(String text) {
            return new Parsed(null, Objects.requireNonNull(text));
        }

        public boolean ok() {
            return addresses != null;
        }
    }

    /** The first address. */
    public BrokerUri primary() {
        return all.get(0);
    }

    public int size() {
        return all.size();
    }

    /**
     * Address {@code index} (taken modulo the number of addresses), with the first address's
     * credentials: what a connection to that node uses.
     */
    public BrokerUri get(int index) {
        BrokerUri u = all.get(Math.floorMod(index, all.size()));
        if (index % all.size() == 0 || u.uri().getRawUserInfo() != null || primary().uri().getRawUserInfo() == null) {
            return u;
        }
        try {
            java.net.URI p = u.uri();
            return new BrokerUri(new java.net.URI(p.getScheme(), primary().uri().getRawUserInfo() == null ? null
                    : primary().uri().getUserInfo(), p.getHost(), p.getPort(), p.getPath(), p.getQuery(), p.getFragment()));
        } catch (java.net.URISyntaxException e) {
            return u;
        }
    }

    /**
     * Every address, starting at {@code start} and wrapping around: the order in which a connection
     * that starts on node {@code start} tries the nodes.
     */
    public List<BrokerUri> startingAt(int start) {
        List<BrokerUri> out = new ArrayList<>(all.size());
        for (int i = 0; i < all.size(); i++) {
            out.add(get(start + i));
        }
        return out;
    }

    /** The addresses as given, comma-separated, passwords replaced by {@code ***}. */
    public String redacted() {
        return String.join(",", all.stream().map(BrokerUri::redacted).toList());
    }

    /** The addresses as given, comma-separated, passwords included: for scenario files only. */
    public String text() {
        return String.join(",", all.stream().map(u -> u.uri().toString()).toList());
    }

    /** Replaces any password of these addresses in {@code text} by {@code ***}. */
    public String scrub(String text) {
        String out = text;
        for (BrokerUri u : all) {
            out = u.scrub(out);
        }
        return out;
    }

    @Override
    public String toString() {
        return redacted();
    }
}
