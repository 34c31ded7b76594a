/**
 * The AMQP 1.0 message the harness publishes and reads, shared by the {@code amqp10} and
 * {@code stream} drivers: a publisher's sections encoded once ({@link io.amqpharness.message.SectionsEncoder}),
 * a data section around each body ({@link io.amqpharness.message.DataSection}), a scanner that finds
 * the body and the publisher identity without decoding ({@link io.amqpharness.message.MessageScanner}),
 * the codes they use ({@link io.amqpharness.message.AmqpCodes}) and a stream consumer's start position
 * as the brokers read it ({@link io.amqpharness.message.StreamOffsetValue}). The wire contract is
 * docs/payload.md. Depends on harness-core only; no client library.
 */
package io.amqpharness.message;
