package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/options.md} is its template with one table per {@link Setting.Group} made from the
 * declarations. Run with {@code -Doptions.doc.write=true} to write it after changing either.
 */
class OptionsDocTest {
    private static final Path DOC = Path.of("..", "docs", "options.md");

    @Test
    void theCheckedInOptionsPageIsGeneratedFromTheDeclarations() throws IOException {
        String generated = generate();
        if (Boolean.getBoolean("options.doc.write")) {
            Files.writeString(DOC, generated);
        }
        assertThat(Files.readString(DOC))
                .as("docs/options.md is out of date: run mvn -B -ntp -pl harness-core test -Dtest=OptionsDocTest "
                        + "-Doptions.doc.write=true")
                .isEqualTo(generated);
    }

    @Test
    void everySettingHasHelpAndDocumentation() {
        for (Setting s : Setting.values()) {
            Declaration<?> d = s.declaration();
            assertThat(d.help()).as("help of %s", s).isNotBlank();
            assertThat(d.docMeaning()).as("docs of %s", s).isNotBlank();
            assertThat(d.isSwitch()).as("%s has a value label unless it is a switch", s).isEqualTo(d.label().isEmpty());
        }
    }

    @Test
    void aGroupTableListsItsSettingsInTableOrder() {
        String table = table(Setting.Group.CONSUMING);
        assertThat(table).startsWith("| option | default | meaning |\n|---|---|---|\n| `-y`, `--consumers N` | 1 |");
        assertThat(table.indexOf("`--requeue [PERCENT]`")).isGreaterThan(table.indexOf("`--reject-rate PERCENT`"));
        assertThat(table).doesNotContain("--time");
    }

    static String generate() throws IOException {
        String template;
        try (var in = Objects.requireNonNull(OptionsDocTest.class.getResourceAsStream("/options.template.md"))) {
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> out = new ArrayList<>();
        for (String line : template.split("\n", -1)) {
            if (line.startsWith("{{options ") && line.endsWith("}}")) {
                String group = line.substring("{{options ".length(), line.length() - 2);
                out.add(table(Setting.Group.valueOf(group)).stripTrailing());
            } else {
                out.add(line);
            }
        }
        return String.join("\n", out);
    }

    static String table(Setting.Group group) {
        StringBuilder b = new StringBuilder("| option | default | meaning |\n|---|---|---|\n");
        for (Setting s : Setting.values()) {
            Declaration<?> d = s.declaration();
            if (d.group() == group) {
                String byDefault = d.docDefault().isEmpty() ? "" : d.docDefault() + " ";
                b.append("| ").append(names(d)).append(" | ").append(byDefault).append("| ")
                        .append(d.docMeaning()).append(" |\n");
            }
        }
        return b.toString();
    }

    /** {@code `-u`, `--queue NAME[,NAME...]`}. */
    private static String names(Declaration<?> d) {
        StringBuilder b = new StringBuilder();
        for (String n : d.names().subList(0, d.names().size() - 1)) {
            b.append('`').append(n).append("`, ");
        }
        b.append('`').append(d.longName());
        d.label().ifPresent(l -> b.append(' ').append(d.fallbackValue().isPresent() ? "[" + l + "]" : l));
        return b.append('`').toString();
    }
}
