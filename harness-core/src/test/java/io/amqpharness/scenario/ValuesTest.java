package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ValuesTest {

    @Test
    void durationsReadTheWayUsersWriteThem() {
        assertThat(Durations.parse("10s")).hasValue(Duration.ofSeconds(10));
        assertThat(Durations.parse("500ms")).hasValue(Duration.ofMillis(500));
        assertThat(Durations.parse("5m")).hasValue(Duration.ofMinutes(5));
        assertThat(Durations.parse("1h30m")).hasValue(Duration.ofMinutes(90));
        assertThat(Durations.parse("1.5s")).hasValue(Duration.ofMillis(1500));
        assertThat(Durations.parse("30")).hasValue(Duration.ofSeconds(30));
        assertThat(Durations.parse("PT5S")).hasValue(Duration.ofSeconds(5));
        assertThat(Durations.parse("ten")).isEmpty();
        assertThat(Durations.parse("10 s")).isEmpty();
        assertThat(Durations.format(Duration.ofMillis(250))).isEqualTo("250ms");
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("1m30s");
    }

    @Test
    void sizesUseBinaryUnits() {
        assertThat(DataSize.parse("12")).hasValue(DataSize.ofBytes(12));
        assertThat(DataSize.parse("4kb")).hasValue(DataSize.ofBytes(4096));
        assertThat(DataSize.parse("1MB")).hasValue(DataSize.ofBytes(1 << 20));
        assertThat(DataSize.parse("big")).isEmpty();
        assertThat(DataSize.ofBytes(4096).toString()).isEqualTo("4kb");
    }

    @Test
    void streamOffsetsInEveryForm() {
        assertThat(StreamOffset.parse("first")).containsInstanceOf(StreamOffset.First.class);
        assertThat(StreamOffset.parse("LAST")).containsInstanceOf(StreamOffset.Last.class);
        assertThat(StreamOffset.parse("next")).containsInstanceOf(StreamOffset.Next.class);
        assertThat(StreamOffset.parse("1000")).contains(new StreamOffset.Offset(1000));
        assertThat(StreamOffset.parse("10m")).contains(new StreamOffset.Interval("10m"));
        assertThat(StreamOffset.parse("2026-11-21T10:00:00Z"))
                .contains(new StreamOffset.Timestamp(Instant.parse("2026-11-21T10:00:00Z")));
        assertThat(StreamOffset.parse("2026-11-21T11:00:00+01:00"))
                .contains(new StreamOffset.Timestamp(Instant.parse("2026-11-21T10:00:00Z")));
        assertThat(StreamOffset.parse("yesterday")).isEmpty();
        assertThat(StreamOffset.parse("-1")).isEmpty();
    }

    @Test
    void brokerUriDefaultsAndRedaction() {
        BrokerUri u = BrokerUri.parse("amqp://bob:p%40ss@broker/%2F").orElseThrow();
        assertThat(u.username()).isEqualTo("bob");
        assertThat(u.password()).isEqualTo("p@ss");
        assertThat(u.virtualHost()).isEqualTo("/");
        assertThat(u.port()).isEqualTo(5672);
        assertThat(u.toString()).isEqualTo("amqp://bob:***@broker/%2F");
        assertThat(u.scrub("failed for amqp://bob:p%40ss@broker/%2F with p@ss")).doesNotContain("p@ss", "p%40ss");
        BrokerUri d = BrokerUri.DEFAULT;
        assertThat(d.username()).isEqualTo("guest");
        assertThat(d.virtualHost()).isEqualTo("/");
        assertThat(BrokerUri.parse("amqps://h/vhost").orElseThrow().port()).isEqualTo(5671);
        assertThat(BrokerUri.parse("amqps://h/vhost").orElseThrow().virtualHost()).isEqualTo("vhost");
        assertThat(BrokerUri.parse("localhost:5672")).isEmpty();
    }
}
