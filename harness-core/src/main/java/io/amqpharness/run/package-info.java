/**
 * The run engine: {@link io.amqpharness.run.LoadRunner} runs one scenario through its phases and
 * returns a {@link io.amqpharness.result.RunResult}; progress goes to
 * {@link io.amqpharness.run.RunListener}s.
 *
 * <p>Start here: {@link io.amqpharness.run.Preflight} checks a built scenario against this process
 * (TLS files, the driver and what it accepts); {@code LoadRunner} then connects and declares, and
 * {@code RunExecution.execute()} is the script of the phases (open links, start gate, traffic until
 * {@code StopCondition}, stop and drain, result), each a verb of {@code RunParticipants}, which
 * holds what the run opened: consumers, publishers ({@code RunPublishers}), idle connections,
 * request/reply ({@code RequestReply}) and the sequence checkers ({@code SequenceCheckers}). The
 * hot path is {@code PublisherTask}'s send path, driven on its own thread ({@code OwnThreadPublisher})
 * or a shared {@code PacingThread}, both in bursts of {@code --pacing-granularity} when paced, and
 * {@code ConsumerTask} (on the driver's I/O threads). Steps and {@code find-max} change a run live
 * through {@code StepController} and {@code SearchController}.
 *
 * <p>Its public types are the entry points: LoadRunner, Preflight, RunListener and RateSearchSpec.
 * What a run returns is in {@link io.amqpharness.result}.
 */
package io.amqpharness.run;
