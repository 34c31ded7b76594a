/**
 * A small AMQP 1.0 client: protonj2's protocol engine driven from sockets of our own. The driver
 * in {@code io.amqpharness.amqp10} sits on top and this package never sees it.
 *
 * <ul>
 *   <li>{@link io.amqpharness.amqp10.engine.Amqp10Connections}: connections by name, shared by the
 *       links that ask for the same one, over one or several broker addresses.</li>
 *   <li>{@link io.amqpharness.amqp10.engine.EngineConnection}: one connection, its engine lock,
 *       its output batching and its listeners; sessions and links are made on
 *       {@code engineConnection()} under {@code lock()}.</li>
 *   <li>{@link io.amqpharness.amqp10.engine.Links}: attaching and detaching links with a timeout.</li>
 *   <li>{@link io.amqpharness.amqp10.engine.Amqp10Errors} and
 *       {@link io.amqpharness.amqp10.engine.RemoteClosedException}: failures as sentences.</li>
 * </ul>
 *
 * <p>Inside: a connection's bytes travel over a {@code Transport}, either non-blocking sockets
 * served by a few shared selector threads ({@code NioTransport}, {@code IoLoops}) or a blocking TLS
 * socket with a reader thread each ({@code TlsTransport}); {@code EngineInput} feeds what arrives
 * into the engine, {@code Output} batches what it writes, and {@code DispositionRanges} turns runs
 * of settlements into ranges.
 */
package io.amqpharness.amqp10.engine;
