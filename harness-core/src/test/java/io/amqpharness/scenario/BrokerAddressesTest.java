package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BrokerAddressesTest {
    @Test
    void aCommaSeparatedListIsEveryNodeInTheOrderGiven() {
        BrokerAddresses a = BrokerAddresses.parse("amqp://u:secret@h1:5681,amqp://h2:5682, amqp://h3:5683").addresses();
        assertThat(a.size()).isEqualTo(3);
        assertThat(a.primary().host()).isEqualTo("h1");
        assertThat(a.all()).extracting(BrokerUri::port).containsExactly(5681, 5682, 5683);
        assertThat(a.redacted()).isEqualTo("amqp://u:***@h1:5681,amqp://h2:5682,amqp://h3:5683");
        assertThat(a.toString()).doesNotContain("secret");
    }

    @Test
    void addressesWithoutCredentialsTakeTheFirstOnes() {
        BrokerAddresses a = BrokerAddresses.parse("amqp://u:secret@h1:5681/v,amqp://h2:5682/v").addresses();
        assertThat(a.get(1).username()).isEqualTo("u");
        assertThat(a.get(1).password()).isEqualTo("secret");
        assertThat(a.get(1).host()).isEqualTo("h2");
        assertThat(a.get(1).virtualHost()).isEqualTo("v");
    }

    @Test
    void startingAtWrapsAround() {
        BrokerAddresses a = BrokerAddresses.parse("amqp://h1,amqp://h2,amqp://h3").addresses();
        assertThat(a.startingAt(2)).extracting(BrokerUri::host).containsExactly("h3", "h1", "h2");
        assertThat(a.startingAt(4)).extracting(BrokerUri::host).containsExactly("h2", "h3", "h1");
    }

    @Test
    void badListsNameTheElementThatIsWrong() {
        assertThat(BrokerAddresses.parse("amqp://h1,,amqp://h3").problem()).contains("empty element (address 2 of 3)");
        assertThat(BrokerAddresses.parse("amqp://h1,amqps://h2").problem()).contains("mixes amqp:// and amqps://");
        assertThat(BrokerAddresses.parse("amqp://h1,http://u:pw@h2").problem())
                .contains("'http://u:***@h2'").doesNotContain("pw");
        assertThat(BrokerAddresses.parse("amqp://h1/a,amqp://h2/b").problem()).contains("two virtual hosts");
        assertThat(BrokerAddresses.parse("amqp://u:p@h1,amqp://v:q@h2").problem()).contains("two sets of credentials")
                .doesNotContain(":p@").doesNotContain(":q@");
    }

    @Test
    void theBuilderTakesAListAndChecksIt() {
        Scenario s = Scenario.builder().protocol("in-memory").uri("amqp://localhost:5681,amqp://localhost:5682").build();
        assertThat(s.addresses().size()).isEqualTo(2);
        assertThat(s.uri().port()).isEqualTo(5681);
        assertThat(s.toArguments()).contains("amqp://localhost:5681,amqp://localhost:5682");
        assertThat(s.toBuilder().build()).isEqualTo(s);
        assertThatThrownBy(() -> Scenario.builder().protocol("in-memory").uri("amqp://localhost:5681,,amqp://localhost:5683").build())
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("--uri has an empty element (address 2 of 3)")
                .hasMessageContaining("for example --uri amqp://guest:guest@localhost:5681,");
    }

    @Test
    void theLeaderLocatorIsAQueueArgumentAndOnlyItsTwoValuesAreTaken() {
        Scenario s = Scenario.builder().protocol("in-memory").leaderLocator("balanced").build();
        assertThat(s.topology().queueArguments()).containsEntry("x-queue-leader-locator", "balanced");
        assertThatThrownBy(() -> Scenario.builder().protocol("in-memory").leaderLocator("random").build())
                .hasMessageContaining("--leader-locator must be balanced or client-local, got 'random'; for example --leader-locator balanced");
        assertThat(Setting.URI.declaration().names()).containsExactly("--uris", "--uri");
    }
}
