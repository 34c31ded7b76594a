package io.amqpharness.report.html;

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

    /**
     * A value of a result document as table text: grouped integers, decimals with one place, a
     * list's items joined (or {@code none}), text as is; {@code –} for an absent value, and
     * nothing for a nested object.
     */
    static String value(Object v) {
        Object x = unwrap(v);
        if (x == null) {
            return "–";
        }
        if (x instanceof Integer || x instanceof Long || x instanceof java.math.BigInteger) {
            return Format.count(((Number) x).longValue());
        }
        if (x instanceof Number n) {
            return String.format(Locale.ROOT, "%,.1f", n.doubleValue());
        }
        if (x instanceof java.util.List<?> list) {
            StringBuilder b = new StringBuilder();
            list.forEach(e -> b.append(b.length() == 0 ? "" : ", ").append(text(e)));
            return b.length() == 0 ? "none" : b.toString();
        }
        return text(x);
    }

    /** An item as JSON's own text of it: numbers and booleans as written, {@code null}, and nothing for an object. */
    private static String text(Object e) {
        if (e instanceof java.util.Map<?, ?> || e instanceof Record) {
            return "";
        }
        return String.valueOf(e);
    }

    private static Object unwrap(Object v) {
        if (v instanceof java.util.Optional<?> o) {
            return o.orElse(null);
        }
        if (v instanceof java.util.OptionalLong o) {
            return o.isPresent() ? o.getAsLong() : null;
        }
        if (v instanceof java.util.OptionalInt o) {
            return o.isPresent() ? o.getAsInt() : null;
        }
        if (v instanceof java.util.OptionalDouble o) {
            return o.isPresent() ? o.getAsDouble() : null;
        }
        return v;
    }

    private static final java.util.regex.Pattern NANOS = java.util.regex.Pattern.compile("\\b([0-9]{7,})ns\\b");

    /**
     * Text with raw nanosecond durations of a millisecond or more ({@code 5007613191ns}, as result
     * files of earlier versions hold them in notes) as seconds ({@code 5.0 s}) or milliseconds.
     */
    static String durations(String text) {
        return NANOS.matcher(text).replaceAll(m -> {
            long nanos = Long.parseLong(m.group(1));
            return nanos >= 1_000_000_000L ? seconds(nanos) : Format.millis(nanos) + " ms";
        });
    }

    /** An instant to the second, in UTC: {@code 2026-11-28 04:20:32 UTC}. */
    static String time(java.time.Instant at) {
        return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
                .withZone(java.time.ZoneOffset.UTC).format(at);
    }

    /** Nanoseconds as seconds with one decimal. */
    static String seconds(long nanos) {
        return Format.seconds(nanos) + " s";
    }
}
