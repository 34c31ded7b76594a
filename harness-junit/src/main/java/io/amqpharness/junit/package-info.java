/**
 * The JUnit 5 extension and assertions for tests of and with the harness: {@code BrokerExtension}
 * supplies a {@code RabbitMQBroker} ({@code WithRabbitMQ}, {@code WithRabbitMQ4},
 * {@code WithRabbitMQContainer}; {@code BrokerSource} finds it), {@code HarnessAssertions} and
 * {@code RunResultAssert} check results, {@code ManagementClient} reads the management API,
 * {@code Await} waits for a fact, and {@code DriverContract} is the run suite every driver extends
 * ({@code BrokerIndependent}, {@code RunsAgain}). The oracle, which judges a run from the broker's
 * side, is in {@code junit.oracle}.
 */
package io.amqpharness.junit;
