package io.amqpharness.amqp10;

/**
 * The link credit numbers of the AMQP 1.0 driver: what its consumers keep, and what RabbitMQ grants
 * its publishers, which the run's notes compare with the confirm window. Constants only.
 */
final class LinkCredit {
    /** Link credit of consumers when the scenario sets no prefetch ({@code --qos}), in messages. */
    static final int DEFAULT_CREDIT_WINDOW = 1_000;
    /** The link credit RabbitMQ 3.x grants publishers, in messages. */
    static final int RABBITMQ3_PUBLISHER_CREDIT = 65_536;
    /** RabbitMQ 4.x's default {@code max_link_credit} for publishers, in messages. */
    static final int RABBITMQ4_LINK_CREDIT = 170;
    /** About how many unconfirmed messages a 4.x publisher link can have with default settings. */
    static final int RABBITMQ4_UNCONFIRMED_BOUND = 255;

    private LinkCredit() {
    }
}
