package io.amqpharness.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The command-line arguments of runs, to show which settings a comparison varies (the HTML
 * comparison page and {@link MarkdownReport}).
 */
public final class Arguments {
    private Arguments() {
    }

    /**
     * {@code ["--rate", "100", "--flag", "a", "--flag", "b", "--predeclared"]} as
     * {@code {--rate=100, --flag=a b, --predeclared=""}}, in order.
     */
    public static Map<String, String> options(List<String> args) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String option = args.get(i);
            String value = i + 1 < args.size() && !args.get(i + 1).startsWith("--") ? args.get(++i) : "";
            out.merge(option, value, (a, b) -> a + " " + b);
        }
        return out;
    }

    /** Options whose value is not the same in every run (absent counts as a value). */
    public static List<String> varied(List<Map<String, String>> runs) {
        Set<String> all = new LinkedHashSet<>();
        runs.forEach(r -> all.addAll(r.keySet()));
        List<String> varied = new ArrayList<>();
        for (String option : all) {
            String first = runs.get(0).get(option);
            if (runs.stream().anyMatch(r -> !Objects.equals(r.get(option), first))) {
                varied.add(option);
            }
        }
        return varied;
    }

    /**
     * The varied options of one run as a command line; an option the run left at its default
     * shows as {@code --queue-type (default)}.
     */
    public static String varied(Map<String, String> options, List<String> varied) {
        StringBuilder b = new StringBuilder(join(options, varied::contains));
        if (b.toString().equals("(none)")) {
            b.setLength(0);
        }
        for (String option : varied) {
            if (!options.containsKey(option)) {
                b.append(b.length() == 0 ? "" : " ").append(option).append(" (default)");
            }
        }
        return b.length() == 0 ? "(none)" : b.toString();
    }

    /** The selected options as a command line, {@code (none)} if there are none. */
    static String join(Map<String, String> options, Predicate<String> include) {
        StringBuilder b = new StringBuilder();
        options.forEach((k, v) -> {
            if (include.test(k)) {
                if (v.isEmpty()) {
                    b.append(b.length() == 0 ? "" : " ").append(k);
                } else {
                    for (String value : k.equals("--flag") ? v.split(" ") : new String[] {v}) {
                        b.append(b.length() == 0 ? "" : " ").append(k).append(' ').append(value);
                    }
                }
            }
        });
        return b.length() == 0 ? "(none)" : b.toString();
    }
}
