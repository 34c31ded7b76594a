package io.amqpharness.spi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Connections by name, shared by the links that ask for the same name and closed when the last
 * one lets go: the pool the AMQP 0.9.1 and AMQP 1.0 drivers keep. Connections of different names
 * open at the same time (opening happens outside the pool's lock); links asking for a name that is
 * being opened wait for that one connection. A connection that is no longer usable is replaced on the next
 * {@link #acquire}. Thread-safe.
 *
 * @param <C> the driver's connection type
 */
public final class SharedConnections<C> {
    private final Function<String, C> opener;
    private final Predicate<C> usable;
    private final Consumer<C> closer;
    private final Map<String, Entry<C>> connections = new HashMap<>();

    private static final class Entry<C> {
        /** Null until opened; written under the entry's own monitor. */
        volatile C connection;
        /** Guarded by the pool. */
        int users;
    }

    /**
     * @param opener opens a connection with the given name; throws (unchecked) if it cannot
     * @param usable false once a connection failed or was closed, so the next user gets a new one
     * @param closer closes a connection, quietly; may wait for the broker (never called under a lock)
     */
    public SharedConnections(Function<String, C> opener, Predicate<C> usable, Consumer<C> closer) {
        this.opener = Objects.requireNonNull(opener);
        this.usable = Objects.requireNonNull(usable);
        this.closer = Objects.requireNonNull(closer);
    }

    /** The connection with this name, opened on first use; call {@link #release} when done. */
    public C acquire(String name) {
        Entry<C> e;
        synchronized (this) {
            e = connections.get(name);
            if (e == null || e.connection != null && !usable.test(e.connection)) {
                e = new Entry<>();
                connections.put(name, e);
            }
            e.users++;
        }
        synchronized (e) {
            if (e.connection == null) {
                try {
                    e.connection = opener.apply(name);
                } catch (RuntimeException x) {
                    synchronized (this) {
                        if (--e.users <= 0 && connections.get(name) == e) {
                            connections.remove(name);
                        }
                    }
                    throw x;
                }
            }
            return e.connection;
        }
    }

    /** The open connection with this name, if there is one (it stays the pool's: no release needed). */
    public synchronized java.util.Optional<C> current(String name) {
        Entry<C> e = connections.get(name);
        return java.util.Optional.ofNullable(e == null ? null : e.connection);
    }

    /**
     * Lets go of {@code connection}; the last user closes it. A connection that a newer one of the
     * same name has replaced (after it failed) is closed, and the newer one's users are left alone.
     *
     * @return true when this call closed the connection (so the caller's channels on it are closed
     *         too, and need no close of their own), false when other users keep it open
     */
    public boolean release(String name, C connection) {
        synchronized (this) {
            Entry<C> e = connections.get(name);
            if (e != null && e.connection == connection) {
                if (--e.users > 0) {
                    return false;
                }
                connections.remove(name);
            }
        }
        closer.accept(connection);
        return true;
    }

    /** Closes every pooled connection. */
    public void closeAll() {
        List<Entry<C>> all;
        synchronized (this) {
            all = new ArrayList<>(connections.values());
            connections.clear();
        }
        for (Entry<C> e : all) {
            C c = e.connection;
            if (c != null) {
                closer.accept(c);
            }
        }
    }
}
