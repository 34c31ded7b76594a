package io.amqpharness.junit.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.impl.LongStringHelper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** How the oracle's AMQP 0.9.1 reader finds a message's publisher identity. */
class BrokerReaderTest {
    private static final Set<String> IDS = Set.of("run-p1", "run-p10");

    @Test
    void theAppIdOfAnAmqp091Message() {
        assertThat(BrokerReader.identity(new AMQP.BasicProperties.Builder().appId("run-p10").build(), IDS))
                .isEqualTo("run-p10");
        assertThat(BrokerReader.identity(new AMQP.BasicProperties.Builder().appId("other-p1").build(), IDS)).isNull();
    }

    @Test
    void theGroupIdInsideTheRawAmqp10PropertiesThatRabbitMq3PassesOn() {
        // properties section: described list with nulls, then group-id as str8 ("x-amqp-1.0-properties" on 3.x)
        ByteArrayOutputStream section = new ByteArrayOutputStream();
        section.writeBytes(new byte[] {0x00, 0x53, 0x73, (byte) 0xc0, 20, 11, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40,
                0x40, 0x40, 0x40, 0x40, (byte) 0xa1, 6});
        section.writeBytes("run-p1".getBytes(StandardCharsets.UTF_8));
        AMQP.BasicProperties props = new AMQP.BasicProperties.Builder()
                .headers(Map.of("x-amqp-1.0-properties", LongStringHelper.asLongString(section.toByteArray())))
                .build();
        assertThat(BrokerReader.identity(props, IDS)).isEqualTo("run-p1"); // not run-p10: the length must match
    }

    @Test
    void noIdentityWithoutOneOfTheRunsIdentities() {
        AMQP.BasicProperties props = new AMQP.BasicProperties.Builder()
                .headers(Map.of("x-stream-offset", 0L, "note", "run-p")).build();
        assertThat(BrokerReader.identity(props, IDS)).isNull();
    }
}
