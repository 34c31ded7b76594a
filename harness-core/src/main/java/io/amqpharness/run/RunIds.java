package io.amqpharness.run;

import java.security.SecureRandom;

/** Short random run ids: 6 lowercase letters and digits, safe in queue and connection names. */
final class RunIds {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789".toCharArray();

    private RunIds() {
    }

    static String next() {
        char[] id = new char[6];
        for (int i = 0; i < id.length; i++) {
            id[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return new String(id);
    }
}
