package io.amqpharness.scenario;

import static io.amqpharness.scenario.Declaration.option;
import static io.amqpharness.scenario.Setting.Group.CONNECTION;

import java.time.Duration;

/**
 * The declarations of the rows of {@link Setting} in {@link Setting.Group#CONNECTION}, one method
 * per constant, in the table's order. The order of help and documentation is the order of the
 * constants in {@link Setting}; a method here only states one option's {@link Declaration}.
 */
final class ConnectionRows {
    private ConnectionRows() {
    }

    static Declaration.Draft<?> uri() {
        return option(CONNECTION, ValueType.TEXT, "--uris", "--uri").label("URI[,URI...]")
            .help("Broker address, amqp[s]://user:pass@host:port/vhost (default {default}); "
                    + "a comma-separated list for the nodes of a cluster: connections start on each in turn "
                    + "and fail over to the next.")
            .read(s -> s.addresses().text()).byDefault(BrokerUri.DEFAULT.uri().toString())
            .apply(Scenario.Builder::uri)
            .redact(v -> java.util.Optional.ofNullable(BrokerAddresses.parse(v).addresses())
                    .map(BrokerAddresses::redacted).orElse(BrokerUri.redactLoosely(v)))
            .doc("`amqp://` or `amqps://user:pass@host:port/vhost` (`rabbitmq-stream://` or `rabbitmq-stream+tls://` "
                + "with `--protocol stream`, see [streams.md](streams.md)); the password is never printed. User and "
                + "password default to guest/guest, the virtual host to `/`. **Several nodes** (also spelled "
                + "`--uris`, as in PerfTest): a comma-separated list, `amqp://guest:guest@h1:5672,amqp://h2:5672`, "
                + "with one scheme and one virtual host; addresses without credentials take the first one's. "
                + "Topology is declared through the first address. Publisher connection *i* starts on address "
                + "*i* mod *n* and consumer connection *j* on address (*j* + 1) mod *n* (connections counted as "
                + "`--producer-channels`/`--consumer-channels` group them; idle and churned connections by their "
                + "number), so with one publisher and one consumer they sit on different nodes. Each connection "
                + "is given the whole list from its starting address on, so an open that fails tries the next "
                + "node, and a connection that recovers starts at the node after the one it lost");
    }

    static Declaration.Draft<?> protocol() {
        return option(CONNECTION, ValueType.TEXT, "--protocol").label("ID")
            .help("Protocol driver: amqp091 (default), amqp10 or stream (RabbitMQ's stream protocol).")
            .read(Scenario::protocol).byDefault("amqp091").written().apply(Scenario.Builder::protocol)
            .doc("the driver: `amqp091`, `amqp10` or `stream` (RabbitMQ's stream protocol, with a "
                + "`rabbitmq-stream://` address and a stream; see [streams.md](streams.md))");
    }

    static Declaration.Draft<?> addressFormat() {
        return option(CONNECTION, ValueType.ADDRESS_FORMAT, "--address-format").label("FORMAT")
            .help("AMQP 1.0 addresses: auto (default: v1 on RabbitMQ 3.x, v2 on 4.x), v1 "
                    + "(/amq/queue/Q, /exchange/X/RK) or v2 (/queues/Q, /exchanges/X/RK).")
            .read(s -> s.topology().addressFormat()).byDefault(AddressFormat.AUTO)
            .apply(Scenario.Builder::addressFormat)
            .doc("AMQP 1.0 only: `auto` (v1 on RabbitMQ 3.x, v2 on 4.x), `v1` or `v2`");
    }

