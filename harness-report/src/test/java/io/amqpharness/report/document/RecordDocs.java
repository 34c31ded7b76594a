package io.amqpharness.report.document;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The field tables of docs/result-json.md, made from the document records: a row per component,
 * its JSON type from the component's Java type, its meaning from the record's Javadoc
 * {@code @param} tag, read from the record's source file (Javadoc is not kept at run time). A
 * meaning ending in {@code , nanoseconds} (or {@code , nanoseconds (decimal)}) has that as its type.
 */
final class RecordDocs {
    private static final Path SOURCES = Path.of("src", "main", "java");
    private static final Pattern NANOS = Pattern.compile(", (nanoseconds(?: \\(decimal\\))?)$");

    private RecordDocs() {
    }

    /**
     * What one table lists: a record's components under a path prefix, some of them expanded in
     * place into their own components, some left out (documented in the prose instead).
     *
     * @param record   the record
     * @param prefix   the path before each component's name, for example {@code intervals[].}
     * @param expand   components (relative paths, arrays as {@code name[]}) whose own components follow them
     * @param skip     components (relative paths) left out
     * @param only     if not empty, the only top components listed
     */
    record Table(Class<?> record, String prefix, Set<String> expand, Set<String> skip, Set<String> only) {
    }

    /** The table's markdown: header, then a row per component. */
    static String table(Table t) {
        StringBuilder b = new StringBuilder("| field | type | meaning |\n|---|---|---|\n");
        rows(t, t.record(), "", b);
        return b.toString();
    }

    private static void rows(Table t, Class<?> record, String relative, StringBuilder b) {
        Map<String, String> params = params(record);
        for (RecordComponent c : record.getRecordComponents()) {
            if (relative.isEmpty() && !t.only().isEmpty() && !t.only().contains(c.getName())) {
                continue;
            }
            String path = relative + c.getName();
            if (t.skip().contains(path)) {
                continue;
            }
            String meaning = params.get(c.getName());
            if (meaning == null) {
                throw new IllegalStateException(record.getSimpleName() + " has no @param " + c.getName());
            }
            Type type = c.getGenericType();
            boolean array = isList(unwrap(type));
            String type1 = type(type, c.getAccessor().isAnnotationPresent(JsonInclude.class));
            Matcher m = NANOS.matcher(meaning);
            if (m.find()) {
                meaning = meaning.substring(0, m.start());
                type1 = type1.replace("integer", m.group(1)).replace("number", m.group(1));
            }
            b.append("| `").append(t.prefix()).append(path).append("` | ").append(type1)
                    .append(" | ").append(meaning).append(" |\n");
            String expanded = path + (array ? "[]" : "");
            if (t.expand().contains(expanded)) {
                rows(t, recordOf(type), expanded + ".", b);
            }
        }
    }

    private static Type unwrap(Type t) {
        return t instanceof ParameterizedType p && p.getRawType() == Optional.class ? p.getActualTypeArguments()[0] : t;
    }

    private static boolean isList(Type t) {
        return t instanceof ParameterizedType p && p.getRawType() == List.class;
    }

    private static Class<?> recordOf(Type t) {
        Type u = unwrap(t);
        if (u instanceof ParameterizedType p && p.getRawType() == List.class) {
            u = p.getActualTypeArguments()[0];
        }
        return (Class<?>) u;
    }

    /** The JSON type of a component; an optional one is {@code or null} unless left out when empty. */
    static String type(Type t, boolean absentWhenEmpty) {
        if (t instanceof ParameterizedType p && p.getRawType() == Optional.class) {
            String inner = type(p.getActualTypeArguments()[0], false);
            return absentWhenEmpty ? inner : inner + " or null";
        }
        if (t == OptionalLong.class || t == OptionalInt.class) {
            return "integer or null";
        }
        if (t == OptionalDouble.class) {
            return "number or null";
        }
        if (t instanceof ParameterizedType p && p.getRawType() == List.class) {
            return p.getActualTypeArguments()[0] == String.class ? "array of strings" : "array";
        }
        if (t instanceof ParameterizedType p && p.getRawType() == Map.class) {
            return p.getActualTypeArguments()[1] == String.class ? "object of strings" : "object";
        }
        if (t == long.class || t == int.class || t == Long.class || t == Integer.class) {
            return "integer";
        }
        if (t == double.class || t == Double.class) {
            return "number";
        }
        if (t == boolean.class || t == Boolean.class) {
            return "boolean";
        }
        if (t == String.class) {
            return "string";
        }
        if (t == Instant.class) {
            return "instant";
        }
        if (t instanceof Class<?> c && (c.isRecord() || PerMetric.class.isAssignableFrom(c))) {
            return "object";
        }
        throw new IllegalArgumentException("no JSON type for " + t);
    }

