package io.amqpharness.amqp10.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.scenario.BrokerUri;
import io.amqpharness.spi.BrokerUnreachableException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.transport.ErrorCondition;
import org.junit.jupiter.api.Test;

/** {@link EngineConnection} over plain TCP against a {@link LoopbackPeer}: no broker needed. */
class EngineConnectionTest {
    private static final long TIMEOUT_MILLIS = 10_000;

    @Test
    void itConnectsOverSaslPlainAndReadsThePeersOpenFrame() throws Exception {
        try (LoopbackPeer peer = new LoopbackPeer("secret", Map.of(Symbol.valueOf("version"), "9.9.9"))) {
            EngineConnection c = EngineConnection.open("test-open", peer.uri("secret"), Optional.empty(), TIMEOUT_MILLIS);
            try {
                assertThat(c.remoteProperties()).containsEntry(Symbol.valueOf("version"), "9.9.9");
                assertThat(c.failure()).isNull();
                assertThat(c.localPort()).isPresent();
            } finally {
                c.close(TIMEOUT_MILLIS);
            }
        }
    }

    @Test
    void refusedCredentialsAreOneSentenceNamingTheUserButNotThePassword() throws Exception {
        try (LoopbackPeer peer = new LoopbackPeer("secret", Map.of())) {
            assertThatThrownBy(() -> EngineConnection.open("test-sasl", peer.uri("wrong"), Optional.empty(), TIMEOUT_MILLIS))
                    .isInstanceOf(BrokerUnreachableException.class)
                    .hasMessageContaining("refused the credentials of user 'guest' over AMQP 1.0")
                    .message().doesNotContain("wrong");
        }
    }

    @Test
    void aPortNobodyListensOnIsTheSharedConnectionRefusedSentence() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        BrokerUri uri = BrokerUri.parse("amqp://guest:guest@127.0.0.1:" + port + "/%2F").orElseThrow();
        assertThatThrownBy(() -> EngineConnection.open("test-refused", uri, Optional.empty(), TIMEOUT_MILLIS))
                .isInstanceOf(BrokerUnreachableException.class)
                .hasMessageContaining("Cannot connect to RabbitMQ at amqp://")
                .hasMessageContaining(": connection refused. Is the broker running?");
    }

    @Test
    void aConnectionThePeerClosesTellsItsListenerOnceWithThePeersCondition() throws Exception {
        try (LoopbackPeer peer = new LoopbackPeer("secret", Map.of())) {
            EngineConnection c = EngineConnection.open("test-closed", peer.uri("secret"), Optional.empty(), TIMEOUT_MILLIS);
            List<String> sentences = new CopyOnWriteArrayList<>();
            CountDownLatch told = new CountDownLatch(1);
            c.addListener((sentence, cause) -> {
                sentences.add(sentence);
                told.countDown();
            });
            try {
                peer.closeConnection(new ErrorCondition(Symbol.valueOf("amqp:connection:forced"), "closed by the test"));
                assertThat(told.await(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).as("the listener was told").isTrue();
                assertThat(sentences).containsExactly("amqp:connection:forced - closed by the test");
                assertThat(c.failure()).isInstanceOf(RemoteClosedException.class);
                assertThat(c.failureSentence()).isEqualTo("amqp:connection:forced - closed by the test");
            } finally {
                c.close(TIMEOUT_MILLIS);
            }
        }
    }
}
