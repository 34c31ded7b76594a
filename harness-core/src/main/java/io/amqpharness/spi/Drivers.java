package io.amqpharness.spi;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds protocol drivers on the class path through {@link ServiceLoader}. Thread-safe. */
public final class Drivers {
    private static volatile Map<String, DriverProvider> cache;

    private Drivers() {
    }

    /** The provider registered under {@code id}, if any. */
    public static Optional<DriverProvider> find(String id) {
        return Optional.ofNullable(all().get(id));
    }

    /** The ids of every driver on the class path, sorted. */
    public static List<String> ids() {
        return List.copyOf(all().keySet());
    }

    /** Every provider on the class path, by id, in the order of their ids. */
    public static Map<String, DriverProvider> all() {
        Map<String, DriverProvider> c = cache;
        if (c == null) {
            Map<String, DriverProvider> found = new TreeMap<>();
            for (DriverProvider p : ServiceLoader.load(DriverProvider.class, Drivers.class.getClassLoader())) {
                found.putIfAbsent(p.id(), p);
            }
            c = Collections.unmodifiableMap(found); // Map.copyOf would lose the order by id
            cache = c;
        }
        return c;
    }
}
