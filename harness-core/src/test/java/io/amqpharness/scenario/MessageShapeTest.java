package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code --routing-keys}, {@code --priority}, {@code --message-ttl} and {@code --header}: reading, checks, variants. */
class MessageShapeTest {

    private static Scenario.Builder valid() {
        return Scenario.builder().protocol("in-memory");
    }

    private static List<String> problems(Scenario.Builder b) {
        return catchThrowableOfType(ScenarioException.class, b::build).problems();
    }

    @Test
    void sharesParseWithOrWithoutPercentAndOneValueIsAllMessages() {
        Shares<Integer> p = ValueType.PRIORITY_SHARES.parse("0:80%,5:15%,9:5%").orElseThrow();
        assertThat(p.values()).containsExactly(0, 5, 9);
        assertThat(p.sumsTo100()).isTrue();
        assertThat(ValueType.PRIORITY_SHARES.parse("0:80,5:15,9:5")).contains(p);
        assertThat(ValueType.PRIORITY_SHARES.parse("5")).contains(Shares.of(5));
        assertThat(ValueType.PRIORITY_SHARES.format(p)).isEqualTo("0:80%,5:15%,9:5%");
        Shares<Duration> t = ValueType.TTL_SHARES.parse("1s:90%,100ms:10%").orElseThrow();
        assertThat(t.values()).containsExactly(Duration.ofSeconds(1), Duration.ofMillis(100));
        assertThat(ValueType.TTL_SHARES.parse(ValueType.TTL_SHARES.format(t))).contains(t);
        assertThat(ValueType.KEY_SHARES.parse("a:b")).as("a colon without a share is part of the key")
                .contains(Shares.of("a:b"));
    }

    @Test
    void aRangeMakesKeysThatSplitTheirShare() {
        Shares<String> k = ValueType.KEY_SHARES.parse("orders.{1..4}").orElseThrow();
        assertThat(k.values()).containsExactly("orders.1", "orders.2", "orders.3", "orders.4");
        assertThat(k.shares()).allMatch(s -> s.percent() == 25);
        Shares<String> mixed = ValueType.KEY_SHARES.parse("a.{1..2}.x:50%,b:50%").orElseThrow();
        assertThat(mixed.values()).containsExactly("a.1.x", "a.2.x", "b");
        assertThat(mixed.sumsTo100()).isTrue();
        assertThat(ValueType.KEY_SHARES.parse("o.{5..1}")).isEmpty();
        assertThat(ValueType.KEY_SHARES.parse("o.{1..20000}")).isEmpty();
    }

    @Test
    void textThatIsNoListOfSharesIsRefused() {
        for (String bad : List.of("", "x", "1:x%", "1:0%", "1:-5%", "1:50%,1:50%", "1:150%", "1,2")) {
            assertThat(ValueType.PRIORITY_SHARES.parse(bad)).as(bad).isEmpty();
        }
        assertThat(ValueType.TTL_SHARES.parse("1parsec:100%")).as("unknown unit").isEmpty();
        assertThat(ValueType.HEADER_SHARES.parse("=eu")).isEmpty();
        assertThat(ValueType.HEADER_SHARES.parse("region")).isEmpty();
    }

    @Test
    void headerValuesAreTypedAsMessageHeadersAre() {
        HeaderShares h = ValueType.HEADER_SHARES.parse("tier=1:50%,gold:50%").orElseThrow();
        assertThat(h.name()).isEqualTo("tier");
        assertThat(h.values().values()).containsExactly(1L, "gold");
        assertThat(h.toString()).isEqualTo("tier=1:50%,gold:50%");
    }

    @Test
    void theShapeFillsTheScenarioAndItsArguments() {
        Scenario s = valid().routingKeys(ValueType.KEY_SHARES.parse("a.b:70%,a.c:30%").orElseThrow())
                .priorities(ValueType.PRIORITY_SHARES.parse("0:80%,5:15%,9:5%").orElseThrow())
                .messageTtls(ValueType.TTL_SHARES.parse("1s:90%,100ms:10%").orElseThrow())
                .header(ValueType.HEADER_SHARES.parse("region=eu:50%,us:50%").orElseThrow())
                .header(ValueType.HEADER_SHARES.parse("tier=1").orElseThrow()).build();
        MessageShape shape = s.publishing().shape();
        assertThat(shape.routingKeys().orElseThrow().values()).containsExactly("a.b", "a.c");
        assertThat(shape.variantCount()).isEqualTo(3 * 2 * 2);
        assertThat(s.publishing().messagesExpire()).isTrue();
        assertThat(s.toArguments()).containsSequence("--routing-keys", "a.b:70%,a.c:30%")
                .containsSequence("--priority", "0:80%,5:15%,9:5%")
                .containsSequence("--message-ttl", "1s:90%,100ms:10%")
                .containsSequence("--header", "region=eu:50%,us:50%")
                .containsSequence("--header", "tier=1");
        assertThat(valid().build().publishing().shape()).isEqualTo(MessageShape.NONE);
    }

