package io.amqpharness.fault;

import io.amqpharness.scenario.BrokerAddresses;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Runs a fault's command with {@code sh -c}, in the harness's working directory, and waits for it (up to
 * {@link #TIMEOUT_SECONDS}). Called from one thread at a time.
 */
final class Commands {
    /** How long a command may take: 90 s (rabbitmqctl can take several seconds on a loaded machine). */
    static final long TIMEOUT_SECONDS = 90;
    private final BrokerAddresses addresses;

    Commands(BrokerAddresses addresses) {
        this.addresses = addresses;
    }

    /**
     * Runs {@code command}; returns what it printed.
     *
     * @throws IOException if it could not start, took too long or exited with another code than 0 (the message
     *                     gives the code and its last line of output)
     */
    String run(String command) throws IOException {
        int exit;
        java.nio.file.Path output = java.nio.file.Files.createTempFile("harness-fault", ".out");
        byte[] out;
        try {
            Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            p.getOutputStream().close();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("'" + shown(command) + "' did not end within " + TIMEOUT_SECONDS + " s");
            }
            out = java.nio.file.Files.readAllBytes(output);
            exit = p.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("'" + shown(command) + "' was interrupted");
        } finally {
            java.nio.file.Files.deleteIfExists(output);
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (exit != 0) {
            String[] lines = text.strip().split("\n");
            throw new IOException("'" + shown(command) + "' exited with code " + exit
                    + (text.isBlank() ? "" : ": " + shown(lines[lines.length - 1].strip())));
        }
        return text;
    }

    private String shown(String text) {
        return addresses.scrub(text);
    }
}
