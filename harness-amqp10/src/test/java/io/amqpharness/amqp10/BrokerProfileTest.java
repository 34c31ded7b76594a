package io.amqpharness.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.scenario.AddressFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BrokerProfileTest {

    @ParameterizedTest
    @CsvSource({
            "3.10.8,        3, false, V1, false",
            "3.13.7,        3, false, V1, false",
            "4.0.0,         4, false, V2, true",
            "4.0.9,         4, false, V2, true",
            "4.0.0-beta.5,  4, false, V2, true",
            "4.1.4,         4, false, V2, true",
            "4.3.0,         4, false, V2, true",
            "4.3.5,         4, false, V2, true",
            "10.0.1,       10, false, V2, true"})
    void versionDecidesAddressesAndFilterForm(String version, int major, boolean relay, AddressFormat auto,
                                              boolean described) {
        BrokerProfile p = BrokerProfile.of(version, relay);
        assertThat(p.major()).isEqualTo(major);
        assertThat(p.resolve(AddressFormat.AUTO)).isEqualTo(auto);
        assertThat(p.describedFilters()).isEqualTo(described);
        assertThat(p.describe()).isEqualTo("RabbitMQ " + version);
    }

    @ParameterizedTest
    @CsvSource({"V1, V1", "V2, V2"})
    void anExplicitFormatIsKept(AddressFormat requested, AddressFormat expected) {
        assertThat(BrokerProfile.of("3.10.8", false).resolve(requested)).isEqualTo(expected);
        assertThat(BrokerProfile.of("4.3.5", true).resolve(requested)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"unknown, false, V1", "unknown, true, V2", "'', true, V2", "main, false, V1"})
    void withoutANumericVersionTheAnonymousRelayCapabilityDecides(String version, boolean relay,
                                                                  AddressFormat auto) {
        BrokerProfile p = BrokerProfile.of(version, relay);
        assertThat(p.major()).isZero();
        assertThat(p.resolve(AddressFormat.AUTO)).isEqualTo(auto);
    }

    @org.junit.jupiter.api.Test
    void aMissingVersionIsUnknown() {
        BrokerProfile p = BrokerProfile.of(null, false);
        assertThat(p.version()).isEqualTo("unknown");
        assertThat(p.resolve(AddressFormat.AUTO)).isEqualTo(AddressFormat.V1);
    }
}
