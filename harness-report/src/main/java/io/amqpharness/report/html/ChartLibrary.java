package io.amqpharness.report.html;

import io.amqpharness.HarnessException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Chart.js, read from its webjar ({@code org.webjars.npm:chart.js}) on the class path so that the
 * report can inline it and work without a network. The version comes from the webjar's own
 * {@code pom.properties}, so upgrading the dependency needs no change here.
 */
final class ChartLibrary {
    private static final String PROPERTIES = "/META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static volatile String script;
    private static volatile String version;

    private ChartLibrary() {
    }

    /** The minified UMD build, without its source-map comment (the map is not shipped). */
    static String script() {
        if (script == null) {
            load();
        }
        return script;
    }

    /** The Chart.js version, for example {@code 4.5.1}. */
    static String version() {
        if (version == null) {
            load();
        }
        return version;
    }

    private static synchronized void load() {
        if (script != null) {
            return;
        }
        try {
            Properties p = new Properties();
            try (InputStream in = ChartLibrary.class.getResourceAsStream(PROPERTIES)) {
                if (in == null) {
                    throw missing();
                }
                p.load(in);
            }
            String v = p.getProperty("version");
            String path = "/META-INF/resources/webjars/chart.js/" + v + "/dist/chart.umd.min.js";
            try (InputStream in = ChartLibrary.class.getResourceAsStream(path)) {
                if (in == null) {
                    throw missing();
                }
                String js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                js = js.replaceAll("(?m)^//# sourceMappingURL=.*$", "");
                if (js.toLowerCase(java.util.Locale.ROOT).contains("</script")) {
                    throw new IllegalStateException("Chart.js " + v + " contains </script and cannot be inlined");
                }
                version = v;
                script = js;
            }
        } catch (IOException e) {
            throw new HarnessException("Cannot read the chart library from the class path: " + e.getMessage() + ".", e);
        }
    }

    private static HarnessException missing() {
        return new HarnessException("The chart library (org.webjars.npm:chart.js) is not on the class path, "
                + "so report.html cannot be written.");
    }
}
