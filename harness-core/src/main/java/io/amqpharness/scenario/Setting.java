package io.amqpharness.scenario;

import static io.amqpharness.scenario.Declaration.option;
import static io.amqpharness.scenario.Setting.Group.CONNECTION;
import static io.amqpharness.scenario.Setting.Group.CONSUMING;
import static io.amqpharness.scenario.Setting.Group.INSTANCES;
import static io.amqpharness.scenario.Setting.Group.PUBLISHING;
import static io.amqpharness.scenario.Setting.Group.RUN_CONTROL;
import static io.amqpharness.scenario.Setting.Group.TOPOLOGY;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every user-facing setting of a {@link Scenario}, declared once: the names users type, the value
 * type, help and documentation text, and where the setting lives in the scenario (see
 * {@link Declaration}). The command-line options, scenario-file keys, {@link Scenario#toArguments()},
 * {@link Scenario#toBuilder()} and {@code docs/options.md} are made from this table, in its order.
 *
 * <p>Validation messages name settings through this enum so that they read the way the user
 * typed them: the CLI records the spelling it saw ({@code -q} or {@code --qos}) with
 * {@link Scenario.Builder#spelledAs(Setting, String)}; library users see the long option name.
 *
 * <p>Adding an option: one constant here, the builder setter, the record component it fills and
 * the code that uses it (plus its checks in a validator when it has any).
 */
public enum Setting {
    // ---- connection ----
    URI(option(CONNECTION, ValueType.TEXT, "--uris", "--uri").label("URI[,URI...]")
            .help("Broker address, amqp[s]://user:pass@host:port/vhost (default amqp://localhost:5672); "
                    + "a comma-separated list for the nodes of a cluster: connections start on each in turn "
                    + "and fail over to the next.")
            .read(s -> s.addresses().equals(BrokerAddresses.DEFAULT) ? null : s.addresses().text())
            .apply(Scenario.Builder::uri)
            .redact(v -> java.util.Optional.ofNullable(BrokerAddresses.parse(v).addresses())
                    .map(BrokerAddresses::redacted).orElse(BrokerUri.redactLoosely(v)))
            .doc("`amqp://localhost:5672`",
                "`amqp://` or `amqps://user:pass@host:port/vhost` (`rabbitmq-stream://` or `rabbitmq-stream+tls://` "
                + "with `--protocol stream`, see [streams.md](streams.md)); the password is never printed. User and "
                + "password default to guest/guest, the virtual host to `/`. **Several nodes** (also spelled "
                + "`--uris`, as in PerfTest): a comma-separated list, `amqp://guest:guest@h1:5672,amqp://h2:5672`, "
                + "with one scheme and one virtual host; addresses without credentials take the first one's. "
                + "Topology is declared through the first address. Publisher connection *i* starts on address "
                + "*i* mod *n* and consumer connection *j* on address (*j* + 1) mod *n* (connections counted as "
                + "`--producer-channels`/`--consumer-channels` group them; idle and churned connections by their "
                + "number), so with one publisher and one consumer they sit on different nodes. Each connection "
                + "is given the whole list from its starting address on, so an open that fails tries the next "
                + "node, and a connection that recovers starts at the node after the one it lost")),
    PROTOCOL(option(CONNECTION, ValueType.TEXT, "--protocol").label("ID")
            .help("Protocol driver: amqp091 (default), amqp10 or stream (RabbitMQ's stream protocol).")
            .read(Scenario::protocol).apply(Scenario.Builder::protocol)
            .doc("`amqp091`",
                "the driver: `amqp091`, `amqp10` or `stream` (RabbitMQ's stream protocol, with a "
                + "`rabbitmq-stream://` address and a stream; see [streams.md](streams.md))")),
    ADDRESS_FORMAT(option(CONNECTION, ValueType.ADDRESS_FORMAT, "--address-format").label("FORMAT")
            .help("AMQP 1.0 addresses: auto (default: v1 on RabbitMQ 3.x, v2 on 4.x), v1 "
                    + "(/amq/queue/Q, /exchange/X/RK) or v2 (/queues/Q, /exchanges/X/RK).")
            .read(s -> unless(s.topology().addressFormat(), AddressFormat.AUTO))
            .apply(Scenario.Builder::addressFormat)
            .doc("`auto`",
                "AMQP 1.0 only: `auto` (v1 on RabbitMQ 3.x, v2 on 4.x), `v1` or `v2`")),
    BROKER_METRICS(option(CONNECTION, ValueType.TEXT, "--broker-metrics").label("URL")
            .help("Sample the broker once per interval from its management API (http://host:15672) or a "
                    + "Prometheus endpoint (http://host:15692/metrics), with the credentials of --uri "
                    + "(default: the management API on --uri's host at the AMQP port + 10000).")
            .read(s -> s.run().brokerMetrics().url().map(java.net.URI::toString).orElse(null))
            .apply(Scenario.Builder::brokerMetrics)
            .doc("management API at `--uri`'s host, AMQP port + 10000 (`http://localhost:15672`)",
                "where the run reads the broker's own metrics once per reporting interval (queue depth, publish "
                + "and deliver counts, memory, alarms, connections, channels, quorum leader, CPU): the management "
                + "API (`http://host:15672`) or a `rabbitmq_prometheus` endpoint (a URL ending in `/metrics`, "
                + "`http://host:15692/metrics`). Derived by default from `--uri`: same host, `http` (`https` for "
                + "`amqps`), port = AMQP port + 10000 (5672 gives 15672, 5671 gives 15671), plus node CPU from "
                + "the Prometheus endpoint at AMQP port + 10020 (with a management URL given: at its port + 20) "
                + "when it answers. Sampled at most once a second. The user and password of `--uri` "
                + "are used and never printed; a URL with credentials is refused. A broker without the plugin "
                + "gives one note, not a failure; see [output.md](output.md#broker-metrics)")),
    NO_BROKER_METRICS(option(CONNECTION, "--no-broker-metrics")
            .help("Do not sample the broker's metrics.")
            .read(s -> !s.run().brokerMetrics().enabled()).apply(Scenario.Builder::noBrokerMetrics)
            .doc("sampled",
                "do not read the broker's metrics (no HTTP requests to the broker)")),

    TLS_TRUST_STORE(option(CONNECTION, ValueType.TEXT, "--tls-trust-store").label("FILE")
            .help("CA certificates the broker's certificate must chain to (amqps://): PEM, PKCS#12 or JKS "
                    + "(default: the JVM's trust store).")
            .read(s -> s.tls().trustStore().map(java.nio.file.Path::toString)).apply(Scenario.Builder::tlsTrustStore)
            .doc("the JVM's trust store",
                "`amqps://` only: CA certificates the broker's certificate must chain to, as a PEM file "
                + "(`-----BEGIN CERTIFICATE-----`), PKCS#12 or JKS")),
    TLS_TRUST_STORE_PASSWORD(option(CONNECTION, ValueType.TEXT, "--tls-trust-store-password").label("PASSWORD")
            .help("Password of a PKCS#12 or JKS trust store; never printed.")
            .read(s -> s.tls().trustStorePassword()).apply(Scenario.Builder::tlsTrustStorePassword)
            .redact(v -> "***")
            .doc("none", "password of a PKCS#12 or JKS `--tls-trust-store`; never printed")),
    TLS_KEY_STORE(option(CONNECTION, ValueType.TEXT, "--tls-key-store").label("FILE")
            .help("Client certificate and key presented to the broker (amqps://): PKCS#12 or JKS.")
            .read(s -> s.tls().keyStore().map(java.nio.file.Path::toString)).apply(Scenario.Builder::tlsKeyStore)
            .doc("none",
                "`amqps://` only: the client certificate and key presented to the broker, PKCS#12 or JKS "
                + "(for brokers with `ssl_options.verify = verify_peer`)")),
    TLS_KEY_STORE_PASSWORD(option(CONNECTION, ValueType.TEXT, "--tls-key-store-password").label("PASSWORD")
            .help("Password of the key store and its key; never printed.")
            .read(s -> s.tls().keyStorePassword()).apply(Scenario.Builder::tlsKeyStorePassword)
            .redact(v -> "***")
            .doc("none", "password of `--tls-key-store` and its key; never printed")),
    TLS_INSECURE(option(CONNECTION, "--tls-insecure")
            .help("Trust any broker certificate and skip the host name check (amqps://; for tries only).")
            .read(s -> s.tls().insecure()).apply(Scenario.Builder::tlsInsecure)
            .doc("off",
                "`amqps://` only: trust any broker certificate and skip the host name check; for a first try "
                + "against a broker with a self-signed certificate, never for numbers you publish")),

    NIO_THREADS(option(CONNECTION, ValueType.INT, "--nio-threads").label("N")
            .help("AMQP 0.9.1: shared non-blocking I/O threads for all connections; 0 = a blocking reader thread "
                    + "per connection (default: 2 above 1,000 connections, else 0).")
            .read(s -> s.connections().nioThreads().isPresent() ? s.connections().nioThreads().getAsInt() : null)
            .apply(Scenario.Builder::nioThreads)
            .check(n -> n >= 0 && n <= 64, "%s must be between 0 and 64; for example %1$s 2")
            .doc("2 above 1,000 connections, else 0",
                "AMQP 0.9.1 only: the connections share this many non-blocking I/O threads (amqp-client's NIO "
                + "mode, 8 KiB read and write buffers per connection), and consumers of all connections are "
                + "dispatched on one shared pool (a pool per connection with `--consumer-latency` or "
                + "`--consumer-rate`, whose callbacks sleep); each send copies its body, because NIO writes it "
                + "after the send returns; `0` keeps the blocking I/O of amqp-client (a reader thread per "
                + "connection, the lowest latency and CPU up to hundreds of connections; above 16 connections their "
                + "consumers share one dispatch pool there too). By default the run "
                + "counts its connections (`-x` + `-y` + `--idle-connections` + the churned connections held "
                + "open at once): more than 1,000 gives 2 threads, otherwise 0 (blocking I/O took 30 % less client CPU than 2 NIO "
                + "threads for 200 connections at 5,000 msg/s in all, and half the latency). AMQP 1.0 ignores it")),
    CONNECTION_OPEN_CONCURRENCY(option(CONNECTION, ValueType.INT, "--connection-open-concurrency").label("N")
            .help("Connections opened at the same time (default 32).")
            .read(s -> unless(s.connections().openConcurrency(), ConnectionSettings.DEFAULT_OPEN_CONCURRENCY))
            .apply(Scenario.Builder::connectionOpenConcurrency)
            .check(n -> n >= 1 && n <= 1024, "%s must be between 1 and 1024; for example %1$s 32")
            .doc("32",
                "how many connections are being opened at the same time, before traffic starts (publishers', "
                + "consumers' and `--idle-connections`) and for `--churn-rate`. Each connection's channels or "
                + "links (`-X`, `-Y`) are opened on it one after the other. A connection the broker does not "
                + "accept (refused, timed out, over a connection limit) is tried twice more; a refused channel or "
                + "link (a missing exchange) is not. If some still fail, the run ends before traffic starts with "
                + "exit code 1 and one sentence: how many of how many failed, and the first reason")),
    CONNECTION_OPEN_RATE(option(CONNECTION, ValueType.RATE, "--connection-open-rate").label("N/S")
            .help("Open at most this many connections per second (default: no limit beyond "
                    + "--connection-open-concurrency).")
            .read(s -> s.connections().openRate()).apply(Scenario.Builder::connectionOpenRate)
            .check(r -> r > 0, "%s must be a positive rate; for example %1$s 500")
            .doc("no limit",
                "opens at most this many connections per second before traffic starts, to spare a broker that "
                + "cannot take a burst of handshakes")),
    IDLE_CONNECTIONS(option(CONNECTION, ValueType.INT, "--idle-connections").label("N")
            .help("Extra connections, each with --idle-channels publisher channels or links that never send, held "
                    + "open for the whole run (default 0).")
            .read(s -> unless(s.connections().idleConnections(), 0)).apply(Scenario.Builder::idleConnections)
            .check(n -> n >= 0 && n <= 1_000_000, "%s must be between 0 and 1000000; for example %1$s 1000")
            .doc("0",
                "opens this many more connections before traffic starts, each with `--idle-channels` publisher "
                + "channels (AMQP 0.9.1) or sessions with a sender link (AMQP 1.0) on the run's exchange that never "
                + "send, and "
                + "keeps them open until the run ends: the connection count of seed 001, without a thread per "
                + "connection in the harness. See [recipes.md](recipes.md#many-connections)")),
    IDLE_CHANNELS(option(CONNECTION, ValueType.INT, "--idle-channels").label("N")
            .help("Publisher channels (AMQP 1.0: sessions with a sender link) on each idle connection (default 1).")
            .read(s -> unless(s.connections().idleChannels(), 1)).apply(Scenario.Builder::idleChannels)
            .check(n -> n >= 1 && n <= 2047, "%s must be between 1 and 2047; for example %1$s 2")
            .doc("1",
                "with `--idle-connections`, how many publisher channels (AMQP 0.9.1) or sessions with a sender "
                + "link (AMQP 1.0) each idle connection holds; seed 001's clients had 2")),
    CHURN_RATE(option(CONNECTION, ValueType.RATE, "--churn-rate").label("N/S")
            .help("Connection churn: open and close this many connections per second (each with one publisher "
                    + "channel or link) while traffic runs.")
            .read(s -> s.connections().churnRate()).apply(Scenario.Builder::churnRate)
            .check(r -> r > 0 && r <= 10_000, "%s must be a rate between 0 and 10000 per second; for example %1$s 50")
            .doc("none",
                "while publishing goes on, opens this many connections per second, each with one publisher "
                + "channel (AMQP 0.9.1) or session and sender link (AMQP 1.0), and closes each after "
                + "`--churn-hold`. Opens are scheduled at even intervals and run on up to "
                + "`--connection-open-concurrency` threads. The summary, `result.json` (`connections.churn`) and "
                + "Prometheus report opens per second, the open latency (`churn open`: from when the open was "
                + "due on the schedule until the channel or link is ready, so an open that waited for a thread "
                + "behind slow opens counts its wait, as other latencies count a late send) and failures; a "
                + "failed open is counted, it does not fail the run")),
    CHURN_HOLD(option(CONNECTION, ValueType.DURATION, "--churn-hold").label("DURATION")
            .help("With --churn-rate, how long each churned connection stays open (default 0: closed once open).")
            .read(s -> unless(s.connections().churnHold(), Duration.ZERO)).apply(Scenario.Builder::churnHold)
            .check(d -> !d.isNegative() && d.compareTo(Duration.ofHours(1)) <= 0,
                    "%s must be between 0 and 1h; for example %1$s 5s")
            .doc("0",
                "with `--churn-rate`, how long each churned connection stays open; `--churn-rate 100 "
                + "--churn-hold 10s` keeps about 1,000 churned connections open at a time")),

    // ---- topology ----
    QUEUE_TYPE(option(TOPOLOGY, ValueType.QUEUE_TYPE, "--queue-type").label("TYPE")
            .help("classic (default), quorum or stream.")
            .read(s -> unless(s.topology().queueType(), QueueType.CLASSIC)).apply(Scenario.Builder::queueType)
            .doc("`classic`",
                "`classic`, `quorum` or `stream`")),
    QUEUE(option(TOPOLOGY, ValueType.NAMES, "-u", "--queue").label("NAME[,NAME...]")
            .help("Queue name, or several separated by commas (default harness-<run id>, deleted at the end).")
            .read(s -> s.topology().queues() instanceof QueueSelection.Named n ? n.queues() : null)
            .apply(Scenario.Builder::queues)
            .doc("`harness-<run id>`",
                "queues to declare (if missing) and use. With the default exchange and no `--queue`, "
                + "`--routing-key` names the queue")),
    QUEUE_PATTERN(option(TOPOLOGY, ValueType.TEXT, "--queue-pattern").label("PATTERN")
            .help("Numbered queues, e.g. 'perf-test-%%d', with --queue-pattern-from and --queue-pattern-to.")
            .read(s -> s.topology().queues() instanceof QueueSelection.Pattern p ? p.pattern() : null)
            .apply(Scenario.Builder::queuePattern)
            .doc("",
                "numbered queues, `String.format(PATTERN, n)`, e.g. `'perf-test-%d'`")),
    QUEUE_PATTERN_FROM(option(TOPOLOGY, ValueType.INT, "--queue-pattern-from").label("N")
            .help("First queue number (included).")
            .read(s -> s.topology().queues() instanceof QueueSelection.Pattern p ? p.from() : null)
            .apply(Scenario.Builder::queuePatternFrom)
            .doc("", "first number, included")),
    QUEUE_PATTERN_TO(option(TOPOLOGY, ValueType.INT, "--queue-pattern-to").label("N")
            .help("Last queue number (included).")
            .read(s -> s.topology().queues() instanceof QueueSelection.Pattern p ? p.to() : null)
            .apply(Scenario.Builder::queuePatternTo)
            .doc("", "last number, included (at most 10,000 queues)")),
    TRANSIENT_QUEUE(option(TOPOLOGY, "--transient-queue")
            .help("Declare classic queues that do not survive a restart.")
            .read(s -> !s.topology().durable()).apply(Scenario.Builder::transientQueue)
            .doc("durable",
                "declare classic queues that do not survive a restart (quorum queues and streams are always "
                + "durable; RabbitMQ 4.3 refuses transient shared classic queues)")),
    AUTO_DELETE(option(TOPOLOGY, "--auto-delete")
            .help("Queues are deleted when their last consumer goes.")
            .read(s -> s.topology().autoDelete()).apply(Scenario.Builder::autoDelete)
            .doc("off",
                "queues are deleted when their last consumer goes")),
    EXCLUSIVE(option(TOPOLOGY, "--exclusive")
            .help("Each consumer declares its own exclusive queue.")
            .read(s -> s.topology().exclusive()).apply(Scenario.Builder::exclusive)
            .doc("off",
                "each consumer declares its own exclusive queue on its connection (needs as many queues as "
                + "consumers)")),
    QUEUE_ARGS(option(TOPOLOGY, ValueType.KEY_VALUES, "--queue-args").label("K=V[,K=V...]")
            .help("Queue arguments; numbers and true/false are typed: x-max-length=1000,x-overflow=reject-publish.")
            // The shortcut options below are merged in, so they come back as queue arguments.
            .read(s -> nonEmpty(s.topology().queueArguments()))
            .apply((b, args) -> args.forEach(b::queueArgument))
            .doc("none",
                "queue arguments, e.g. `x-max-length=1000,x-overflow=reject-publish`")),
    MAX_LENGTH(option(TOPOLOGY, ValueType.LONG, "--max-length").label("N")
            .help("x-max-length: most messages a queue holds.")
            .apply(Scenario.Builder::maxLength)
            .doc("",
                "`x-max-length` (classic and quorum)")),
    MAX_LENGTH_BYTES(option(TOPOLOGY, ValueType.SIZE, "--max-length-bytes").label("SIZE")
            .help("x-max-length-bytes: most bytes a queue holds (1gb).")
            .apply(Scenario.Builder::maxLengthBytes)
            .doc("",
                "`x-max-length-bytes`")),
    MAX_AGE(option(TOPOLOGY, ValueType.TEXT, "--max-age").label("AGE")
            .help("x-max-age of a stream: 7D, 12h, 30m.")
            .apply(Scenario.Builder::maxAge)
            .doc("",
                "`x-max-age` of a stream: `7D`, `12h`, `30m`")),
    LAZY(option(TOPOLOGY, "--lazy")
            .help("x-queue-mode=lazy (classic queues on RabbitMQ 3.x).")
            .apply(Scenario.Builder::lazy)
            .doc("off",
                "`x-queue-mode=lazy` (classic queues; lazy on 3.x, ignored by 3.12–4.2, refused by 4.3)")),
    QUORUM_GROUP_SIZE(option(TOPOLOGY, ValueType.INT, "--quorum-group-size").label("N")
            .help("x-quorum-initial-group-size.")
            .apply(Scenario.Builder::quorumGroupSize)
            .doc("",
                "`x-quorum-initial-group-size`")),
    LEADER_LOCATOR(option(TOPOLOGY, ValueType.TEXT, "--leader-locator").label("LOCATOR")
            .help("x-queue-leader-locator: on a cluster, where new queues get their leader: balanced or client-local.")
            .apply(Scenario.Builder::leaderLocator)
            .doc("the broker's (`client-local`)",
                "`x-queue-leader-locator`: on a cluster, `balanced` spreads the leaders of the run's new queues "
                + "over the nodes, `client-local` puts each on the node of the connection that declares it "
                + "(the first `--uri` address)")),
    STREAM_SEGMENT_SIZE(option(TOPOLOGY, ValueType.SIZE, "--stream-segment-size").label("SIZE")
            .help("x-stream-max-segment-size-bytes (500mb).")
            .apply(Scenario.Builder::streamSegmentSize)
            .doc("",
                "`x-stream-max-segment-size-bytes`")),
    EXCHANGE(option(TOPOLOGY, ValueType.TEXT, "-e", "--exchange").label("NAME")
            .help("Exchange to publish to; amq.default (default) is the default exchange. A missing exchange "
                    + "is declared (see --type) and the queues are bound to it.")
            .read(s -> s.topology().exchange().isEmpty() ? null : s.topology().exchange())
            .apply(Scenario.Builder::exchange)
            .doc("`amq.default`",
                "exchange to publish to. A missing exchange is declared (durable, of `--type`) and every queue "
                + "is bound to it")),
    EXCHANGE_TYPE(option(TOPOLOGY, ValueType.EXCHANGE_TYPE, "-t", "--type").label("TYPE")
            .help("Type of the exchange the run declares: direct (default), fanout, topic or headers.")
            .read(s -> s.topology().defaultExchange() ? null : unless(s.topology().exchangeType(), ExchangeType.DIRECT))
            .apply(Scenario.Builder::exchangeType)
            .doc("`direct`",
                "`direct`, `fanout`, `topic` or `headers`, for the exchange the run declares")),
    ROUTING_KEY(option(TOPOLOGY, ValueType.TEXT, "-k", "--routing-key").label("KEY")
            .help("Routing key (default: each publisher's queue name).")
            .read(s -> s.topology().routingKey()).apply(Scenario.Builder::routingKey)
            .doc("each publisher's queue name",
                "routing key")),
    RANDOM_ROUTING_KEY(option(TOPOLOGY, "-K", "--random-routing-key")
            .help("A random routing key per message (from a pool of 1,000 keys).")
            .read(s -> s.topology().randomRoutingKey()).apply(Scenario.Builder::randomRoutingKey)
            .doc("off",
                "a random routing key per message, drawn from a pool of 1,000 keys made at start (no allocation "
                + "per message); bind with e.g. `--type topic --binding-key '#'`")),
    BINDING_KEY(option(TOPOLOGY, ValueType.TEXT, "--binding-key").label("KEY")
            .help("Key the queues are bound with (default: the routing key, or each queue's name); e.g. '#'.")
            .read(s -> s.topology().bindingKey()).apply(Scenario.Builder::bindingKey)
            .doc("the routing key, or each queue's name",
                "key the queues are bound with")),
    BINDING_ARGS(option(TOPOLOGY, ValueType.KEY_VALUES, "--binding-args").label("K=V[,K=V...]")
            .help("Binding arguments, e.g. for a headers exchange: x-match=all,format=pdf.")
            .read(s -> nonEmpty(s.topology().bindingArguments()))
            .apply((b, args) -> args.forEach(b::bindingArgument))
            .doc("none",
                "binding arguments, e.g. for a headers exchange `x-match=all,format=pdf`")),
    PREDECLARED(option(TOPOLOGY, "-p", "--predeclared")
            .help("Use existing topology: declare and delete nothing.")
            .read(s -> s.topology().predeclared()).apply(Scenario.Builder::predeclared)
            .doc("off",
                "declare nothing and delete nothing: the queues consumers read from must exist")),
    KEEP_TOPOLOGY(option(TOPOLOGY, "--keep-topology")
            .help("Keep the queues and exchange the run declared.")
            .read(s -> s.topology().keep()).apply(Scenario.Builder::keepTopology)
            .doc("off",
                "keep the queues and exchange the run declared")),

    // ---- publishing ----
    PRODUCERS(option(PUBLISHING, ValueType.INT, "-x", "--producers").label("N")
            .help("Publisher connections (default 1), each with -X publishers.")
            .read(s -> s.publishing().producers()).apply(Scenario.Builder::producers)
            .doc("1",
                "publisher connections")),
    PRODUCER_CHANNELS(option(PUBLISHING, ValueType.INT, "-X", "--producer-channel-count").label("N")
            .help("Publishers (channels, or AMQP 1.0 links) per publisher connection (default 1).")
            .read(s -> unless(s.publishing().channelsPerProducer(), 1)).apply(Scenario.Builder::producerChannelCount)
            .doc("1",
                "publishers (channels, or AMQP 1.0 links) on each publisher connection: the run has `x × X` "
                + "publishers, so `-x 10 -X 50` is 500 publishers over 10 connections")),
    SIZE(option(PUBLISHING, ValueType.SIZE, "-s", "--size").label("SIZE")
            .help("Body size in bytes, at least 12: 12, 1000, 4kb (default 12).")
            .read(s -> s.publishing().variableSize().isEmpty() ? (long) s.publishing().messageSizeBytes() : null)
            .apply(Scenario.Builder::size)
            .doc("12",
                "body size, at least 12 bytes (the header, see [output.md](output.md))")),
    VARIABLE_SIZE(option(PUBLISHING, ValueType.SIZE_STEPS, "--variable-size").label("SIZE:DURATION[,...]")
            .help("Body sizes that follow each other and repeat, e.g. 1000:30s,10kb:30s.")
            .repeatable().read(s -> nonEmpty(s.publishing().variableSize()))
            .applyAll((b, lists) -> b.variableSize(flat(lists)))
            .doc("",
                "body sizes that follow each other and repeat from the start of the run, e.g. "
                + "`1000:30s,10kb:30s`")),
    RATE(option(PUBLISHING, ValueType.RATE, "-r", "--rate").label("MSG/S")
            .help("Intended rate per publisher; latency is measured from the intended send time. "
                    + "Fractions allowed, 0 = idle publisher (default unpaced: as fast as possible).")
            .read(s -> s.publishing().ratePerProducer()).apply(Scenario.Builder::rate)
            .doc("unpaced",
                "intended rate **per publisher**. Each publisher follows a schedule (`start + n / rate`); "
                + "latency is measured from the scheduled time, and a publisher that falls behind sends back to "
                + "back until it is on schedule. Fractions allowed (`0.5`); `0` keeps the publisher connected and "
                + "idle. Without a rate, publishers send as fast as flow control lets them (a closed loop)")),
    TOTAL_RATE(option(PUBLISHING, ValueType.RATE, "--total-rate").label("MSG/S")
            .help("Intended rate over all publishers, split evenly between them.")
            .read(s -> s.publishing().totalRate()).apply(Scenario.Builder::totalRate)
            .doc("",
                "intended rate over all publishers, split evenly (with a `producers` step, over the publishers "
                + "each step runs). Publishers are spread over their first message interval (publisher i of n "
                + "starts i/n of an interval in), so 10 publishers at 100/s each send one message a millisecond "
                + "in all, not bursts of 10 every 10 ms")),
    VARIABLE_RATE(option(PUBLISHING, ValueType.RATE_STEPS, "--variable-rate").label("RATE:DURATION[,...]")
            .help("Per-publisher rates that follow each other and repeat, e.g. 100:60s,1000:10s "
                    + "(a bare number of seconds works too); 0 pauses.")
            .repeatable().read(s -> nonEmpty(s.publishing().variableRate()))
            .applyAll((b, lists) -> b.variableRate(flat(lists)))
            .doc("",
                "per-publisher rates that follow each other and repeat, e.g. `100:60s,1000:10s` (a bare number "
                + "of seconds works too, as in PerfTest); `0` pauses. The option can be repeated")),
    PRODUCER_MESSAGES(option(PUBLISHING, ValueType.LONG, "-C", "--pmessages").label("N")
            .help("Messages per publisher, then stop.")
            .read(s -> s.publishing().messagesPerProducer()).apply(Scenario.Builder::producerMessageCount)
            .doc("no limit",
                "messages per publisher; the run then drains and ends")),
    CONFIRM(option(PUBLISHING, ValueType.INT, "-c", "--confirm").label("N")
            .help("Publisher confirms with at most N unconfirmed messages per publisher (default off).")
            .read(s -> s.publishing().confirmWindow()).apply(Scenario.Builder::confirm)
            .doc("off",
                "publisher confirms, at most N unconfirmed messages per publisher")),
    CONFIRM_TIMEOUT(option(PUBLISHING, ValueType.DURATION, "--confirm-timeout").label("DURATION")
            .help("Count a message as timed out when unconfirmed this long (default 30s).")
            .read(s -> unless(s.publishing().confirmTimeout(), Scenario.DEFAULT_CONFIRM_TIMEOUT))
            .apply(Scenario.Builder::confirmTimeout)
            .doc("30s",
                "a message unconfirmed for this long counts as timed out (its window slot is freed)")),
    TX_SIZE(option(PUBLISHING, ValueType.INT, "--tx-size").label("N")
            .help("AMQP 0.9.1 transactions: commit every N messages (the commit counts as the confirm).")
            .read(s -> s.publishing().txSize()).apply(Scenario.Builder::txSize)
            .doc("off",
                "AMQP 0.9.1 transactions: commit every N messages (and the rest at the end). The commit is the "
                + "confirm: each message's confirm latency is its wait for the commit, and messages whose commit "
                + "takes longer than `--confirm-timeout` count as timed out")),
    FLAG(option(PUBLISHING, ValueType.FLAG, "-f", "--flag").label("FLAG")
            .help("persistent and/or mandatory; repeat the option for both.")
            .repeatable().read(s -> s.publishing().flags().stream().sorted().toList())
            .apply(Scenario.Builder::flag)
            .doc("none",
                "`persistent` (delivery mode 2) and/or `mandatory` (unroutable messages come back and are "
                + "counted as returned); repeat the option for both")),
    MESSAGE_PROPERTIES(option(PUBLISHING, ValueType.KEY_VALUES, "--message-properties").label("K=V[,K=V...]")
            .help("Message properties: contentType, contentEncoding, priority, expiration (a duration), type.")
            .read(s -> nonEmpty(MessagePropertyValues.of(s.publishing().properties())))
            .apply(MessagePropertyValues::apply)
            .doc("none",
                "`contentType`, `contentEncoding`, `priority` (0–255), `expiration` (a duration, or "
                + "milliseconds), `type`. `appId` carries the publisher identity and cannot be set")),
    MESSAGE_HEADERS(option(PUBLISHING, ValueType.KEY_VALUES, "--message-headers").label("K=V[,K=V...]")
            .help("Message headers (AMQP 1.0: application properties); numbers and true/false are typed.")
            .read(s -> nonEmpty(s.publishing().properties().headers()))
            .apply((b, headers) -> headers.forEach(b::messageHeader))
            .doc("none",
                "custom headers (AMQP 1.0: application properties)")),
    PRODUCER_RANDOM_START_DELAY(option(PUBLISHING, ValueType.DURATION, "--producer-random-start-delay")
            .label("DURATION")
            .help("Each publisher starts after a random delay up to this long (default: publishers spread evenly over their first message interval).")
            .read(s -> s.publishing().randomStartDelay()).apply(Scenario.Builder::producerRandomStartDelay)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 5s")
            .doc("spread over one message interval",
                "each publisher waits a random time up to this long before its first message, instead of the "
                + "even spread")),

    PACING_SPIN(option(PUBLISHING, ValueType.DURATION, "--pacing-spin").label("DURATION")
            .help("Paced publishers park until this long before a send and spin the rest (default 100us, 0 on "
                    + "shared pacing threads; 0 parks only).")
            .read(s -> s.publishing().pacingSpin().orElse(null))
            .apply(Scenario.Builder::pacingSpin)
            .check(d -> !d.isNegative() && d.compareTo(Duration.ofMillis(10)) <= 0,
                    "%s must be between 0 and 10ms; for example %1$s 100us")
            .doc("100us; 0 on shared pacing threads",
                "a paced publisher parks until this long before each intended send time, then spins: a park "
                + "on Linux wakes 60-100 µs late, which would be publish delay. Spinning costs CPU only in this "
                + "window (about 3 % of a core per publisher at 1,000 msg/s); `0` parks all the way. At 10,000 "
                + "msg/s or more per publisher the gap between messages is no longer than the window, so the "
                + "publisher spins for its whole gap: a whole core per publisher, taken from the broker and the "
                + "consumers on a small machine (a `find-max` with one publisher probing tens of thousands of "
                + "msg/s pays it); use more publishers, or `--pacing-spin 0` and accept the park's lateness. "
                + "Publishers on shared pacing threads (`--pacing-threads`) do not spin unless this is given: "
                + "spinning before each of thousands of messages a second costs a core")),

    PACING_THREADS(option(PUBLISHING, ValueType.INT, "--pacing-threads").label("N")
            .help("Paced publishers share N pacing threads; 0 = a thread per publisher (default: as many as "
                    + "cores above 4 paced publishers per core, else 0).")
            .read(s -> s.publishing().pacingThreads().isPresent() ? s.publishing().pacingThreads().getAsInt() : null)
            .apply(Scenario.Builder::pacingThreads)
            .check(n -> n >= 0 && n <= 256, "%s must be between 0 and 256; for example %1$s 2")
            .doc("cores, above 4 paced publishers per core; else 0",
                "paced publishers (those with a rate) share this many threads: each thread keeps its publishers "
                + "ordered by the intended time of their next message, sleeps until the earliest and sends what "
                + "is due (up to 16 messages of one publisher before the others due get their turn), so "
                + "thousands of low-rate publishers cost neither a thread each nor a wake-up per message on a "
                + "thread of their own. Latency and publish delay still count from each message's intended "
                + "time. `0` gives every publisher its own thread (unpaced publishers always have one; idle "
                + "publishers at `-r 0` never have one). By default the run counts its paced publishers "
                + "(the most a `producers` step reaches): more than 4 per core share as many threads as "
                + "there are cores; fewer have a thread each")),

    // ---- consuming ----
    CONSUMERS(option(CONSUMING, ValueType.INT, "-y", "--consumers").label("N")
            .help("Consumer connections (default 1), each with -Y consumers.")
            .read(s -> s.consuming().consumers()).apply(Scenario.Builder::consumers)
            .doc("1",
                "consumer connections")),
    CONSUMER_CHANNELS(option(CONSUMING, ValueType.INT, "-Y", "--consumer-channel-count").label("N")
            .help("Consumers (channels, or AMQP 1.0 links) per consumer connection (default 1).")
            .read(s -> unless(s.consuming().channelsPerConsumer(), 1)).apply(Scenario.Builder::consumerChannelCount)
            .doc("1",
                "consumers (channels, or AMQP 1.0 links) on each consumer connection")),
    CONSUMER_MESSAGES(option(CONSUMING, ValueType.LONG, "-D", "--cmessages").label("N")
            .help("Messages per consumer, then stop.")
            .read(s -> s.consuming().messagesPerConsumer()).apply(Scenario.Builder::consumerMessageCount)
            .doc("no limit",
                "messages per consumer; the consumer then stops")),
    QOS(option(CONSUMING, ValueType.INT, "-q", "--qos").label("N")
            .help("Prefetch per consumer, 1-65535 (default unlimited; 200 for streams).")
            // Stream consumers get a prefetch of 200 when none is given: leave that one out.
            .read(s -> s.topology().queueType() == QueueType.STREAM
                    && s.consuming().prefetch().orElse(0) == Scenario.DEFAULT_STREAM_PREFETCH
                    ? null : s.consuming().prefetch())
            .apply(Scenario.Builder::qos)
            .doc("unlimited (200 for streams)",
                "prefetch per consumer (`basic.qos`), 1 to 65535")),
    AUTOACK(option(CONSUMING, "-a", "--autoack")
            .help("Automatic acknowledgements.")
            .read(s -> s.consuming().autoAck()).apply(Scenario.Builder::autoAck)
            .doc("off",
                "automatic acknowledgements")),
    MULTI_ACK_EVERY(option(CONSUMING, ValueType.INT, "--multi-ack-every").label("N")
            .help("Acknowledge every N messages with the multiple flag (default 1: each message). "
                    + "Must not exceed --qos.")
            .read(s -> unless(s.consuming().ackEvery(), 1)).apply(Scenario.Builder::multiAckEvery)
            .doc("1",
                "acknowledge every N messages with one ack carrying the multiple flag. Must not exceed `--qos` "
                + "(the consumer would wait for messages the broker never sends)")),
    ACK_TIMEOUT(option(CONSUMING, ValueType.DURATION, "--ack-timeout").label("DURATION")
            .help("Acknowledge what is pending after this long even if fewer than N arrived, e.g. 50ms.")
            .read(s -> s.consuming().ackTimeout()).apply(Scenario.Builder::ackTimeout)
            .doc("off",
                "acknowledge what is pending once the oldest unacknowledged message has waited this long, even "
                + "if fewer than N arrived (\"every 10 messages or 50 ms\"). The timer starts with the run's "
                + "consumers: with a `consumers` step whose first value is 0, it does not run, and consumers added "
                + "later acknowledge every N messages only")),
    NACK_RATE(option(CONSUMING, ValueType.DECIMAL, "--nack-rate").label("PERCENT")
            .help("Negatively acknowledge this share of deliveries.")
            .read(s -> unless(s.consuming().nackPercent(), 0.0)).apply(Scenario.Builder::nackRate)
            .doc("0",
                "negatively acknowledge this share of deliveries (drawn at random)")),
    REJECT_RATE(option(CONSUMING, ValueType.DECIMAL, "--reject-rate").label("PERCENT")
            .help("Reject this share of deliveries.")
            .read(s -> unless(s.consuming().rejectPercent(), 0.0)).apply(Scenario.Builder::rejectRate)
            .doc("0",
                "reject this share of deliveries")),
    REQUEUE(option(CONSUMING, ValueType.DECIMAL, "--requeue").label("PERCENT").fallback("100")
            .help("Requeue nacked and rejected deliveries: all of them, or this share (default: discard).")
            .read(s -> unless(s.consuming().requeuePercent(), 0.0)).apply(Scenario.Builder::requeueRate)
            .doc("discard",
                "requeue nacked and rejected deliveries: all of them, or this share; the others are discarded "
                + "(or dead-lettered). A window of acks is always settled before a nack or reject goes out on its "
                + "own, so one multiple ack never covers a negative one")),
    CONSUMER_LATENCY(option(CONSUMING, ValueType.DURATION_RANGE, "--consumer-latency").label("DURATION[-DURATION]")
            .help("Simulated processing time per message, fixed (5ms) or drawn from a range "
                    + "(1ms-5ms); end-to-end latency includes it.")
            .read(s -> s.consuming().consumerLatency()).apply(Scenario.Builder::consumerLatency)
            .doc("none",
                "simulated processing time per message, fixed (`5ms`) or drawn uniformly from a range "
                + "(`1ms-5ms`); the message is settled, and its end-to-end latency taken, afterwards")),
    CONSUMER_RATE(option(CONSUMING, ValueType.RATE, "--consumer-rate").label("MSG/S")
            .help("Most messages per second each consumer handles.")
            .read(s -> s.consuming().consumerRate()).apply(Scenario.Builder::consumerRate)
            .doc("no limit",
                "most messages per second each consumer handles (evenly spaced, no bursts)")),
    POLLING(option(CONSUMING, "--polling")
            .help("Consume with basic.get instead of a subscription (AMQP 0.9.1).")
            .read(s -> s.consuming().polling()).apply(Scenario.Builder::polling)
            .doc("off",
                "consume with `basic.get` instead of a subscription (AMQP 0.9.1)")),
    POLLING_INTERVAL(option(CONSUMING, ValueType.DURATION, "--polling-interval").label("DURATION")
            .help("With --polling, wait this long after finding the queue empty (default 0).")
            .read(s -> unless(s.consuming().pollingInterval(), Duration.ZERO)).apply(Scenario.Builder::pollingInterval)
            .doc("0",
                "with `--polling`, wait this long after finding the queue empty")),
    CONSUMER_ARGS(option(CONSUMING, ValueType.KEY_VALUES, "--consumer-args").label("K=V[,K=V...]")
            .help("Subscription arguments, e.g. x-priority=10.")
            .read(s -> nonEmpty(s.consuming().consumerArguments()))
            .apply((b, args) -> args.forEach(b::consumerArgument))
            .doc("none",
                "subscription arguments, e.g. `x-priority=10`")),
    CONSUMER_START_DELAY(option(CONSUMING, ValueType.DURATION, "--consumer-start-delay").label("DURATION")
            .help("Start consumers this long after publishers, to drain a backlog.")
            .read(s -> s.consuming().startDelay()).apply(Scenario.Builder::consumerStartDelay)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 30s")
            .doc("before publishers",
                "start consumers this long after publishers (to build a backlog, then drain it)")),
    EXIT_WHEN(option(CONSUMING, ValueType.EXIT_WHEN, "--exit-when").label("WHEN")
            .help("End the run once the queues are empty (empty) or consumers got nothing for an interval (idle).")
            .read(s -> s.consuming().exitWhen()).apply(Scenario.Builder::exitWhen)
            .doc("no",
                "`empty`: end once every queue is empty and nothing is awaiting an ack; `idle`: end once "
                + "consumers received nothing for a reporting interval (at least 1 s) after a first delivery")),
    REQUEST_REPLY(option(CONSUMING, ValueType.REPLY_MODE, "--request-reply").label("MODE").fallback("queue")
            .help("Consumers answer each message, through a reply queue (queue, the default) or AMQP 0.9.1 direct "
                    + "reply-to (direct); the run measures the round trip.")
            .read(s -> s.consuming().requestReply()).apply((b, mode) -> b.requestReply(mode))
            .doc("off",
                "request/reply: every consumer answers each message it receives, body unchanged, and the run "
                + "measures the `round trip` from the request's intended send (its actual send when unpaced) to "
                + "the reply's receipt, next to the end-to-end latency of the requests. `queue` (the default): "
                + "replies go to a queue the run declares (`harness-<run id>-replies`) and consumes, both "
                + "protocols; `direct`: AMQP 0.9.1 direct reply-to, each publisher consuming "
                + "`amq.rabbitmq.reply-to` on its own channel. See [output.md](output.md)")),
    STREAM_OFFSET(option(CONSUMING, ValueType.STREAM_OFFSET, "--stream-offset").label("OFFSET")
            .help("Where stream consumers start: first, last, next, an offset, an ISO timestamp "
                    + "or an interval such as 10m (default next).")
            .read(s -> s.consuming().streamOffset()).apply(Scenario.Builder::streamOffset)
            .doc("`next`",
                "stream consumers start at `first`, `last`, `next`, an offset (`1000`), an ISO-8601 timestamp "
                + "(`2026-11-21T10:00:00Z`) or an interval before now (`10m`, `1h`, `7D`)")),

    // ---- run control ----
    TIME(option(RUN_CONTROL, ValueType.DURATION, "-z", "--time").label("DURATION")
            .help("Stop publishing after this long: 10s, 5m, or plain seconds (default: until the "
                    + "message counts are reached, or Ctrl-C).")
            .read(s -> s.run().time()).apply(Scenario.Builder::time)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 30s")
            .doc("no limit",
                "stop publishing after this long. A paced run sends exactly `rate × time` messages per publisher")),
    WARMUP(option(RUN_CONTROL, ValueType.DURATION, "--warmup").label("DURATION")
            .help("Let traffic flow this long (rounded up to whole intervals) before measuring: "
                    + "latency and rates leave it out; 0 for none (default none; 5s for --step without --time, "
                    + "sweep and find-max).")
            .read(Setting::warmup).apply(Scenario.Builder::warmup)
            .doc("none; 5s with `--step` and no `--time`",
                "traffic flows this long (rounded up to whole reporting intervals) before measurement starts: "
                + "latency and rates leave it out; message totals include it. A run with `--step` and no "
                + "`--time` warms up for 5 s at the first step's settings unless told otherwise, so the first "
                + "step does not measure the client's and the broker's own warm-up (JIT compilation, first "
                + "connections); steps are timed from the end of the warm-up. `sweep` runs a 5 s warm-up run "
                + "at its first combination's settings before the first measured run, and `find-max` warms "
                + "up for 5 s at `--start-rate` before its first probe, unless `--warmup` is given (with "
                + "`sweep`, each run then warms up itself). `--warmup 0` means no warm-up")),
    INTERVAL(option(RUN_CONTROL, ValueType.DURATION, "-i", "--interval").label("DURATION")
            .help("Reporting interval (default 1s).")
            .read(s -> unless(s.run().interval(), Duration.ofSeconds(1))).apply(Scenario.Builder::interval)
            .doc("1s",
                "reporting interval, at least 100ms")),
    STEP(option(RUN_CONTROL, ValueType.STEP, "--step").label("NAME=V1,V2,...")
            .help("Change a setting while the run goes on, every --step-duration: rate, confirm, qos, "
                    + "multi-ack-every, producers or consumers. Repeat for several settings (they change together). "
                    + "Without --time the run ends after the last step.")
            .repeatable().read(s -> s.run().steps().map(StepPlan::steps).orElse(null))
            .apply(Scenario.Builder::step)
            .doc("none",
                "change a setting while the run goes on, every `--step-duration`: `rate`, `confirm`, `qos`, "
                + "`multi-ack-every`, `producers` or `consumers`. Repeat for several settings; they change "
                + "together, so each lists as many values. The first step's values replace the plain options (do "
                + "not give both). Changes take effect live: rates from the step's time (a publisher behind "
                + "schedule still owes its backlog at the old rate, and a second step while it still lags keeps "
                + "the first step's rate for the stretch between them; a publisher waiting for its next message at "
                + "the old rate is woken and follows the new rate from the step's time), confirm windows at once, a new prefetch by subscribing again on the same "
                + "channel (AMQP 0.9.1) or by changing the credit granted (AMQP 1.0), publishers and consumers "
                + "opened or closed (a consumer that leaves first handles and acknowledges what the broker already "
                + "gave it, so its messages do not come back redelivered). Results are reported per step (a table "
                + "like the seed reports', in `result.json` and in `report.html`). Steps are timed from the end of "
                + "`--warmup`. Without `--time`, the run ends after its last step")),
    STEP_DURATION(option(RUN_CONTROL, ValueType.DURATION, "--step-duration").label("DURATION")
            .help("How long each step lasts (rounded up to whole intervals), e.g. 5m.")
            .read(s -> s.run().steps().map(StepPlan::stepDuration)).apply(Scenario.Builder::stepDuration)
            .doc("",
                "how long each step lasts; steps end on reporting-interval boundaries")),
    DRAIN_TIMEOUT(option(RUN_CONTROL, ValueType.DURATION, "--drain-timeout").label("DURATION")
            .help("After publishing stops, wait at most this long for confirms and deliveries (default 30s).")
            .read(s -> unless(s.run().drainTimeout(), Scenario.DEFAULT_DRAIN)).apply(Scenario.Builder::drainTimeout)
            .doc("30s",
                "once publishing stops, how long to wait for outstanding confirms and for consumers to receive "
                + "what is still on its way")),
    RECOVERY(option(RUN_CONTROL, ValueType.RECOVERY, "--recovery").label("MODE")
            .help("Reconnect when the broker drops a connection: auto (default: on with --time or --step), on, "
                    + "or off (fail fast).")
            .read(s -> unless(s.run().recovery(), RecoveryMode.AUTO)).apply(Scenario.Builder::recovery)
            .doc("`auto`",
                "when the broker drops a connection (a restart, `close_connection`): `on` reconnects with "
                + "backoff, redeclares the run's topology if it is gone, resubscribes consumers and resumes "
                + "publishing on schedule, so the outage shows as latency; `off` ends the run with the reason; "
                + "`auto` is `on` for runs with `--time` or `--step`. Stream consumers resume after the last "
                + "offset they received")),
    RECOVERY_TIMEOUT(option(RUN_CONTROL, ValueType.DURATION, "--recovery-timeout").label("DURATION")
            .help("With recovery, give up when one outage lasts this long (default 60s).")
            .read(s -> unless(s.run().recoveryTimeout(), RunSettings.DEFAULT_RECOVERY_TIMEOUT))
            .apply(Scenario.Builder::recoveryTimeout)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 60s")
            .doc("60s", "with recovery, how long one outage may last before the run fails")),
    CLOCK(option(RUN_CONTROL, ValueType.CLOCK, "--clock").label("CLOCK")
            .help("Message timestamps: monotonic (default; publishers and consumers in this process), "
                    + "wall (epoch ns, as omq) or wall-millis (epoch ms, as PerfTest --use-millis) for "
                    + "publishers and consumers in different processes or hosts.")
            .read(s -> unless(s.run().clock(), ClockMode.MONOTONIC)).apply(Scenario.Builder::clock)
            .doc("`monotonic`",
                "what message timestamps mean: `monotonic`, `wall` (epoch ns) or `wall-millis` (epoch ms); see "
                + "[output.md](output.md)")),
    FAIL_IF(option(RUN_CONTROL, ValueType.GATE, "--fail-if").label("EXPR")
            .help("Fail the run (exit code 1) when a measured value compares so: e2e.p99>20ms, confirm.p999>100ms, "
                    + "lost>0, rate.received<9000 (quote it for the shell). Repeatable; checked on the whole run and "
                    + "on each step.")
            .repeatable().read(s -> nonEmpty(s.run().gates())).apply(Scenario.Builder::failIf)
            .doc("none",
                "a pass/fail gate, `QUANTITY OP VALUE` (quote it: `>` and `<` are shell redirections): the run "
                + "fails, exit code 1 with one sentence per broken gate, when the measured value compares to the "
                + "threshold as written. `QUANTITY` is a latency `e2e`, `e2e-from-send`, `round-trip`, `confirm` or "
                + "`publish-delay` with `.p50`, "
                + "`.p75`, `.p90`, `.p95`, `.p99`, `.p999`, `.p9999`, `.min`, `.max` or `.mean` (values with a "
                + "unit: `ns`, `us`, `ms`, `s`); a count `lost`, `duplicated`, `out-of-order`, `nacked`, "
                + "`returned`, `timed-out`, `redelivered`, `unaccounted`; or a rate in msg/s `rate.sent`, "
                + "`rate.confirmed`, `rate.received`, `throughput`. `OP` is `<`, `<=`, `>` or `>=`. Repeat for "
                + "several gates. Checked on the whole run and, in a stepped run, on each step; see "
                + "[Gates](#gates)")),

    // ---- several instances ----
    INSTANCE(option(INSTANCES, ValueType.TEXT, "--instance").label("ID")
            .help("This instance's name when several harness instances make one workload: it goes into "
                    + "publisher identities, connection names and result.json (default host name and process id).")
            .read(s -> s.coordination().instance().orElse(null)).apply(Scenario.Builder::instance)
            .check(Coordination::validName, "%s must be 1 to 64 letters, digits, dots, dashes or underscores, "
                    + "got '%2$s'; for example %1$s loadgen-1")
            .doc("host name and process id",
                "this instance's name in a workload of several instances: publisher identities "
                + "(`ID-RUNID-p0`) and connection names carry it, and `harness report --merge` lists each "
                + "instance under it; without it identities are as in a single run (`RUNID-p0`) and "
                + "`result.json` records the host name and process id; see [output.md](output.md#several-instances)")),
    START_AT(option(INSTANCES, ValueType.START_TIME, "--start-at").label("TIME")
            .help("Start publishing at TIME: an ISO-8601 instant (2026-11-23T15:00:00Z) or a local time of "
                    + "day (15:00:00, today in this machine's time zone). Connections open before.")
            .read(s -> s.coordination().startAt().orElse(null)).apply(Scenario.Builder::startAt)
            .doc("at once",
                "publishing starts at this time, after connections and links are open: an ISO-8601 instant "
                + "(`2026-11-23T15:00:00Z`) or `HH:MM:SS`, a time of day today in the client's time zone. "
                + "A time already past starts at once, with a note saying how late")),
    BARRIER(option(INSTANCES, ValueType.INT, "--barrier").label("N")
            .help("Start publishing when N instances (this one included) are ready: they meet through the "
                    + "broker (a fanout exchange named after --barrier-name), no other server needed.")
            .read(s -> s.coordination().barrier().isPresent() ? s.coordination().barrier().getAsInt() : null)
            .apply(Scenario.Builder::barrier)
            .check(n -> n >= 1, "%s must be at least 1, got %2$s; for example %1$s 4")
            .doc("none",
                "publishing starts when this many instances, this one included, have opened their "
                + "connections and links: each announces itself on the fanout exchange "
                + "`harness.barrier.NAME` (AMQP 0.9.1 on the broker of `--uri`, whatever `--protocol`), and all "
                + "start within a few milliseconds of each other; with `--start-at`, the later of the two")),
    BARRIER_NAME(option(INSTANCES, ValueType.TEXT, "--barrier-name").label("NAME")
            .help("The barrier's name: instances meet when they give the same name and broker (default harness).")
            .read(s -> unless(s.coordination().barrierName(), Coordination.DEFAULT_BARRIER_NAME))
            .apply(Scenario.Builder::barrierName)
            .check(Coordination::validName, "%s must be 1 to 64 letters, digits, dots, dashes or underscores, "
                    + "got '%2$s'; for example %1$s nightly-run")
            .doc("`harness`",
                "instances with the same barrier name on the same broker meet; give each workload its own")),
    BARRIER_TIMEOUT(option(INSTANCES, ValueType.DURATION, "--barrier-timeout").label("DURATION")
            .help("How long to wait for the other instances at the barrier before failing (default 60s).")
            .read(s -> unless(s.coordination().barrierTimeout(), Coordination.DEFAULT_BARRIER_TIMEOUT))
            .apply(Scenario.Builder::barrierTimeout)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 5m")
            .doc("60s",
                "how long an instance waits at the barrier; then the run fails (exit code 1) naming how "
                + "many of how many instances arrived")),

    // ---- the stream protocol (--protocol stream) ----
    BATCH_SIZE(option(PUBLISHING, ValueType.INT, "--batch-size").label("N")
            .help("--protocol stream: most messages the client sends in one publish frame (default 100).")
            .read(s -> unless(s.stream().batchSize(), StreamSettings.DEFAULT_BATCH_SIZE))
            .apply(Scenario.Builder::batchSize)
            .check(n -> n >= 1 && n <= 65_535, "%s must be between 1 and 65535; for example %1$s 100")
            .doc("100",
                "`--protocol stream` only: the stream client accumulates up to this many messages (or "
                + "sub-entries) and writes them in one publish frame; it sends a smaller batch as soon as the "
                + "publisher pauses (stream-perf-test's `--batch-size`)")),
    SUB_ENTRY_SIZE(option(PUBLISHING, ValueType.INT, "--sub-entry-size").label("N")
            .help("--protocol stream: messages per sub-entry, stored and compressed together (default 1: none).")
            .read(s -> unless(s.stream().subEntrySize(), 1))
            .apply(Scenario.Builder::subEntrySize)
            .check(n -> n >= 1 && n <= 65_535, "%s must be between 1 and 65535; for example %1$s 10")
            .doc("1",
                "`--protocol stream` only: this many messages go into one stream entry (a sub-entry batch), "
                + "compressed together with `--compression`; `1` sends every message as its own entry. The "
                + "broker confirms the whole sub-entry at once")),
    COMPRESSION(option(PUBLISHING, ValueType.COMPRESSION, "--compression").label("CODEC")
            .help("--protocol stream, with --sub-entry-size above 1: none (default), gzip, snappy or lz4 "
                    + "(zstd needs native libraries the harness does not bundle).")
            .read(s -> unless(s.stream().compression(), StreamSettings.Compression.NONE))
            .apply(Scenario.Builder::compression)
            .doc("`none`",
                "`--protocol stream` only, with `--sub-entry-size` above 1: how each sub-entry is compressed, "
                + "`none`, `gzip`, `snappy` or `lz4` (framed formats, in pure Java through commons-compress). "
                + "`zstd` exists in the stream client but needs zstd-jni's native libraries, which the harness "
                + "does not bundle: asking for it is refused")),
    SINGLE_ACTIVE_CONSUMER(option(CONSUMING, "--single-active-consumer")
            .help("--protocol stream: the consumers of each stream form one single-active-consumer group; "
                    + "one receives at a time (RabbitMQ 3.11+).")
            .read(s -> s.stream().singleActiveConsumer()).apply(Scenario.Builder::singleActiveConsumer)
            .doc("off",
                "`--protocol stream` only (RabbitMQ 3.11 or later): every consumer of a stream (of each "
                + "partition with `--super-stream`) subscribes under one consumer name, `harness-<run id>`, "
                + "as a single active consumer: the broker delivers to one of them at a time, the others "
                + "wait. Counted as competing consumers: each message once across the group")),
    SUPER_STREAM(option(TOPOLOGY, ValueType.INT, "--super-stream").label("PARTITIONS")
            .help("--protocol stream: a super stream of this many partitions instead of a stream (RabbitMQ 3.13+).")
            .read(s -> s.stream().superStreamPartitions().isPresent()
                    ? s.stream().superStreamPartitions().getAsInt() : null)
            .apply(Scenario.Builder::superStream)
            .check(n -> n >= 1 && n <= 1_000, "%s must be between 1 and 1000; for example %1$s 3")
            .doc("none",
                "`--protocol stream` only (RabbitMQ 3.13 or later): the run's queue is a super stream "
                + "(`--queue`, default `harness-<run id>`) of this many partitions, `<name>-0` to "
                + "`<name>-<N-1>` bound with the keys `0` to `N-1`, created and deleted over the stream "
                + "protocol. Publisher `i` routes its messages by the key `i mod N`, so its messages stay in "
                + "order in one partition (give at least N publishers to write every partition); each "
                + "consumer reads every partition")),
    FILTER_VALUE(option(PUBLISHING, ValueType.NAMES, "--filter-value").label("VALUE[,VALUE...]")
            .help("--protocol stream: publishers tag their messages with this filter value, publisher i "
                    + "with the i-th of several, in turn (RabbitMQ 3.13+).")
            .read(s -> nonEmpty(s.stream().publisherFilterValues())).apply(Scenario.Builder::filterValue)
            .doc("none",
                "`--protocol stream` only (RabbitMQ 3.13 or later): every message of publisher `i` carries "
                + "the `i`-th value (modulo their number) as its stream filter value, which the broker "
                + "keeps in each chunk's Bloom filter")),
    FILTER_VALUES(option(CONSUMING, ValueType.NAMES, "--filter-values").label("VALUE[,VALUE...]")
            .help("--protocol stream: consumers receive only messages tagged with one of these filter values "
                    + "(RabbitMQ 3.13+).")
            .read(s -> nonEmpty(s.stream().consumerFilterValues())).apply(Scenario.Builder::filterValues)
            .doc("every message",
                "`--protocol stream` only (RabbitMQ 3.13 or later): the broker sends consumers only the "
                + "chunks whose filter may hold one of these values, and the consumer drops the other "
                + "messages of those chunks; messages of the publishers whose value is not among them "
                + "are not expected (not lost)"));

    private final Declaration<?> declaration;

    Setting(Declaration.Draft<?> draft) {
        this.declaration = draft.done();
    }

    /** The long CLI option name, for example {@code --qos}. */
    public String optionName() {
        return declaration.longName();
    }

    /** Everything declared about this option. */
    public Declaration<?> declaration() {
        return declaration;
    }

    /** The setting {@code --step} changes, if this one can be stepped. */
    public java.util.Optional<StepSetting> stepped() {
        for (StepSetting s : StepSetting.values()) {
            if (s.setting() == this) {
                return java.util.Optional.of(s);
            }
        }
        return java.util.Optional.empty();
    }

    /** Where options appear in {@code --help} and {@code docs/options.md}, in this order. */
    public enum Group {
        CONNECTION("Connection"),
        TOPOLOGY("Topology"),
        PUBLISHING("Publishing"),
        CONSUMING("Consuming"),
        RUN_CONTROL("Run control"),
        INSTANCES("Several instances");

        private final String heading;

        Group(String heading) {
            this.heading = heading;
        }

        /** The section heading: {@code Run control}. */
        public String heading() {
            return heading;
        }
    }

    /** {@code value}, or null (left out) when it is the default. */
    /** {@code --warmup} as given: none for the default warm-up, 0 for none where there would be one. */
    private static Duration warmup(Scenario s) {
        RunSettings r = s.run();
        java.util.Optional<Duration> byDefault = RunSettings.defaultWarmup(r.steps().isPresent(), r.time().isPresent());
        if (r.warmup().equals(byDefault)) {
            return null;
        }
        return r.warmup().orElse(Duration.ZERO);
    }

    private static <T> T unless(T value, T byDefault) {
        return value.equals(byDefault) ? null : value;
    }

    private static <C extends java.util.Collection<?>> C nonEmpty(C c) {
        return c.isEmpty() ? null : c;
    }

    private static <K, V> Map<K, V> nonEmpty(Map<K, V> m) {
        return m.isEmpty() ? null : m;
    }

    private static <T> List<T> flat(List<List<T>> lists) {
        List<T> all = new ArrayList<>();
        lists.forEach(all::addAll);
        return all;
    }
}
