package io.amqpharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * A few lines on the console about a merged result: per instance and in all, counts and p50/p99/max,
 * then the verdict of each gate on the merged result.
 */
final class MergeSummary {
    private MergeSummary() {
    }

    static String of(JsonNode merged) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-28s %12s %12s %12s %10s %10s %10s%n", "instance", "published",
                "confirmed", "consumed", "e2e p50 ms", "p99 ms", "max ms"));
        for (JsonNode row : merged.path("instances")) {
            b.append(line(row.path("instance").asText(), row));
        }
        b.append(line("all (merged)", merged));
        JsonNode c = merged.path("counts");
        b.append(String.format(Locale.ROOT, "lost %,d, duplicated %,d, clock skew %,d, unaccounted %,d",
                c.path("lost").asLong(), c.path("duplicated").asLong(), c.path("clockSkew").asLong(),
                merged.path("unaccountedPublished").asLong()));
        for (JsonNode g : merged.path("gates")) {
            b.append(String.format("%n%s %s", g.path("broken").asBoolean() ? "FAIL" : "ok  ", g.path("sentence").asText()));
        }
        return b.toString();
    }

    /**
     * Prints the sentence of each gate that broke on the merged result on {@code err}.
     *
     * @return true if any broke
     */
    static boolean brokenGates(JsonNode merged, java.io.PrintWriter err) {
        boolean broken = false;
        for (JsonNode g : merged.path("gates")) {
            if (g.path("broken").asBoolean()) {
                err.println(g.path("sentence").asText());
                broken = true;
            }
        }
        err.flush();
        return broken;
    }

    private static String line(String name, JsonNode r) {
        JsonNode c = r.path("counts");
        JsonNode e2e = r.path("latency").path("endToEnd");
        return String.format(Locale.ROOT, "%-28s %,12d %,12d %,12d %10.3f %10.3f %10.3f%n", name,
                c.path("published").asLong(), c.path("confirmed").asLong(), c.path("consumed").asLong(),
                e2e.path("p50").asLong() / 1e6, e2e.path("p99").asLong() / 1e6, e2e.path("max").asLong() / 1e6);
    }
}
