package io.amqpharness.junit.oracle;

import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.Drivers;
import java.lang.reflect.Field;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Puts a {@link RecordingDriverProvider} in front of every driver the harness finds, so that the
 * runner's own lookup ({@link Drivers#find}) returns a driver the oracle can watch. The core has
 * no public way to hand the runner a provider, so this replaces the {@link Drivers} cache once,
 * by reflection; a wrapped provider behaves exactly as the real one outside {@link Oracle#run}.
 * If the core's registry changes shape, {@link #install()} fails with a message saying so.
 */
final class DriverHook {
    private static boolean installed;

    private DriverHook() {
    }

    static synchronized void install() {
        if (installed) {
            return;
        }
        Map<String, DriverProvider> real = Drivers.all();
        Map<String, DriverProvider> wrapped = new LinkedHashMap<>();
        real.forEach((id, p) -> wrapped.put(id, p instanceof RecordingDriverProvider ? p
                : new RecordingDriverProvider(p)));
        try {
            Field cache = Drivers.class.getDeclaredField("cache");
            cache.setAccessible(true);
            cache.set(null, Collections.unmodifiableMap(wrapped));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("the oracle cannot watch the harness's drivers: Drivers has no"
                    + " replaceable provider cache (" + e + ")", e);
        }
        installed = true;
    }
}
