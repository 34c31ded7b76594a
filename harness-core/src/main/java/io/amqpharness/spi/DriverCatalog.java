package io.amqpharness.spi;

import io.amqpharness.scenario.ProtocolTraits;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The drivers' {@link ProtocolTraits} for the scenario's defaults and checks, registered as the
 * {@link java.util.ServiceLoader} service {@link ProtocolTraits.Catalog} in harness-core. Not for users.
 */
public final class DriverCatalog implements ProtocolTraits.Catalog {
    @Override
    public Map<String, ProtocolTraits> traits() {
        Map<String, ProtocolTraits> traits = new LinkedHashMap<>();
        Drivers.all().forEach((id, p) -> traits.put(id, p.traits()));
        return traits;
    }
}
