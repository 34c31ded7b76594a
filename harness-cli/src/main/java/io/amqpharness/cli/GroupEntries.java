package io.amqpharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The {@code groups:} section of a scenario file: a map from each group's name to its options, as
 * the file's top level gives options (long names without dashes; a list joins its values with
 * commas), each group becoming one {@code --group name=NAME,KEY=VALUE,...}.
 *
 * <pre>{@code
 * groups:
 *   load:  {queue-type: classic, rate: 1000, producers: 4, consumers: 4}
 *   probe: {queue-type: quorum, rate: 10, size: 12}
 * }</pre>
 */
final class GroupEntries {
    private GroupEntries() {
    }

    /** The {@code --group} arguments of a {@code groups:} value. */
    static List<String> tokens(JsonNode groups, String where) {
        if (!groups.isObject() || groups.isEmpty()) {
            throw ScenarioFile.problem(where, "groups holds a map from each group's name to its options, for example "
                    + "groups: {probe: {rate: 10, queue-type: quorum}}");
        }
        List<String> t = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = groups.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> g = it.next();
            StringBuilder spec = new StringBuilder("name=").append(g.getKey());
            JsonNode fields = g.getValue();
            if (fields != null && !fields.isNull() && !fields.isObject()) {
                throw ScenarioFile.problem(where, "group " + g.getKey() + " holds its options as key: value pairs, for "
                        + "example " + g.getKey() + ": {rate: 10}");
            }
            if (fields != null && fields.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> f = fields.fields(); f.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = f.next();
                    String key = ScenarioFile.kebab(field.getKey());
                    for (String value : values(field.getValue(), where, g.getKey(), key)) {
                        spec.append(',').append(key).append('=').append(value);
                    }
                }
            }
            t.add("--group");
            t.add(spec.toString());
        }
        return t;
    }

    /** One value, or a list's values joined (a repeatable option's, such as fail-if, one field each). */
    private static List<String> values(JsonNode v, String where, String group, String key) {
        if (v.isArray()) {
            List<String> items = new ArrayList<>();
            v.forEach(item -> items.add(scalar(item, where, group, key)));
            return key.equals("fail-if") || key.equals("step") ? items : List.of(String.join(",", items));
        }
        if (v.isObject()) {
            StringBuilder pairs = new StringBuilder();
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                pairs.append(pairs.length() == 0 ? "" : ";").append(e.getKey()).append('=')
                        .append(scalar(e.getValue(), where, group, key));
            }
            if (v.size() > 1) {
                throw ScenarioFile.problem(where, "group " + group + ": " + key + " holds " + v.size() + " entries, "
                        + "but a group's map value takes one (its commas would start new fields); give the others "
                        + "outside groups, where every group takes them");
            }
            return List.of(pairs.toString());
        }
        return List.of(scalar(v, where, group, key));
    }

    private static String scalar(JsonNode v, String where, String group, String key) {
        if (v.isContainerNode() || v.isNull()) {
            throw ScenarioFile.problem(where, "group " + group + ": " + key + " needs a value such as the command line "
                    + "takes");
        }
        return v.asText();
    }
}