    @Test
    void variantsNumberTheCombinationsFirstDimensionFastest() {
        MessageShape shape = new MessageShape(Optional.empty(), Optional.of(new Shares<>(List.of(
                new Shares.Share<>(0, 50), new Shares.Share<>(9, 50)))), Optional.empty(),
                List.of(ValueType.HEADER_SHARES.parse("region=eu:40%,us:40%,apac:20%").orElseThrow()));
        MessageProperties base = new MessageProperties(Optional.of("text/plain"), Optional.empty(),
                java.util.OptionalInt.empty(), Optional.empty(), Optional.empty(), java.util.Map.of("app", "x"));
        List<MessageProperties> v = shape.variants(base);
        assertThat(v).hasSize(6);
        assertThat(v.get(0).priority()).hasValue(0);
        assertThat(v.get(1).priority()).hasValue(9);
        assertThat(v.get(1).headers()).containsEntry("region", "eu").containsEntry("app", "x");
        assertThat(v.get(5).headers()).containsEntry("region", "apac");
        assertThat(v.get(5).contentType()).contains("text/plain");
        assertThat(MessageShape.NONE.variants(base)).containsExactly(base);
    }

    @Test
    void sharesThatDoNotAddUpTo100AreOneSentenceWithAnExample() {
        assertThat(problems(valid().priorities(ValueType.PRIORITY_SHARES.parse("0:80%,5:15%").orElseThrow())))
                .containsExactly("--priority shares must add up to 100%, got 95%; for example --priority "
                        + "0:80%,5:15%,9:5%.");
        assertThat(problems(valid().routingKeys(ValueType.KEY_SHARES.parse("a:50%,b:60%").orElseThrow())))
                .containsExactly("--routing-keys shares must add up to 100%, got 110%; for example --routing-keys "
                        + "a.b:70%,a.c:30%.");
        assertThat(problems(valid().header(ValueType.HEADER_SHARES.parse("region=eu:50%").orElseThrow())))
                .containsExactly("--header region: the shares must add up to 100%, got 50%; for example --header "
                        + "region=eu:50%,us:50%.");
        assertThat(problems(valid().messageTtls(ValueType.TTL_SHARES.parse("1s:50%").orElseThrow())))
                .singleElement().asString().startsWith("--message-ttl shares must add up to 100%, got 50%");
    }

    @Test
    void aPriorityOutOfRangeIsNamed() {
        assertThat(problems(valid().priorities(ValueType.PRIORITY_SHARES.parse("0:50%,256:50%").orElseThrow())))
                .containsExactly("--priority priorities must be between 0 and 255, got 0:50%,256:50%; for example "
                        + "--priority 0:80%,5:15%,9:5%.");
    }

    @Test
    void twoWaysOfSettingTheSameThingAreRefused() {
        assertThat(problems(valid().priority(5).priorities(Shares.of(3))))
                .containsExactly("--priority and --message-properties priority both set the priority; use one of them.");
        assertThat(problems(valid().expiration(Duration.ofSeconds(1)).messageTtls(Shares.of(Duration.ofSeconds(2)))))
                .containsExactly("--message-ttl and --message-properties expiration both set the TTL; use one of them.");
        assertThat(problems(valid().randomRoutingKey(true).routingKeys(Shares.of("a"))))
                .contains("--routing-keys and --random-routing-key both draw the routing key; use one of them.");
        assertThat(problems(valid().routingKey("x").routingKeys(Shares.of("a"))))
                .containsExactly("--routing-keys and --routing-key both set the routing key; use one of them.");
        assertThat(problems(valid().messageHeader("region", "eu")
                .header(ValueType.HEADER_SHARES.parse("region=eu:50%,us:50%").orElseThrow())))
                .singleElement().asString().startsWith("--header region is set twice");
    }

    @Test
    void requestReplyKeepsItsOwnKeyAndProperties() {
        assertThat(problems(valid().requestReply(true).priorities(Shares.of(3)))).singleElement().asString()
                .startsWith("--request-reply sends requests with the run's own key and properties");
    }

    @Test
    void tooManyCombinationsAreRefused() {
        Scenario.Builder b = valid().priorities(ValueType.PRIORITY_SHARES.parse("0:10%,1:10%,2:10%,3:10%,4:10%,5:10%,"
                + "6:10%,7:10%,8:10%,9:10%").orElseThrow());
        for (String name : List.of("a", "b", "c", "d")) {
            b.header(ValueType.HEADER_SHARES.parse(name + "=1:20%,2:20%,3:20%,4:20%,5:20%").orElseThrow());
        }
        assertThat(problems(b)).singleElement().asString().contains("6250 combinations", "more than 4096");
    }
}
