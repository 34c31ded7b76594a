package io.amqpharness.scenario;

/** How consumers' replies travel back in a request/reply run ({@code --request-reply}). */
public enum ReplyMode {
    /** Through a queue the run declares and consumes (both protocols). */
    QUEUE,
    /**
     * Through AMQP 0.9.1 direct reply-to: each publisher consumes {@code amq.rabbitmq.reply-to}
     * on its own channel and its requests carry that address; no queue is involved.
     */
    DIRECT
}
