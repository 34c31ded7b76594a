package io.amqpharness.amqp10.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.qpid.protonj2.engine.Link;
import org.apache.qpid.protonj2.engine.Session;

/** Attaching and detaching engine links with a timeout, from a thread that is not the reader. Stateless. */
public final class Links {
    private Links() {
    }

    /**
     * Begins {@code session} if needed, attaches {@code link} and waits for the broker's attach.
     * RabbitMQ refuses a link by attaching it without a source or target and detaching it at once
     * with an error: that error is what this throws.
     *
     * @param c             the connection the session belongs to
     * @param timeoutMillis how long the broker may take to answer
     * @throws RemoteClosedException with the broker's error condition
     * @throws TimeoutException      if the broker did not answer in time
     */
    public static void attach(EngineConnection c, Session session, Link<?> link, long timeoutMillis)
            throws InterruptedException, TimeoutException, RemoteClosedException {
        CompletableFuture<Void> attached = new CompletableFuture<>();
        c.lock().lock();
        try {
            session.closeHandler(s -> attached.completeExceptionally(
                    new RemoteClosedException("the broker ended the session", s.getRemoteCondition())));
            link.openHandler(l -> {
                boolean refused = l.isSender() ? l.getRemoteTarget() == null : l.getRemoteSource() == null;
                if (!refused) {
                    attached.complete(null);
                }
            });
            link.closeHandler(l -> attached.completeExceptionally(
                    new RemoteClosedException("the broker detached the link", l.getRemoteCondition())));
            link.detachHandler(l -> attached.completeExceptionally(
                    new RemoteClosedException("the broker detached the link", l.getRemoteCondition())));
            if (!session.isLocallyOpen()) {
                session.open();
            }
            link.open();
        } finally {
            c.lock().unlock();
        }
        c.flush();
        try {
            waitFor(c, attached, timeoutMillis);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RemoteClosedException r) {
                throw r;
            }
            Throwable f = c.failure();
            throw new RemoteClosedException(f != null ? Amqp10Errors.text(f, c.uri())
                    : String.valueOf(e.getCause()), null);
        }
    }

    /**
     * Watches an attached link (under the connection's lock): a detach from the broker, or the end of the link's
     * session, which the engine reports to the session's close handler only, none of its links', tells
     * {@code closed} why, in words ("the broker detached the link: CONDITION", "the broker ended the link's
     * session: CONDITION"). The session must be the link's own: its close handler is replaced.
     */
    public static void watch(EngineConnection c, Session session, Link<?> link, java.util.function.Consumer<String> closed) {
        link.closeHandler(l -> closed.accept("the broker detached the link: "
                + Amqp10Errors.condition(l.getRemoteCondition(), c.uri())));
        link.detachHandler(l -> closed.accept("the broker detached the link: "
                + Amqp10Errors.condition(l.getRemoteCondition(), c.uri())));
        session.closeHandler(ended -> closed.accept("the broker ended the link's session: "
                + Amqp10Errors.condition(ended.getRemoteCondition(), c.uri())));
    }

    private static void waitFor(EngineConnection c, CompletableFuture<Void> f, long timeoutMillis)
            throws InterruptedException, TimeoutException, ExecutionException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            if (c.failure() != null && !f.isDone()) {
                f.completeExceptionally(c.failure());
            }
            try {
                f.get(Math.min(100, Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))),
                        TimeUnit.MILLISECONDS);
                return;
            } catch (TimeoutException e) {
                if (deadline - System.nanoTime() <= 0) {
                    throw e;
                }
            }
        }
    }

    /**
     * Detaches {@code link} (closing it) and ends {@code session}, waiting up to
     * {@link Amqp10Connections#CLOSE_TIMEOUT_MILLIS} for the broker's detach, so that unsettled
     * deliveries are released before the connection goes. Never throws.
     */
    public static void close(EngineConnection c, Link<?> link, Session session) {
        if (c.failure() != null) {
            return;
        }
        ReentrantLock lock = c.lock();
        try {
            lock.lock();
            try {
                if (!link.isLocallyClosedOrDetached()) {
                    link.close();
                }
            } finally {
                lock.unlock();
            }
            c.flush();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Amqp10Connections.CLOSE_TIMEOUT_MILLIS);
            lock.lock();
            try {
                while (!link.isRemotelyClosedOrDetached() && c.failure() == null && deadline - System.nanoTime() > 0) {
                    c.awaitChange(TimeUnit.MILLISECONDS.toNanos(100));
                }
                if (session.isLocallyOpen() && !session.isLocallyClosed()) {
                    session.close();
                }
            } finally {
                lock.unlock();
            }
            c.flush();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // the connection is going away anyway
        }
    }
}
