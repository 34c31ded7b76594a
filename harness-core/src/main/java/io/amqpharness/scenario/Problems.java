package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Collects validation problems as sentences that name options the way the user spelled them.
 * Not thread-safe; one instance per validation pass.
 */
public final class Problems {
    private final Map<Setting, String> spelling;
    private final List<String> messages = new ArrayList<>();

    /**
     * An empty collection.
     *
     * @param spelling how the user typed options ({@code -q} or {@code --qos}); options not in it are
     *                 named by their long names
     */
    public Problems(Map<Setting, String> spelling) {
        this.spelling = spelling.isEmpty() ? new EnumMap<>(Setting.class) : new EnumMap<>(spelling);
    }

    /** The name of a setting as the user typed it, or its long option name. */
    public String name(Setting setting) {
        return spelling.getOrDefault(setting, setting.optionName());
    }

    /**
     * Adds a problem. {@code format} is a {@link String#format} pattern whose first argument is
     * the option's name; {@code args} follow it.
     */
    public void add(Setting setting, String format, Object... args) {
        Object[] all = new Object[args.length + 1];
        all[0] = name(setting);
        System.arraycopy(args, 0, all, 1, args.length);
        String sentence = String.format(java.util.Locale.ROOT, format, all);
        messages.add(sentence.endsWith(".") ? sentence : sentence + ".");
    }

    /** Adds a problem that is already a complete sentence. */
    public void addSentence(String sentence) {
        messages.add(sentence.endsWith(".") ? sentence : sentence + ".");
    }

    public boolean isEmpty() {
        return messages.isEmpty();
    }

    public List<String> messages() {
        return List.copyOf(messages);
    }

    void throwIfAny() {
        if (!messages.isEmpty()) {
            throw new ScenarioException(messages);
        }
    }
}
