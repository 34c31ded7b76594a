package io.amqpharness.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * What ties the runs of a {@link GroupedRun} together: their run ids share a prefix, so a consumer
 * of one group counts the messages of another group's publishers as this run's own (it checks
 * their sequences from the first one, and the same process's monotonic clock times them); they
 * start publishing together, once every group has opened its links; and none deletes the queues
 * it declared before every group has drained, as groups may share a queue. Thread-safe: each
 * group's run calls it from its own thread.
 */
final class GroupTies {
    /** How often a run waiting at the start checks whether it was asked to stop. */
    private static final long POLL_MILLIS = 50;

    private final String baseRunId;
    private final CountDownLatch linksOpen;
    private final CountDownLatch drained;
    private final Runnable stopAll;
    /**
     * One group sets up at a time (connects, declares, opens its links): a burst of every group's
     * connections at once, on a loaded machine, can outlast a connection timeout; traffic still
     * starts together.
     */
    private final java.util.concurrent.Semaphore settingUp = new java.util.concurrent.Semaphore(1, true);
    /** Each group's sequence checkers and the queues it reads, as the groups are set up. */
    private final java.util.List<Reader> readers = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** One group's checkers and the queues of its topology. */
    private record Reader(Tie tie, SequenceCheckers checkers, java.util.Set<String> queues) {
    }

    /**
     * @param baseRunId the run id the groups' run ids start with
     * @param groups    how many runs take part
     * @param stopAll   asks every group's run to stop (a group failed)
     */
    GroupTies(String baseRunId, int groups, Runnable stopAll) {
        this.baseRunId = baseRunId;
        this.linksOpen = new CountDownLatch(groups);
        this.drained = new CountDownLatch(groups);
        this.stopAll = stopAll;
    }

    private String runId(String name) {
        return baseRunId + "-" + name;
    }

    /** The tie of group {@code name}'s run. */
    Tie tie(String name) {
        return new Tie(name);
    }

    /** One group's side of the ties; each step counts once, whatever order a failing run calls them in. */
    final class Tie {
        private final String name;
        private final java.util.concurrent.atomic.AtomicBoolean opened = new java.util.concurrent.atomic.AtomicBoolean();
        private final java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        private final java.util.concurrent.atomic.AtomicBoolean turn = new java.util.concurrent.atomic.AtomicBoolean();

        private Tie(String name) {
            this.name = name;
        }

        /** The group's run id: {@code k3x9pq-probe}. */
        String runId() {
            return GroupTies.this.runId(name);
        }

        /**
         * What every group's publisher identities start with, given what this group's start with
         * ({@code k3x9pq-probe}, or {@code host-1-k3x9pq-probe} with {@code --instance}): {@code k3x9pq-}.
         */
        String ownPrefix(String identityPrefix) {
            return identityPrefix.substring(0, identityPrefix.length() - name.length());
        }

        /** Waits for this group's turn to set up (connect, declare, open its links). */
        void setUpTurn() {
            try {
                settingUp.acquire();
                turn.set(true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** This group is set up (or gave up): the next may set up. */
        private void setUpDone() {
            if (turn.compareAndSet(true, false)) {
                settingUp.release();
            }
        }

        /**
         * The group's links are open: waits until every group's are (or a group dropped out, or this
         * run was asked to stop), so that all start publishing together.
         */
        void linksOpenAwaitAll(BooleanSupplier stop) {
            setUpDone();
            if (opened.compareAndSet(false, true)) {
                linksOpen.countDown();
            }
            try {
                while (!linksOpen.await(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                    if (stop.getAsBoolean()) {
                        return;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /**
         * The group's checkers and the queues it reads: the other groups' publishers tell them of
         * their refused and in-doubt messages routed to those queues (so that a message the broker
         * refused to one group's publisher is not lost to another group's consumer), and this group's
         * publishers tell the other groups'. Called as the group's run is set up, before traffic.
         */
        void reads(SequenceCheckers checkers, java.util.Collection<String> queues) {
            readers.add(new Reader(this, checkers, java.util.Set.copyOf(queues)));
            checkers.alsoTell(new SequenceCheckers.Elsewhere() {
                @Override
                public java.util.function.LongConsumer refusals(java.util.List<String> reached, String publisherId) {
                    return elsewhere(reached, (c, q) -> c.refusalsHere(q, publisherId));
                }

                @Override
                public java.util.function.LongConsumer inDoubt(java.util.List<String> reached, String publisherId) {
                    return elsewhere(reached, (c, q) -> c.inDoubtHere(q, publisherId));
                }
            });
        }

        /**
         * A consumer of reports for the other groups' checkers of the queues in {@code reached} they read,
         * made at the first report: every group has set up its checkers before traffic starts.
         */
        private java.util.function.LongConsumer elsewhere(java.util.List<String> reached,
                java.util.function.BiFunction<SequenceCheckers, java.util.List<String>, java.util.function.LongConsumer> to) {
            return new java.util.function.LongConsumer() {
                private volatile java.util.function.LongConsumer[] targets;

                @Override
                public void accept(long seq) {
                    java.util.function.LongConsumer[] t = targets;
                    if (t == null) {
                        t = make();
                    }
                    for (java.util.function.LongConsumer c : t) {
                        c.accept(seq);
                    }
                }

                private synchronized java.util.function.LongConsumer[] make() {
                    if (targets == null) {
                        java.util.List<java.util.function.LongConsumer> out = new java.util.ArrayList<>();
                        for (Reader r : readers) {
                            java.util.List<String> shared = reached.stream().filter(r.queues()::contains).toList();
                            if (r.tie() != Tie.this && !shared.isEmpty()) {
                                out.add(to.apply(r.checkers(), shared));
                            }
                        }
                        targets = out.toArray(java.util.function.LongConsumer[]::new);
                    }
                    return targets;
                }
            };
        }

        /** The group's traffic ended, {@code failed} or not: a failure stops every group. */
        void ended(boolean failed) {
            if (failed) {
                stopAll.run();
            }
        }

        /**
         * The group has drained and closed its links (or failed on the way): waits until every group
         * has, so that no queue another group still reads is deleted under it. A group that never
         * opened its links stops the others.
         */
        void drainedAwaitAll() {
            setUpDone();
            if (opened.compareAndSet(false, true)) {
                stopAll.run(); // before the others are released, so that they see the stop
                linksOpen.countDown();
            }
            if (done.compareAndSet(false, true)) {
                drained.countDown();
            }
            try {
                drained.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
