package io.amqpharness.broker;

/** The broker's metrics could not be read; the message is one sentence without a final period. */
public final class BrokerMetricsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BrokerMetricsException(String sentence, Throwable cause) {
        super(sentence, cause);
    }
}
