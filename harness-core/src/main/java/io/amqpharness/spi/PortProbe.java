package io.amqpharness.spi;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

/**
 * Tells which of RabbitMQ's protocols a plain TCP port speaks, so that a driver whose connection
 * failed can say "that is the AMQP port" or "that is the stream port" instead of a timeout. It
 * sends the stream protocol's first request (peer properties, 16 bytes): a stream listener answers
 * with its response (key {@code 0x8011}), an AMQP listener with its protocol header
 * ({@code AMQP} and a version) before it closes. Used only after a failure: it opens one
 * connection of its own.
 */
public final class PortProbe {
    /** What the port answered. */
    public enum Speaks {
        /** An AMQP listener (0.9.1 or 1.0 header). */
        AMQP,
        /** RabbitMQ's stream protocol. */
        STREAM,
        /** Something else, nothing, or no connection. */
        UNKNOWN
    }

    /** Peer properties request: length 12, key 0x0011, version 1, correlation id 1, an empty map. */
    private static final byte[] STREAM_PEER_PROPERTIES = {0, 0, 0, 12, 0, 0x11, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0};

    private PortProbe() {
    }

    /**
     * Asks {@code host:port} (plain TCP, no TLS) which protocol it speaks.
     *
     * @param timeout for connecting and for the answer each
     */
    public static Speaks probe(String host, int port, Duration timeout) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
            s.setSoTimeout((int) timeout.toMillis());
            OutputStream out = s.getOutputStream();
            out.write(STREAM_PEER_PROPERTIES);
            out.flush();
            byte[] answer = readUpTo(s.getInputStream(), 6);
            return classify(answer);
        } catch (IOException | RuntimeException e) {
            return Speaks.UNKNOWN;
        }
    }

    /** What the first bytes of an answer mean. */
    static Speaks classify(byte[] answer) {
        if (answer.length >= 4 && new String(answer, 0, 4, StandardCharsets.US_ASCII).equals("AMQP")) {
            return Speaks.AMQP;
        }
        if (answer.length >= 6 && (answer[4] & 0xff) == 0x80 && answer[5] == 0x11) {
            return Speaks.STREAM;
        }
        return Speaks.UNKNOWN;
    }

    private static byte[] readUpTo(InputStream in, int n) throws IOException {
        byte[] b = new byte[n];
        int read = 0;
        while (read < n) {
            int r = in.read(b, read, n - read);
            if (r < 0) {
                break;
            }
            read += r;
        }
        return Arrays.copyOf(b, read);
    }
}
