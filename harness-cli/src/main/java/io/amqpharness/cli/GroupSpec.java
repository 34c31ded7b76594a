package io.amqpharness.cli;

import io.amqpharness.run.GroupedRun;
import io.amqpharness.scenario.ScenarioException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One {@code --group} as typed: {@code name=probe,rate=10,queue-type=quorum}. A group is a whole
 * scenario: its fields are the run options by their long names without dashes (as in a scenario
 * file), over the top level's options, which are every group's defaults. A comma starts the next
 * field only before a {@code key=}, so a value may hold commas ({@code size=100,1000}).
 *
 * @param text   the value as typed
 * @param name   the group's name ({@link GroupedRun#NAME})
 * @param fields the other fields, in order, keys in kebab case
 */
record GroupSpec(String text, String name, List<Field> fields) {
    /** Where a field ends: a comma before the next {@code key=}. */
    private static final Pattern SPLIT = Pattern.compile(",(?=\\s*[A-Za-z][A-Za-z0-9-]*=)");
    static final String EXAMPLE = "--group name=probe,rate=10,queue-type=quorum";

    /** One {@code key=value} of a group. */
    record Field(String key, String value) {
    }

    /**
     * Reads one {@code --group} value.
     *
     * @throws ScenarioException with one sentence if it is not {@code name=NAME,key=value,...}
     */
    static GroupSpec parse(String text) {
        String name = null;
        List<Field> fields = new ArrayList<>();
        for (String piece : SPLIT.split(text.trim(), -1)) {
            int eq = piece.indexOf('=');
            if (eq <= 0) {
                throw problem("--group '" + text + "': '" + piece.trim() + "' is not key=value; write each field as "
                        + "an option's long name, '=' and its value, for example " + EXAMPLE + ".");
            }
            String key = ScenarioFile.kebab(piece.substring(0, eq));
            String value = piece.substring(eq + 1).trim();
            if (key.equals("name")) {
                if (name != null) {
                    throw problem("--group '" + text + "' names the group twice; give name= once, for example "
                            + EXAMPLE + ".");
                }
                name = value;
            } else {
                fields.add(new Field(key, value));
            }
        }
        if (name == null) {
            throw problem("--group '" + text + "' has no name; start it with name=, for example " + EXAMPLE + ".");
        }
        if (!GroupedRun.NAME.matcher(name).matches()) {
            throw problem("--group '" + text + "': the name '" + name + "' must be lowercase letters, digits and dashes "
                    + "(at most 32, starting with a letter), as it goes into queue and connection names; for example "
                    + "name=probe.");
        }
        return new GroupSpec(text, name, List.copyOf(fields));
    }

    /**
     * Reads every {@code --group}.
     *
     * @throws ScenarioException with one sentence if one cannot be read or two share a name
     */
    static List<GroupSpec> parseAll(List<String> texts) {
        List<GroupSpec> specs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String t : texts) {
            GroupSpec g = parse(t);
            if (!names.add(g.name())) {
                throw problem("Two groups are named '" + g.name() + "'; give each --group a name of its own, for "
                        + "example name=load and name=probe.");
            }
            specs.add(g);
        }
        return specs;
    }

    private static ScenarioException problem(String sentence) {
        return new ScenarioException(List.of(sentence));
    }
}