    /** The {@code @param} tags of a record's Javadoc, as markdown, by component name. */
    static Map<String, String> params(Class<?> record) {
        Class<?> top = record;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        Path file = SOURCES.resolve(top.getName().replace('.', '/') + ".java");
        String source;
        try {
            source = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return params(record, source);
    }

    /** The {@code @param} tags of a record's Javadoc in {@code source}, as markdown, by component name. */
    static Map<String, String> params(Class<?> record, String source) {
        Matcher m = Pattern.compile("record\\s+" + record.getSimpleName() + "\\s*(?:<[^>]*>)?\\s*\\(").matcher(source);
        if (!m.find()) {
            throw new IllegalStateException("no record " + record.getSimpleName() + " in its source");
        }
        int end = source.lastIndexOf("*/", m.start());
        int start = source.lastIndexOf("/**", end);
        String javadoc = Arrays.stream(source.substring(start + 3, end).split("\n"))
                .map(l -> l.replaceFirst("^\\s*\\* ?", "")).reduce("", (a, l) -> a + " " + l);
        Map<String, String> out = new LinkedHashMap<>();
        for (String tag : javadoc.split("(?=@param\\s)")) {
            if (!tag.startsWith("@param")) {
                continue;
            }
            String text = tag.substring("@param".length()).trim().split("\\s@(?!code|link|value)[a-z]+\\s")[0];
            String[] nameAndText = text.split("\\s+", 2);
            out.put(nameAndText[0], markdown(nameAndText[1].replaceAll("\\s+", " ").trim()));
        }
        return out;
    }

    /** {@code {@code x}} as {@code `x`}, {@code {@link A#b()}} as {@code `b`}, HTML entities decoded. */
    static String markdown(String javadoc) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < javadoc.length()) {
            int open = javadoc.indexOf("{@", i);
            if (open < 0) {
                out.append(javadoc.substring(i));
                break;
            }
            out.append(javadoc, i, open);
            int depth = 0;
            int close = open;
            for (; close < javadoc.length(); close++) {
                char ch = javadoc.charAt(close);
                depth += ch == '{' ? 1 : ch == '}' ? -1 : 0;
                if (depth == 0) {
                    break;
                }
            }
            String inner = javadoc.substring(open + 2, close);
            String kind = inner.split("\\s", 2)[0];
            String body = inner.length() > kind.length() ? inner.substring(kind.length() + 1) : "";
            if (kind.equals("link") || kind.equals("linkplain")) {
                body = body.replaceAll("^.*#", "").replaceAll("\\(\\)$", "");
            }
            out.append('`').append(body).append('`');
            i = close + 1;
        }
        return out.toString().replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }

    /** A table's spec from its marker's text: {@code Counts as counts. expand a,b skip c only d}. */
    static Table parse(String spec) {
        List<String> words = new ArrayList<>(List.of(spec.trim().split("\\s+")));
        Class<?> record;
        try {
            record = Class.forName(RecordDocs.class.getPackageName() + "." + words.get(0).replace('.', '$'));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("no document record " + words.get(0), e);
        }
        String prefix = words.get(1).equals("as") ? words.get(2) : "";
        Map<String, Set<String>> lists = new LinkedHashMap<>();
        for (int k = 1; k < words.size() - 1; k++) {
            if (Set.of("expand", "skip", "only").contains(words.get(k))) {
                lists.put(words.get(k), Set.of(words.get(k + 1).split(",")));
            }
        }
        return new Table(record, prefix.equals("-") ? "" : prefix, lists.getOrDefault("expand", Set.of()),
                lists.getOrDefault("skip", Set.of()), lists.getOrDefault("only", Set.of()));
    }
}
