package io.amqpharness.message;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.stream.Codec;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.MessageBuilder;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.codec.QpidProtonCodec;
import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import io.amqpharness.junit.WithRabbitMQ4;
import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.scenario.MessageProperties;
import io.netty.buffer.ByteBuf;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.protonj2.client.Client;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.ConnectionOptions;
import org.apache.qpid.protonj2.client.Delivery;
import org.apache.qpid.protonj2.client.Receiver;
import org.apache.qpid.protonj2.client.ReceiverOptions;
import org.apache.qpid.protonj2.client.StreamSender;
import org.apache.qpid.protonj2.client.StreamSenderMessage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every delivery shape the drivers meet, taken from a real broker and checked against protonj2's
 * decoder ({@link Protonj2Oracle}): messages the amqp10 driver publishes (durable and transient) and
 * messages published over AMQP 0.9.1 and over the stream protocol (the harness's encoding and the
 * stream client's codecs), delivered over AMQP 1.0 from classic queues, quorum queues and streams
 * (first deliveries and, from queues, redeliveries after a release and a failed delivery) and read
 * from streams over the stream protocol. On RabbitMQ 3.10 here; {@link DeliveryShapesOnRabbitMQ4IT}
 * on 4.x. Each shape is printed in hex, which is how the fixtures of {@code DeliveryShapesTest} were
 * taken.
 */
@WithRabbitMQ
class DeliveryShapesIT {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private final RabbitMQBroker broker;

    DeliveryShapesIT(RabbitMQBroker broker) {
        this.broker = broker;
    }

    private static void check(String shape, byte[] raw) {
        System.out.println("SHAPE " + shape + " " + HexFormat.of().formatHex(raw));
        Protonj2Oracle.check(shape, raw);
    }

    private String sourceAddress(String queue) {
        return broker.majorVersion() >= 4 ? "/queues/" + queue : "/amq/queue/" + queue;
    }

    /** The messages the amqp10 driver sends: durable with properties, and transient with the delivery-mode annotation. */
    private static List<byte[]> linkMessages(String groupId) {
        MessageProperties p = new MessageProperties(Optional.of("application/octet-stream"), Optional.empty(),
                OptionalInt.of(3), Optional.of(Duration.ofMinutes(5)), Optional.of("order"),
                Map.of("region", "eu", "n", 42L, "ok", true));
        byte[] body = "0123456789ab-body".getBytes(StandardCharsets.US_ASCII);
        return List.of(SectionsEncoder.forLink(true, groupId, p).encode(body),
                SectionsEncoder.forLink(false, groupId, MessageProperties.NONE).encode(new byte[300]));
    }

    private Connection amqp10(Client client) throws Exception {
        BrokerUri u = BrokerUri.parse(broker.uri()).orElseThrow();
        ConnectionOptions o = new ConnectionOptions().user(u.username()).password(u.password())
                .virtualHost("vhost:" + u.virtualHost());
        return client.connect(u.host(), u.port(), o);
    }

    private void publishRaw(Connection c, String queue, List<byte[]> messages) throws Exception {
        String target = broker.majorVersion() >= 4 ? "/queues/" + queue : "/amq/queue/" + queue;
        try (StreamSender sender = c.openStreamSender(target)) {
            for (byte[] m : messages) {
                StreamSenderMessage s = sender.beginMessage();
                try (OutputStream out = s.rawOutputStream()) {
                    out.write(m);
                }
                s.tracker().awaitSettlement(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
    }

    private void declare(String queue, String type) throws Exception {
        try (com.rabbitmq.client.Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDeclare(queue, true, false, false, Map.of("x-queue-type", type));
        }
    }

    private void delete(String queue) throws Exception {
        try (com.rabbitmq.client.Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.queueDelete(queue);
        }
    }

    /** A message as the amqp091 driver publishes it: app-id, persistent, headers. */
    private void publish091(String queue, String groupId) throws Exception {
        try (com.rabbitmq.client.Connection c = broker.newConnection(); Channel ch = c.createChannel()) {
            ch.confirmSelect();
            AMQP.BasicProperties props = new AMQP.BasicProperties.Builder().appId(groupId).deliveryMode(2)
                    .contentType("text/plain").headers(Map.of("region", "eu", "n", 7L)).build();
            ch.basicPublish("", queue, props, "091-body-0123".getBytes(StandardCharsets.US_ASCII));
            ch.waitForConfirmsOrDie(WAIT.toMillis());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"classic", "quorum"})
    void queueDeliveriesAndRedeliveries(String type) throws Exception {
        String queue = "shapes-" + type + "-" + UUID.randomUUID().toString().substring(0, 8);
        String v = broker.majorVersion() + ".x " + type;
        declare(queue, type);
        try (Client client = Client.create(); Connection c = amqp10(client)) {
            List<byte[]> sent = linkMessages("shapes-p0");
            publishRaw(c, queue, sent);
            publish091(queue, "shapes-p1");
            ReceiverOptions o = new ReceiverOptions().autoAccept(false).creditWindow(10);
            try (Receiver r = c.openReceiver(sourceAddress(queue), o)) {
                List<Delivery> first = new ArrayList<>();
                String[] names = {"amqp10 durable", "amqp10 transient", "amqp091"};
                for (String name : names) {
                    Delivery d = r.receive(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    assertThat(d).as(name).isNotNull();
                    check(v + " " + name, d.rawInputStream().readAllBytes());
                    first.add(d);
                }
                // RabbitMQ 3.x refuses the modified outcome; 4.x counts a failed delivery in delivery-count
                first.get(0).release();
                for (Delivery d : first.subList(1, first.size())) {
                    if (broker.majorVersion() >= 4) {
                        d.modified(true, false);
                    } else {
                        d.release();
                    }
                }
                for (int i = 0; i < names.length; i++) {
                    Delivery d = r.receive(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    assertThat(d).as("redelivery %d", i).isNotNull();
                    byte[] raw = d.rawInputStream().readAllBytes();
                    check(v + " redelivered", raw);
                    MessageScanner s = new MessageScanner();
                    s.scan(raw, 0, raw.length);
                    assertThat(s.redelivered()).as("%s redelivery %d", v, i).isTrue();
                    d.accept();
                }
            }
        } finally {
            delete(queue);
        }
    }

    @org.junit.jupiter.api.Test
    void streamDeliveriesOverAmqp10AndTheStreamProtocol() throws Exception {
        String queue = "shapes-stream-" + UUID.randomUUID().toString().substring(0, 8);
        String v = broker.majorVersion() + ".x stream";
        declare(queue, "stream");
        RawCodec codec = new RawCodec();
        try (Client client = Client.create(); Connection c = amqp10(client);
             Environment env = Environment.builder().uri(streamUri()).codec(codec).build()) {
            List<byte[]> linkMessages = linkMessages("shapes-p0");
            publishRaw(c, queue, linkMessages);
            publish091(queue, "shapes-p1");
            List<byte[]> streamWritten = new ArrayList<>();
            streamWritten.add(SectionsEncoder.forStream("shapes-p2", Map.of("harness-filter", "red")).encode(new byte[20]));
            streamWritten.add(SectionsEncoder.forStream("shapes-p3", Map.of()).encode(new byte[12]));
            Codec proton = new QpidProtonCodec();
            MessageBuilder b = proton.messageBuilder();
            b.properties().groupId("shapes-p4").messageId(9L).creationTime(1_000);
            b.applicationProperties().entry("harness-filter", "blue").entry("n", 3);
            streamWritten.add(bytes(proton.encode(b.addData(new byte[12]).build())));
            Producer producer = env.producerBuilder().stream(queue).build();
            for (byte[] m : streamWritten) {
                java.util.concurrent.CountDownLatch confirmed = new java.util.concurrent.CountDownLatch(1);
                producer.send(new RawMessage(m), s -> confirmed.countDown());
                assertThat(confirmed.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            }
            int total = 3 + streamWritten.size();
            ReceiverOptions o = new ReceiverOptions().autoAccept(false).creditWindow(total);
            o.sourceOptions().filters(Map.of("rabbitmq:stream-offset-spec", "first")); // plain: 3.x and 4.0-4.2 read it
            try (Receiver r = c.openReceiver(sourceAddress(queue), o)) {
                for (int i = 0; i < total; i++) {
                    Delivery d = r.receive(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    assertThat(d).as("stream delivery %d over AMQP 1.0", i).isNotNull();
                    byte[] raw = d.rawInputStream().readAllBytes();
                    check(v + " over amqp10 #" + i, raw);
                    MessageScanner s = new MessageScanner();
                    s.scan(raw, 0, raw.length);
                    assertThat(s.hasStreamOffset()).isTrue();
                    assertThat(s.streamOffset()).isEqualTo(i);
                    d.accept();
                }
            }
            List<byte[]> read = codec.read;
            read.clear();
            try (com.rabbitmq.stream.Consumer consumer = env.consumerBuilder().stream(queue)
                    .offset(OffsetSpecification.first()).messageHandler((ctx, m) -> { }).build()) {
                long until = System.nanoTime() + WAIT.toNanos();
                while (read.size() < total && System.nanoTime() < until) {
                    Thread.sleep(20);
                }
            }
            assertThat(read).hasSize(total);
            for (int i = 0; i < total; i++) {
                String shape = v + " over the stream protocol #" + i;
                try {
                    check(shape, read.get(i));
                } catch (Protonj2Oracle.Undecodable e) {
                    // RabbitMQ 3.x stores an AMQP 1.0 message in a stream as a converted one: a properties
                    // section without group-id, and the original properties and application properties as
                    // the bytes of str8 values (x-amqp-1.0-properties...) that are not UTF-8, which no decoder
                    // reads (Proton-J, the stream client's, neither). The oracle is then what was published:
                    // the body, and no identity (the converted properties have none).
                    assertThat(broker.majorVersion()).as(shape + ": only 3.x writes what protonj2 refuses").isLessThan(4);
                    assertThat(i).as(shape + ": published over AMQP 1.0").isLessThan(linkMessages.size());
                    MessageScanner s = new MessageScanner();
                    assertThat(s.scan(read.get(i), 0, read.get(i).length)).isTrue();
                    assertThat(s.groupId()).isNull();
                    MessageScanner published = new MessageScanner();
                    published.scan(linkMessages.get(i), 0, linkMessages.get(i).length);
                    assertThat(java.util.Arrays.copyOfRange(read.get(i), s.bodyOffset(), s.bodyOffset() + s.bodyLength()))
                            .isEqualTo(java.util.Arrays.copyOfRange(linkMessages.get(i), published.bodyOffset(),
                                    published.bodyOffset() + published.bodyLength()));
                    assertThat(s.singleDataBody()).isTrue();
                }
            }
            for (int i = 0; i < streamWritten.size(); i++) {
                assertThat(read.get(3 + i)).as("the stream keeps what the stream protocol wrote").isEqualTo(streamWritten.get(i));
            }
        } finally {
            delete(queue);
        }
    }

    private String streamUri() {
        BrokerUri amqp = BrokerUri.parse(broker.uri()).orElseThrow();
        int port = amqp.port() == 5672 ? 5552 : amqp.port() == WithRabbitMQ4.LOCAL_AMQP_PORT
                ? WithRabbitMQ4.LOCAL_STREAM_PORT : -1;
        Assumptions.assumeTrue(port > 0, "no known stream port beside " + amqp);
        return "rabbitmq-stream://" + amqp.username() + ":" + amqp.password() + "@" + amqp.host() + ":" + port + "/%2F";
    }

    private static byte[] bytes(Codec.EncodedMessage e) {
        ByteBuf buf = io.netty.buffer.Unpooled.buffer(4 + e.getSize());
        e.writeTo(buf);
        buf.readInt();
        return io.netty.buffer.ByteBufUtil.getBytes(buf);
    }

    /** A message the codec below writes as it is. */
    private record RawMessage(byte[] data) implements Message {
        @Override public boolean hasPublishingId() { return false; }
        @Override public long getPublishingId() { return 0; }
        @Override public byte[] getBodyAsBinary() { return data; }
        @Override public Object getBody() { return data; }
        @Override public com.rabbitmq.stream.Properties getProperties() { return null; }
        @Override public Map<String, Object> getApplicationProperties() { return null; }
        @Override public Map<String, Object> getMessageAnnotations() { return null; }
    }

    /** Writes {@link RawMessage}s as they are and keeps the raw bytes of what it reads. */
    static final class RawCodec implements Codec {
        final List<byte[]> read = new CopyOnWriteArrayList<>();
        private final Codec proton = new QpidProtonCodec();

        @Override
        public EncodedMessage encode(Message message) {
            byte[] data = ((RawMessage) message).data();
            return new EncodedMessage() {
                @Override public void writeTo(OutputStream out) throws java.io.IOException {
                    out.write(java.nio.ByteBuffer.allocate(4).putInt(data.length).array());
                    out.write(data);
                }
                @Override public void writeTo(ByteBuf buf) { buf.writeInt(data.length).writeBytes(data); }
                @Override public int getSize() { return data.length; }
            };
        }

        @Override
        public Message decode(ByteBuf buffer, int size) {
            byte[] data = new byte[size];
            buffer.readBytes(data);
            read.add(data);
            return new RawMessage(data);
        }

        @Override
        public MessageBuilder messageBuilder() {
            return proton.messageBuilder();
        }
    }
}
