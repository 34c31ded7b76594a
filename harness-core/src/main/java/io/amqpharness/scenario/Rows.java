package io.amqpharness.scenario;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** What the rows of {@link Setting} share to read values from a scenario and to apply them. */
final class Rows {
    private Rows() {
    }

    /** {@code c}, or null when it is empty: a scenario without the option. */
    static <C extends Collection<?>> C nonEmpty(C c) {
        return c.isEmpty() ? null : c;
    }

    /** {@code m}, or null when it is empty: a scenario without the option. */
    static <K, V> Map<K, V> nonEmpty(Map<K, V> m) {
        return m.isEmpty() ? null : m;
    }

    /** The values of a repeated option, one list after the other. */
    static <T> List<T> flat(List<List<T>> lists) {
        List<T> all = new ArrayList<>();
        lists.forEach(all::addAll);
        return all;
    }
}