    static Declaration.Draft<?> brokerMetrics() {
        return option(CONNECTION, ValueType.TEXT, "--broker-metrics").label("URL")
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
                + "gives one note, not a failure; see [output.md](output.md#broker-metrics)");
    }

    static Declaration.Draft<?> noBrokerMetrics() {
        return option(CONNECTION, "--no-broker-metrics")
            .help("Do not sample the broker's metrics.")
            .read(s -> !s.run().brokerMetrics().enabled()).apply(Scenario.Builder::noBrokerMetrics)
            .doc("sampled",
                "do not read the broker's metrics (no HTTP requests to the broker)");
    }

    static Declaration.Draft<?> brokerMetricsWait() {
        return option(CONNECTION, ValueType.DURATION, "--broker-metrics-wait").label("DURATION")
            .help("At the end, wait at most this long for the broker's per-queue counters to reach the "
                    + "harness's before the cross-check; 0 takes the last sample at once (default 6s).")
            .read(s -> s.run().brokerMetrics().finalWait()).apply(Scenario.Builder::brokerMetricsWait)
            .check(d -> !d.isNegative() && d.compareTo(Duration.ofMinutes(10)) <= 0,
                "%s must be between 0 and 10m; for example %1$s 30s")
            .doc("6s",
                "at the end of a run, how long at most to wait for the broker's per-queue publish and deliver "
                + "counters to reach the harness's before the last sample and the cross-check: the management "
                + "API's counters lag by up to its statistics interval (5 s by default). The wait ends as soon "
                + "as they agree, goes on (up to 2.5 times as long) while they still move, and is skipped after "
                + "a broker restart; 0 takes the last sample at once. Raise it for a broker with a longer "
                + "`collect_statistics_interval`");
    }

    static Declaration.Draft<?> tlsTrustStore() {
        return option(CONNECTION, ValueType.TEXT, "--tls-trust-store").label("FILE")
            .help("CA certificates the broker's certificate must chain to (amqps://): PEM, PKCS#12 or JKS "
                    + "(default: the JVM's trust store).")
            .read(s -> s.tls().trustStore().map(java.nio.file.Path::toString)).apply(Scenario.Builder::tlsTrustStore)
            .doc("the JVM's trust store",
                "`amqps://` only: CA certificates the broker's certificate must chain to, as a PEM file "
                + "(`-----BEGIN CERTIFICATE-----`), PKCS#12 or JKS");
    }

    static Declaration.Draft<?> tlsTrustStorePassword() {
        return option(CONNECTION, ValueType.TEXT, "--tls-trust-store-password").label("PASSWORD")
            .help("Password of a PKCS#12 or JKS trust store; never printed.")
            .read(s -> s.tls().trustStorePassword()).apply(Scenario.Builder::tlsTrustStorePassword)
            .redact(v -> "***")
            .doc("none", "password of a PKCS#12 or JKS `--tls-trust-store`; never printed");
    }

    static Declaration.Draft<?> tlsKeyStore() {
        return option(CONNECTION, ValueType.TEXT, "--tls-key-store").label("FILE")
            .help("Client certificate and key presented to the broker (amqps://): PKCS#12 or JKS.")
            .read(s -> s.tls().keyStore().map(java.nio.file.Path::toString)).apply(Scenario.Builder::tlsKeyStore)
            .doc("none",
                "`amqps://` only: the client certificate and key presented to the broker, PKCS#12 or JKS "
                + "(for brokers with `ssl_options.verify = verify_peer`)");
    }

    static Declaration.Draft<?> tlsKeyStorePassword() {
        return option(CONNECTION, ValueType.TEXT, "--tls-key-store-password").label("PASSWORD")
            .help("Password of the key store and its key; never printed.")
            .read(s -> s.tls().keyStorePassword()).apply(Scenario.Builder::tlsKeyStorePassword)
            .redact(v -> "***")
            .doc("none", "password of `--tls-key-store` and its key; never printed");
    }

    static Declaration.Draft<?> tlsInsecure() {
        return option(CONNECTION, "--tls-insecure")
            .help("Trust any broker certificate and skip the host name check (amqps://; for tries only).")
            .read(s -> s.tls().insecure()).apply(Scenario.Builder::tlsInsecure)
            .doc("off",
                "`amqps://` only: trust any broker certificate and skip the host name check; for a first try "
                + "against a broker with a self-signed certificate, never for numbers you publish");
    }

    static Declaration.Draft<?> nioThreads() {
        return option(CONNECTION, ValueType.INT, "--nio-threads").label("N")
            .help("AMQP 0.9.1: shared non-blocking I/O threads for all connections; 0 = a blocking reader thread "
                    + "per connection (default: 2 above 1,000 connections mostly idle, else 0).")
            .read(s -> s.connections().nioThreads().isPresent() ? s.connections().nioThreads().getAsInt() : null)
            .apply(Scenario.Builder::nioThreads)
            .check(n -> n >= 0 && n <= 64, "%s must be between 0 and 64; for example %1$s 2")
            .doc("2 above 1,000 connections mostly idle, else 0",
                "AMQP 0.9.1 only: the connections share this many non-blocking I/O threads (amqp-client's NIO "
                + "mode, 8 KiB read and write buffers per connection), and consumers of all connections are "
                + "dispatched on one shared pool (a pool per connection with `--consumer-latency` or "
                + "`--consumer-rate`, whose callbacks sleep; a consumer that acknowledges gets a prefetch of 500 when "
                + "`--qos` gives none); each send copies its body, because NIO writes it "
                + "after the send returns; `0` keeps the blocking I/O of amqp-client (a reader thread per "
                + "connection, the lowest latency and CPU up to hundreds of connections, and each connection's "
                + "consumers called on its reader thread unless they may wait). By default the run "
                + "counts its connections (`-x` + `-y` + `--idle-connections` + the churned connections held "
                + "open at once): more than 1,000 gives 2 threads, unless at least half of them carry traffic "
                + "(publishers that send, and consumers) and no more than 5,000 do, which keeps blocking I/O. "
                + "amqp-client's NIO loop walks all of its thread's connections for each event: 3,000 publishers at "
                + "2 msg/s each took 32 % less client CPU with blocking I/O than with 2 NIO threads, at an end-to-end "
                + "p50 of 0.42 ms against 52 ms, for 340 MB more memory and 14 % slower opening. NIO pays where "
                + "connections are idle (`-r 0`, `--idle-connections`). AMQP 1.0 ignores it");
    }

    static Declaration.Draft<?> connectionOpenConcurrency() {
        return option(CONNECTION, ValueType.INT, "--connection-open-concurrency").label("N")
            .help("Connections opened at the same time (default {default}).")
            .read(s -> s.connections().openConcurrency()).byDefault(ConnectionSettings.DEFAULT_OPEN_CONCURRENCY)
            .apply(Scenario.Builder::connectionOpenConcurrency)
            .check(n -> n >= 1 && n <= 1024, "%s must be between 1 and 1024; for example %1$s 32")
            .doc(
                "how many connections are being opened at the same time, before traffic starts (publishers', "
                + "consumers' and `--idle-connections`) and for `--churn-rate`. Each connection's channels or "
                + "links (`-X`, `-Y`) are opened on it one after the other. A connection the broker does not "
                + "accept (refused, timed out, over a connection limit) is tried twice more; a refused channel or "
                + "link (a missing exchange) is not. If some still fail, the run ends before traffic starts with "
                + "exit code 1 and one sentence: how many of how many failed, and the first reason");
    }

    static Declaration.Draft<?> connectionOpenRate() {
        return option(CONNECTION, ValueType.RATE, "--connection-open-rate").label("N/S")
            .help("Open at most this many connections per second (default: no limit beyond "
                    + "--connection-open-concurrency).")
            .read(s -> s.connections().openRate()).apply(Scenario.Builder::connectionOpenRate)
            .check(r -> r > 0, "%s must be a positive rate; for example %1$s 500")
            .doc("no limit",
                "opens at most this many connections per second before traffic starts, to spare a broker that "
                + "cannot take a burst of handshakes");
    }

    static Declaration.Draft<?> idleConnections() {
        return option(CONNECTION, ValueType.INT, "--idle-connections").label("N")
            .help("Extra connections, each with --idle-channels publisher channels or links that never send, held "
                    + "open for the whole run (default {default}).")
            .read(s -> s.connections().idleConnections()).byDefault(0).apply(Scenario.Builder::idleConnections)
            .check(n -> n >= 0 && n <= 1_000_000, "%s must be between 0 and 1000000; for example %1$s 1000")
            .doc(
                "opens this many more connections before traffic starts, each with `--idle-channels` publisher "
                + "channels (AMQP 0.9.1) or sessions with a sender link (AMQP 1.0) on the run's exchange that never "
                + "send, and "
                + "keeps them open until the run ends: the connection count of seed 001, without a thread per "
                + "connection in the harness. See [recipes.md](recipes.md#many-connections)");
    }

    static Declaration.Draft<?> idleChannels() {
        return option(CONNECTION, ValueType.INT, "--idle-channels").label("N")
            .help("Publisher channels (AMQP 1.0: sessions with a sender link) on each idle connection "
                    + "(default {default}).")
            .read(s -> s.connections().idleChannels()).byDefault(1).apply(Scenario.Builder::idleChannels)
            .check(n -> n >= 1 && n <= 2047, "%s must be between 1 and 2047; for example %1$s 2")
            .doc(
                "with `--idle-connections`, how many publisher channels (AMQP 0.9.1) or sessions with a sender "
                + "link (AMQP 1.0) each idle connection holds; seed 001's clients had 2");
    }

    static Declaration.Draft<?> churnRate() {
        return option(CONNECTION, ValueType.RATE, "--churn-rate").label("N/S")
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
                + "failed open is counted, it does not fail the run");
    }

    static Declaration.Draft<?> churnHold() {
        return option(CONNECTION, ValueType.DURATION, "--churn-hold").label("DURATION")
            .help("With --churn-rate, how long each churned connection stays open (default 0: closed once open).")
            .read(s -> s.connections().churnHold()).byDefault(Duration.ZERO).apply(Scenario.Builder::churnHold)
            .check(d -> !d.isNegative() && d.compareTo(Duration.ofHours(1)) <= 0,
                    "%s must be between 0 and 1h; for example %1$s 5s")
            .doc("0",
                "with `--churn-rate`, how long each churned connection stays open; `--churn-rate 100 "
                + "--churn-hold 10s` keeps about 1,000 churned connections open at a time");
    }
}
