package io.amqpharness.smoke.structure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The repository's Java sources as text, read from this module's parent folder (the tests run in the
 * module's folder, as LibraryDocTest's do): each module's main and test sources, their packages and
 * what they name of the project's other packages.
 */
final class SourceTree {
    /** The repository's root, where the modules' folders are. */
    static final Path ROOT = Path.of("..");

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    /** A name of the project's, qualified: its package is what stands before the first capitalised part. */
    private static final Pattern QUALIFIED = Pattern.compile("\\bio\\.amqpharness((?:\\.[a-z][a-z0-9_]*)*)\\.(?:[A-Z]|\\*)");

    private SourceTree() {
    }

    /** A source file: its module, its path, its package and its text without comments. */
    record Source(String module, Path path, String pkg, String code) {
        /** The file's name without {@code .java}: its top-level type. */
        String typeName() {
            String f = path.getFileName().toString();
            return f.substring(0, f.length() - ".java".length());
        }

        /** The project's packages this file names (imports and qualified names in its code), its own left out. */
        List<String> packagesNamed() {
            List<String> named = new ArrayList<>();
            Matcher m = QUALIFIED.matcher(code);
            while (m.find()) {
                String p = "io.amqpharness" + m.group(1);
                if (!p.equals(pkg) && !named.contains(p)) {
                    named.add(p);
                }
            }
            return named;
        }

        /**
         * Whether the file's top-level type is deprecated for removal: a bridge kept for library users
         * until it goes, whose imports are not the module's structure.
         */
        boolean deprecatedForRemoval() {
            Matcher decl = Pattern.compile("\\b(?:class|interface|enum|record|@interface)\\s+" + typeName() + "\\b").matcher(code);
            if (!decl.find()) {
                return false;
            }
            String head = code.substring(0, decl.start());
            int lastImport = Math.max(head.lastIndexOf(';'), 0);
            return Pattern.compile("@Deprecated\\s*\\([^)]*forRemoval\\s*=\\s*true").matcher(head.substring(lastImport)).find();
        }
    }

    /** The modules: the root's folders with Java sources under {@code src/main/java} or {@code src/test/java}. */
    static List<String> modules() {
        try (Stream<Path> dirs = Files.list(ROOT)) {
            return dirs.filter(d -> Files.isDirectory(d.resolve("src/main/java")) || Files.isDirectory(d.resolve("src/test/java")))
                    .map(d -> d.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Java files of {@code module} under {@code src/SET/java} (SET: main or test). */
    static List<Source> sources(String module, String set) {
        Path dir = ROOT.resolve(module).resolve("src").resolve(set).resolve("java");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().map(f -> read(module, f)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Source read(String module, Path file) {
        try {
            String text = Files.readString(file);
            Matcher p = PACKAGE.matcher(text);
            return new Source(module, file, p.find() ? p.group(1) : "", withoutComments(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The text without its comments (Javadoc's links are no imports) and with its strings emptied. */
    static String withoutComments(String text) {
        return withoutComments(text, false);
    }

    /** The text without its comments, its strings kept as written or emptied. */
    static String withoutComments(String text, boolean keepStrings) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (text.startsWith("\"\"\"", i)) {
                int end = text.indexOf("\"\"\"", i + 3);
                out.append(keepStrings ? text.substring(i, end < 0 ? n : end + 3) : "\"\"");
                i = end < 0 ? n : end + 3;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && text.charAt(j) != c && text.charAt(j) != '\n') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                out.append(keepStrings ? text.substring(i, Math.min(j + 1, n)) : "" + c + c);
                i = Math.min(j + 1, n);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
