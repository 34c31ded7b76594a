package io.amqpharness.fault;

import io.amqpharness.scenario.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One fault of {@code --fault}: what ({@link FaultKind}), when (from the start of publishing), on which
 * node and for how long. Written {@code at=20s,kind=stop-node,node=2,for=10s}: comma-separated
 * {@code key=value} pairs; a value with commas or spaces goes in single or double quotes
 * ({@code kind=command,run='docker restart rmq'}). Immutable.
 *
 * @param text    what the user wrote, for the report
 * @param at      when, from the start of publishing
 * @param kind    what it does
 * @param node    the node it acts on ({@code node=}): put into {@code --fault-ctl}'s {@code {node}}
 * @param lasting how long a lasting fault ({@link FaultKind#lasts()}) lasts before it is undone ({@code for=});
 *                empty for one that does not last, and for a {@code command} without {@code undo}
 * @param queue   the queue {@code delete-queue} deletes ({@code queue=}); empty: the run's first queue
 * @param run     the command of {@code kind=command} ({@code run=}), run with {@code sh -c}
 * @param undo    the command that ends a {@code kind=command} fault after {@code for} ({@code undo=})
 */
public record Fault(String text, Duration at, FaultKind kind, Optional<String> node, Optional<Duration> lasting,
                    Optional<String> queue, Optional<String> run, Optional<String> undo) {
    /** How long {@code stop-node} and {@code memory-alarm} last without {@code for=}: 10 s. */
    public static final Duration DEFAULT_LASTING = Duration.ofSeconds(10);
    private static final String EXAMPLE = "--fault 'at=20s,kind=stop-node,node=2,for=10s'";
    private static final List<String> KEYS = List.of("at", "kind", "node", "for", "queue", "run", "undo");

    /**
     * Reads one {@code --fault} value.
     *
     * @throws IllegalArgumentException with one sentence naming what was wrong and a valid example
     */
    public static Fault parse(String text) {
        Map<String, String> pairs = pairs(text);
        for (String key : pairs.keySet()) {
            if (!KEYS.contains(key)) {
                throw bad(text, "has an unknown key '" + key + "' (known: " + String.join(", ", KEYS) + ")");
            }
        }
        String kindText = pairs.get("kind");
        if (kindText == null) {
            throw bad(text, "has no kind=... (one of " + FaultKind.ids() + ")");
        }
        FaultKind kind = FaultKind.of(kindText)
                .orElseThrow(() -> bad(text, "has an unknown kind '" + kindText + "' (one of " + FaultKind.ids() + ")"));
        String atText = pairs.get("at");
        if (atText == null) {
            throw bad(text, "has no at=... (when, from the start of publishing, such as at=10s)");
        }
        Duration at = duration(text, "at", atText);
        Optional<Duration> lasting = Optional.ofNullable(pairs.get("for")).map(v -> duration(text, "for", v));
        if (lasting.isPresent() && !kind.lasts()) {
            throw bad(text, "gives for= to kind=" + kind.id() + ", which does not last (only stop-node, memory-alarm "
                    + "and command do)");
        }
        if (lasting.isPresent() && lasting.get().isZero()) {
            throw bad(text, "has for=0: a fault that lasts needs a positive time");
        }
        if ((kind == FaultKind.STOP_NODE || kind == FaultKind.MEMORY_ALARM) && lasting.isEmpty()) {
            lasting = Optional.of(DEFAULT_LASTING);
        }
        Optional<String> node = Optional.ofNullable(pairs.get("node")).filter(v -> !v.isBlank());
        if (kind == FaultKind.STOP_NODE && node.isEmpty()) {
            throw bad(text, "has no node=... (the node to stop, put into --fault-ctl's {node})");
        }
        Optional<String> run = Optional.ofNullable(pairs.get("run")).filter(v -> !v.isBlank());
        Optional<String> undo = Optional.ofNullable(pairs.get("undo")).filter(v -> !v.isBlank());
        if (kind == FaultKind.COMMAND && run.isEmpty()) {
            throw bad(text, "has no run='...' (the command to run)");
        }
        if (kind != FaultKind.COMMAND && (run.isPresent() || undo.isPresent())) {
            throw bad(text, "gives run= or undo= to kind=" + kind.id() + " (only kind=command runs a command)");
        }
        if (kind == FaultKind.COMMAND && undo.isPresent() != lasting.isPresent()) {
            throw bad(text, "gives " + (undo.isPresent() ? "undo= without for=" : "for= without undo=")
                    + " (a command fault that lasts needs both: for=5s,undo='...')");
        }
        Optional<String> queue = Optional.ofNullable(pairs.get("queue")).filter(v -> !v.isBlank());
        if (queue.isPresent() && kind != FaultKind.DELETE_QUEUE) {
            throw bad(text, "gives queue= to kind=" + kind.id() + " (only delete-queue takes a queue)");
        }
        return new Fault(text, at, kind, node, lasting, queue, run, undo);
    }

    /** When the fault is over: {@code at} plus how long it lasts. */
    public Duration end() {
        return lasting.map(at::plus).orElse(at);
    }

    /** A short label: {@code stop-node 2 at 20 s for 10 s}. */
    public String label() {
        return kind.id() + node.map(n -> " " + n).orElse("") + queue.map(q -> " " + q).orElse("")
                + " at " + Durations.format(at) + lasting.map(d -> " for " + Durations.format(d)).orElse("");
    }

    private static Duration duration(String text, String key, String value) {
        Optional<Duration> d;
        try {
            d = Durations.parse(value);
        } catch (RuntimeException e) {
            d = Optional.empty();
        }
        return d.filter(x -> !x.isNegative())
                .orElseThrow(() -> bad(text, "has " + key + "=" + value + ", which is not a duration (such as 10s, 500ms, 1m)"));
    }

    private static IllegalArgumentException bad(String text, String what) {
        return new IllegalArgumentException("--fault '" + text + "' " + what + "; for example " + EXAMPLE + ".");
    }

    /** Splits {@code a=1,b='x, y'} into pairs, in order; quotes keep commas. */
    private static Map<String, String> pairs(String text) {
        List<String> parts = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    b.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == ',') {
                parts.add(b.toString());
                b.setLength(0);
            } else {
                b.append(c);
            }
        }
        if (quote != 0) {
            throw bad(text, "has an unclosed quote");
        }
        parts.add(b.toString());
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String p : parts) {
            if (p.isBlank()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw bad(text, "has '" + p.trim() + "', which is not key=value");
            }
            String key = p.substring(0, eq).trim();
            if (pairs.put(key, p.substring(eq + 1).trim()) != null) {
                throw bad(text, "gives " + key + "= twice");
            }
        }
        return pairs;
    }
}
