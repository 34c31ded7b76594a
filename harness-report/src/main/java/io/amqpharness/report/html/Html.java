package io.amqpharness.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.amqpharness.report.Format;
import java.util.Locale;

/** Escaping and number formatting for the HTML report. */
final class Html {
    private Html() {
    }

    /** Text safe inside elements and double-quoted attributes. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** {@code timedOut} as {@code timed out}, {@code p999} as {@code p99.9}. */
    static String words(String camel) {
        switch (camel) {
            case "p999": return "p99.9";
            case "p9999": return "p99.99";
            default: break;
        }
        StringBuilder b = new StringBuilder();
        for (char c : camel.toCharArray()) {
            if (Character.isUpperCase(c)) {
                b.append(' ').append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** A JSON value as table text: grouped integers, decimals with one place, text as is. */
    static String value(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return "–";
        }
        if (v.isIntegralNumber()) {
            return Format.count(v.asLong());
        }
        if (v.isNumber()) {
            return String.format(Locale.ROOT, "%,.1f", v.asDouble());
        }
        if (v.isArray()) {
            StringBuilder b = new StringBuilder();
            v.forEach(e -> b.append(b.length() == 0 ? "" : ", ").append(e.asText()));
            return b.length() == 0 ? "none" : b.toString();
        }
        return v.asText();
    }

    /** Nanoseconds as milliseconds, about four significant digits. */
    static String millis(JsonNode nanos) {
        return Format.millis(nanos.asLong());
    }

    /** Nanoseconds as seconds with one decimal. */
    static String seconds(JsonNode nanos) {
        return Format.seconds(nanos.asLong()) + " s";
    }
}
