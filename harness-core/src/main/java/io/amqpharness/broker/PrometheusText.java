package io.amqpharness.broker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The series of a Prometheus text exposition (format 0.0.4, as {@code rabbitmq_prometheus} serves
 * it): {@code name{label="value",...} number}. Comments, timestamps and malformed lines are
 * skipped. Immutable once parsed.
 */
final class PrometheusText {
    /** One series: its labels and value. */
    record Series(Map<String, String> labels, double value) {
        Series {
            labels = Map.copyOf(labels);
        }
    }

    private final Map<String, List<Series>> byName;

    private PrometheusText(Map<String, List<Series>> byName) {
        this.byName = byName;
    }

    static PrometheusText parse(String text) {
        Map<String, List<Series>> byName = new HashMap<>();
        for (String line : text.split("\n")) {
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int brace = line.indexOf('{');
            int space = line.indexOf(' ');
            if (space < 0) {
                continue;
            }
            String name;
            Map<String, String> labels = new HashMap<>();
            String rest;
            if (brace >= 0 && brace < space) {
                int close = line.lastIndexOf('}');
                if (close < brace) {
                    continue;
                }
                name = line.substring(0, brace);
                labels(line.substring(brace + 1, close), labels);
                rest = line.substring(close + 1).strip();
            } else {
                name = line.substring(0, space);
                rest = line.substring(space + 1).strip();
            }
            int end = 0; // the number ends at the first blank (a timestamp may follow); no regex per line
            while (end < rest.length() && !Character.isWhitespace(rest.charAt(end))) {
                end++;
            }
            String number = rest.substring(0, end);
            double value;
            try {
                value = Double.parseDouble(number);
            } catch (NumberFormatException e) {
                continue;
            }
            byName.computeIfAbsent(name, k -> new ArrayList<>()).add(new Series(labels, value));
        }
        return new PrometheusText(byName);
    }

    /** The series of one metric; empty if absent. */
    List<Series> series(String name) {
        return byName.getOrDefault(name, List.of());
    }

    /** The sum over all series of a metric, or empty if it is absent. */
    OptionalDouble sum(String name) {
        List<Series> s = series(name);
        return s.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(s.stream().mapToDouble(Series::value).sum());
    }

    /** The value of the series of {@code name} whose labels include {@code label=value}. */
    OptionalDouble value(String name, String label, String value) {
        for (Series s : series(name)) {
            if (value.equals(s.labels().get(label))) {
                return OptionalDouble.of(s.value());
            }
        }
        return OptionalDouble.empty();
    }

    /** {@code a="x",b="y \"q\""}: label values may hold escaped quotes, commas and braces. */
    private static void labels(String body, Map<String, String> out) {
        int i = 0;
        while (i < body.length()) {
            int eq = body.indexOf('=', i);
            if (eq < 0) {
                return;
            }
            String key = body.substring(i, eq).strip();
            if (key.startsWith(",")) {
                key = key.substring(1).strip();
            }
            int q = body.indexOf('"', eq);
            if (q < 0) {
                return;
            }
            StringBuilder v = new StringBuilder();
            int j = q + 1;
            while (j < body.length() && body.charAt(j) != '"') {
                char c = body.charAt(j);
                if (c == '\\' && j + 1 < body.length()) {
                    char n = body.charAt(++j);
                    v.append(n == 'n' ? '\n' : n);
                } else {
                    v.append(c);
                }
                j++;
            }
            out.put(key, v.toString());
            i = j + 1;
        }
    }
}
