package io.amqpharness.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The two forms of the help of the run commands: {@code --help} shows what the harness is, its
 * commands, the options most runs use and a few examples; {@code --help-all} shows every option,
 * in its group, and every example. Both keep the commands right after the description.
 */
final class HelpLayout {
    /** The options {@code --help} shows, in this order: the ones most runs set. */
    static final List<String> COMMON = List.of("--uri", "--protocol", "--queue-type", "--queue", "--producers",
            "--consumers", "--rate", "--size", "--confirm", "--qos", "--multi-ack-every", "--pmessages",
            "--time", "--warmup", "--fail-if", "--output-dir", "--scenario", "--broker", "--instances", "--help",
            "--help-all", "--version");

    static final String HELP_ALL = "--help-all";

    private HelpLayout() {
    }

    /**
     * Adds {@code --help-all} to a command and makes {@code --help} the short form.
     *
     * @param own         the command's own options, shown first by {@code --help} ({@code --vary})
     * @param shortFooter the examples {@code --help} shows; {@code --help-all} shows the command's footer
     */
    static void install(CommandLine cl, List<String> own, List<String> shortFooter) {
        if (cl.getCommandSpec().findOption(HELP_ALL) == null) {
            cl.getCommandSpec().addOption(OptionSpec.builder(HELP_ALL).usageHelp(true)
                    .description("Show every option and example (--help shows the options most runs use).").build());
        }
        List<String> keys = new ArrayList<>(cl.getHelpSectionKeys());
        keys.remove(UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING);
        keys.remove(UsageMessageSpec.SECTION_KEY_COMMAND_LIST);
        int at = keys.indexOf(UsageMessageSpec.SECTION_KEY_DESCRIPTION) + 1;
        keys.add(at, UsageMessageSpec.SECTION_KEY_COMMAND_LIST);
        keys.add(at, UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING);
        cl.setHelpSectionKeys(keys);
        cl.getCommandSpec().usageMessage().commandListHeading("Commands:%n");

        Map<String, CommandLine.IHelpSectionRenderer> renderers = cl.getHelpSectionMap();
        CommandLine.IHelpSectionRenderer options = renderers.get(UsageMessageSpec.SECTION_KEY_OPTION_LIST);
        CommandLine.IHelpSectionRenderer optionsHeading = renderers.get(UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING);
        CommandLine.IHelpSectionRenderer footer = renderers.get(UsageMessageSpec.SECTION_KEY_FOOTER);
        renderers.put(UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, help -> all(help) ? optionsHeading.render(help)
                : String.format("%nOptions most runs use (every option: " + HELP_ALL + "):%n"));
        renderers.put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> all(help) ? options.render(help) : common(help, own));
        renderers.put(UsageMessageSpec.SECTION_KEY_FOOTER, help -> all(help) || shortFooter.isEmpty() ? footer.render(help)
                : String.join(System.lineSeparator(), shortFooter) + System.lineSeparator());
        cl.setHelpSectionMap(renderers);
    }

    /** Whether this help was asked for with {@code --help-all}. */
    private static boolean all(Help help) {
        CommandLine.ParseResult parsed = help.commandSpec().commandLine() == null ? null
                : help.commandSpec().commandLine().getParseResult();
        return parsed != null && parsed.hasMatchedOption(HELP_ALL);
    }

    private static String common(Help help, List<String> ownNames) {
        List<OptionSpec> shown = new ArrayList<>();
        List<String> names = new ArrayList<>(ownNames);
        names.addAll(COMMON);
        for (String name : names) {
            OptionSpec o = help.commandSpec().findOption(name);
            if (o != null && !shown.contains(o)) {
                shown.add(o);
            }
        }
        return help.optionListExcludingGroups(shown, help.createDefaultLayout(), null,
                help.createDefaultParamLabelRenderer());
    }
}
