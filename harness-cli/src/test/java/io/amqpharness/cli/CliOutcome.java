package io.amqpharness.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/** What one command line printed and its exit code, run in this JVM ({@link Main#execute}) without environment. */
record CliOutcome(int code, String out, String err) {

    static CliOutcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err), Map.of());
        return new CliOutcome(code, out.toString(), err.toString());
    }
}
