package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options that set one queue argument each ({@code --max-length} sets {@code x-max-length}),
 * merged into {@code --queue-args}.
 */
final class QueueShortcuts {
    private QueueShortcuts() {
    }

    /** The queue-argument shortcut options and the argument each sets. */
    static final Map<Setting, String> SHORTCUTS = shortcuts();

    private static Map<Setting, String> shortcuts() {
        Map<Setting, String> m = new EnumMap<>(Setting.class);
        m.put(Setting.MAX_LENGTH, "x-max-length");
        m.put(Setting.MAX_LENGTH_BYTES, "x-max-length-bytes");
        m.put(Setting.MAX_AGE, "x-max-age");
        m.put(Setting.LAZY, "x-queue-mode");
        m.put(Setting.QUORUM_GROUP_SIZE, "x-quorum-initial-group-size");
        m.put(Setting.LEADER_LOCATOR, "x-queue-leader-locator");
        m.put(Setting.STREAM_SEGMENT_SIZE, "x-stream-max-segment-size-bytes");
        return m;
    }

    /** The queue arguments with the shortcut options merged in (conflicts are validation errors). */
    static Map<String, Object> merged(ScenarioDraft<?> d) {
        Map<String, Object> args = new LinkedHashMap<>(d.map(Setting.QUEUE_ARGS));
        for (Map.Entry<Setting, String> e : set(d)) {
            Object v = d.get(e.getKey());
            args.put(e.getValue(), v instanceof Boolean ? "lazy" : v instanceof Integer i ? (Object) (long) i : v);
        }
        return args;
    }

    /** Shortcut options and the queue argument each sets, for conflict checks. */
    static List<Map.Entry<Setting, String>> set(ScenarioDraft<?> d) {
        List<Map.Entry<Setting, String>> set = new ArrayList<>();
        SHORTCUTS.forEach((setting, argument) -> {
            if (isSet(d, setting)) {
                set.add(Map.entry(setting, argument));
            }
        });
        return set;
    }

    /** True if the shortcut {@code setting} is set: given a value, or on for a switch. */
    static boolean isSet(ScenarioDraft<?> d, Setting setting) {
        Object v = d.get(setting);
        return v != null && !Boolean.FALSE.equals(v);
    }
}
