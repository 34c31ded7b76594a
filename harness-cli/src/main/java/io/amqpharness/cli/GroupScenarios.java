package io.amqpharness.cli;

import io.amqpharness.run.Preflight;
import io.amqpharness.scenario.Declaration;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.ScenarioException;
import io.amqpharness.scenario.Setting;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The scenario of each {@code --group}: the top level's options (every group's defaults, the
 * environment's {@code HARNESS_*} included), then the group's fields over them, each read as the
 * command line reads its option, and the whole checked as any scenario is (its builder, then the
 * {@link Preflight}). The top level's {@code --fail-if} gates are not a group's: they are judged on
 * all groups together. Problems are one sentence each, prefixed by {@code --group NAME:}.
 */
final class GroupScenarios {
    /**
     * Settings every group shares, so that the groups' intervals line up and their clocks agree:
     * given at the top level only.
     */
    static final Set<Setting> SHARED = EnumSet.of(Setting.INTERVAL, Setting.WARMUP, Setting.CLOCK, Setting.INSTANCE,
            Setting.START_AT, Setting.BARRIER, Setting.BARRIER_NAME, Setting.BARRIER_TIMEOUT);

    private GroupScenarios() {
    }

    /**
     * The scenario of each group, in order.
     *
     * @param top     the parsed command line (its run options are the groups' defaults)
     * @param topArgs its arguments as typed, for the spelling of options in messages
     * @throws ScenarioException with one sentence for the first problem of a group
     */
    static List<Scenario> of(CommandSpec top, List<String> topArgs, List<GroupSpec> groups) {
        Map<Setting, String> spellings = RunOptions.spellings(top, topArgs);
        List<Scenario> out = new ArrayList<>();
        for (GroupSpec g : groups) {
            out.add(of(top, spellings, g));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Scenario of(CommandSpec top, Map<Setting, String> spellings, GroupSpec g) {
        String prefix = "--group " + g.name() + ": ";
        CommandLine own = HarnessCommand.commandLine(new Main.Session());
        own.setCaseInsensitiveEnumValuesAllowed(true);
        CommandSpec spec = own.getCommandSpec();
        List<String> tokens = new ArrayList<>();
        List<Setting> switchedOff = new ArrayList<>();
        for (GroupSpec.Field f : g.fields()) {
            Setting s = setting(spec, f.key()).orElseThrow(() -> problem(prefix + "'" + f.key() + "' is not a group field"
                    + ScenarioFile.closest("--" + f.key(), spec).filter(n -> setting(spec, n.substring(2)).isPresent())
                            .map(n -> " (did you mean " + n.substring(2) + "?)").orElse("")
                    + "; a group's fields are the run options by their long names without dashes, for example "
                    + GroupSpec.EXAMPLE + "."));
            if (SHARED.contains(s)) {
                throw problem(prefix + f.key() + " is the same for every group, so it cannot be a group's; give it "
                        + "outside --group, for example " + s.optionName() + " "
                        + (s == Setting.INTERVAL ? "1s" : "...") + ".");
            }
            OptionSpec o = spec.findOption(s.optionName());
            if (o.arity().max() == 0) {
                if (!f.value().equalsIgnoreCase("true") && !f.value().equalsIgnoreCase("false")) {
                    throw problem(prefix + f.key() + " is a switch: write " + f.key() + "=true or " + f.key()
                            + "=false.");
                }
                if (Boolean.parseBoolean(f.value())) {
                    tokens.add(s.optionName());
                } else {
                    switchedOff.add(s);
                }
            } else {
                tokens.add(s.optionName() + "=" + f.value());
            }
        }
        try {
            own.parseArgs(tokens.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw problem(prefix + sentence(e.getMessage()));
        }
        Scenario.Builder b = Scenario.builder();
        spellings.forEach(b::spelledAs);
        RunOptions.apply(top, b, s -> s != Setting.FAIL_IF);
        RunOptions.apply(spec, b, s -> true);
        for (Setting s : switchedOff) {
            ((Declaration<Object>) s.declaration()).apply(b, List.of(Boolean.FALSE));
        }
        try {
            Scenario scenario = b.build();
            Preflight.check(scenario, spellings);
            return scenario;
        } catch (ScenarioException e) {
            throw new ScenarioException(e.problems().stream().map(p -> prefix + p).toList());
        }
    }

    /** The run option a group field names, by its long name or another of its names. */
    private static java.util.Optional<Setting> setting(CommandSpec spec, String key) {
        OptionSpec o = spec.findOption("--" + key);
        if (o == null) {
            return java.util.Optional.empty();
        }
        String canonical = RunOptions.canonicalName(o);
        for (Setting s : Setting.values()) {
            if (s.optionName().equals(canonical)) {
                return java.util.Optional.of(s);
            }
        }
        return java.util.Optional.empty();
    }

    private static String sentence(String message) {
        String m = message.strip();
        return m.endsWith(".") ? m : m + ".";
    }

    private static ScenarioException problem(String sentence) {
        return new ScenarioException(List.of(sentence));
    }
}
