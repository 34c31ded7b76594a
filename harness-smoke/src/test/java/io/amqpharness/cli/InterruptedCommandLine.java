package io.amqpharness.cli;

import io.amqpharness.run.LoadRunner;
import io.amqpharness.run.RunListener;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Runs the {@code harness} command line in this JVM with the Ctrl-C handling of the harness's own
 * process ({@link Main.Session} that handles signals), and sends this JVM a real SIGINT a while
 * after the run's first interval: the run ends by the same signal handler, drain and result files as after
 * Ctrl-C in a terminal. While it runs, a SIGINT the session does not take is ignored instead of
 * ending the JVM. One at a time (SIGINT goes to the whole JVM).
 */
public final class InterruptedCommandLine {
    private static final Signal INT = new Signal("INT");

    /** What the command line did: its exit code, whether Ctrl-C reached the run, and what it printed. */
    public record Outcome(int exitCode, boolean interrupted, String output) {
    }

    private InterruptedCommandLine() {
    }

    /**
     * Whether this JVM ignores SIGINT. A process a shell starts in the background without job control
     * ({@code mvn ... &} in a script, {@code nohup}) inherits SIGINT ignored; the JVM then installs no
     * handler for it, so a raised SIGINT reaches nobody and a run cannot be interrupted here.
     */
    public static synchronized boolean sigintIgnored() {
        SignalHandler before = Signal.handle(INT, s -> { });
        Signal.handle(INT, before);
        return before == SignalHandler.SIG_IGN;
    }

    /** A raised signal reaches its handler a moment later, on another thread: it must find the no-op one. */
    private static void restoreLater(SignalHandler original, boolean raised) {
        try {
            if (raised) {
                Thread.sleep(1_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            Signal.handle(INT, original);
        }
    }

    /**
     * Runs {@code args}, calling {@code beforeRun} with the runner before it runs, and sends SIGINT
     * {@code after} the run's first reporting interval ended (not at all if none ends, or the run ends before).
     */
    public static synchronized Outcome run(List<String> args, Consumer<LoadRunner> beforeRun, Duration after) {
        if (sigintIgnored()) {
            throw new IllegalStateException("this JVM ignores SIGINT (started in the background by a shell without job"
                    + " control), so Ctrl-C cannot reach the run: run Maven in the foreground, or under set -m");
        }
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean over = new AtomicBoolean();
        AtomicBoolean raised = new AtomicBoolean();
        Main.Session session = new Main.Session(true, r -> {
            beforeRun.accept(r);
            r.listener(new RunListener() {
                @Override
                public void interval(io.amqpharness.result.IntervalStats stats) {
                    started.countDown(); // the first interval: publishing is under way (opening may take long)
                }
            });
        });
        SignalHandler original = Signal.handle(INT, s -> { }); // restored by the session: a late SIGINT does nothing
        Thread interrupter = new Thread(() -> {
            try {
                if (started.await(120, TimeUnit.SECONDS)) {
                    Thread.sleep(after.toMillis());
                    synchronized (over) {
                        if (!over.get()) {
                            raised.set(true);
                            Signal.raise(INT);
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "ctrl-c");
        interrupter.setDaemon(true);
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text, true)) {
            interrupter.start();
            int code = Main.execute(args.toArray(String[]::new), out, out, Map.of(), session);
            return new Outcome(code, session.interrupted(), text.toString());
        } finally {
            synchronized (over) {
                over.set(true);
            }
            interrupter.interrupt();
            session.finished();
            restoreLater(original, raised.get());
        }
    }
}
