package io.amqpharness.report.build;

import io.amqpharness.scenario.BrokerAddresses;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Keeps a run's broker password out of its result document, applied where each text comes from:
 * the addresses are written redacted (as the command line prints them), and every text the run
 * produced (notes, failures, driver facts, reasons, names) has the password of any of its
 * addresses replaced by {@code ***}. Immutable.
 *
 * @param addresses the run's broker addresses, whose passwords are scrubbed
 */
record Redaction(BrokerAddresses addresses) {

    /** The first address, password replaced by {@code ***}: {@code amqp://user:***@host:5672/%2F}. */
    String uri() {
        return addresses.primary().redacted();
    }

    /**
     * {@code text} with the password replaced by {@code ***}. A text that begins with the redacted
     * address is left as it is: scrubbing it again would also hide a user name equal to the password.
     */
    String text(String text) {
        if (text == null) {
            return null;
        }
        String redacted = uri();
        if (text.startsWith(redacted)) {
            return text;
        }
        return addresses.scrub(text);
    }

    Optional<String> text(Optional<String> text) {
        return text.map(this::text);
    }

    List<String> texts(List<String> texts) {
        return texts.stream().map(this::text).toList();
    }

    /** The values scrubbed, the keys sorted. */
    Map<String, String> values(Map<String, String> values) {
        Map<String, String> out = new TreeMap<>();
        values.forEach((k, v) -> out.put(k, text(v)));
        return out;
    }
}
