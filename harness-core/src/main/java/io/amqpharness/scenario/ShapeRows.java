package io.amqpharness.scenario;

import static io.amqpharness.scenario.Declaration.option;
import static io.amqpharness.scenario.Rows.nonEmpty;
import static io.amqpharness.scenario.Setting.Group.PUBLISHING;
import static io.amqpharness.scenario.Setting.Group.TOPOLOGY;

/**
 * The declarations of the options that draw a message's routing key, priority, TTL and headers
 * per message ({@link MessageShape}), one method per constant of {@link Setting}.
 */
final class ShapeRows {
    private ShapeRows() {
    }

    static Declaration.Draft<?> routingKeys() {
        return option(TOPOLOGY, ValueType.KEY_SHARES, "--routing-keys").label("KEY:PCT%[,...]")
            .help("Routing keys drawn per message with their shares, e.g. a.b:70%,a.c:30% or orders.{1..10}.")
            .read(s -> s.publishing().shape().routingKeys()).apply(Scenario.Builder::routingKeys)
            .doc("none",
                "routing keys drawn per message (seeded by `--seed`) with their shares of the messages, e.g. "
                + "`a.b:70%,a.c:30%` (the shares add up to 100 %); `orders.{1..10}` is ten keys with equal "
                + "shares. For direct and topic exchanges: each queue is bound with its name unless "
                + "`--binding-key` is given, so `--queue a.b,a.c` gets each its keys' share. AMQP 1.0 sends the "
                + "key as the message's subject to the exchange's address; not with `--protocol stream`. See "
                + "[recipes.md](recipes.md#routing-keys-priorities-ttls-and-headers-drawn-per-message)");
    }

    static Declaration.Draft<?> priority() {
        return option(PUBLISHING, ValueType.PRIORITY_SHARES, "--priority").label("P[:PCT%,...]")
            .help("Message priority, or priorities drawn per message with their shares, e.g. 0:80%,5:15%,9:5%.")
            .read(s -> s.publishing().shape().priorities()).apply(Scenario.Builder::priorities)
            .doc("none",
                "message priority (0–255), or priorities drawn per message (seeded by `--seed`) with their "
                + "shares, e.g. `0:80%,5:15%,9:5%`; a queue honours them up to its `x-max-priority` "
                + "(`--queue-args x-max-priority=10`). The run counts the messages sent with each priority "
                + "(`result.json` `shape`). Not with `--protocol stream`");
    }

    static Declaration.Draft<?> messageTtl() {
        return option(PUBLISHING, ValueType.TTL_SHARES, "--message-ttl").label("TTL[:PCT%,...]")
            .help("Per-message TTL, or TTLs drawn per message with their shares, e.g. 1s:90%,100ms:10%.")
            .read(s -> s.publishing().shape().ttls()).apply(Scenario.Builder::messageTtls)
            .doc("none",
                "per-message TTL (0.9.1 `expiration`, 1.0 header `ttl`), or TTLs drawn per message (seeded by "
                + "`--seed`) with their shares, e.g. `1s:90%,100ms:10%`. The broker drops expired messages by "
                + "design, so the run counts them as lost and checks no expected delivery count (no `(ok)` for "
                + "deliveries). Not with `--protocol stream`");
    }

    static Declaration.Draft<?> header() {
        return option(PUBLISHING, ValueType.HEADER_SHARES, "--header").label("NAME=V[:PCT%,...]")
            .help("A header drawn per message, e.g. region=eu:50%,us:50%. Repeatable.")
            .repeatable().read(s -> nonEmpty(s.publishing().shape().headers())).apply(Scenario.Builder::header)
            .doc("none",
                "a header (AMQP 1.0: application property) whose value is drawn per message (seeded by "
                + "`--seed`) with its shares, e.g. `region=eu:50%,us:50%`; values are typed as in "
                + "`--message-headers`, so they match `--binding-args` of a headers exchange. Repeat for "
                + "several headers, drawn independently (at most 4,096 combinations of priority, TTL and "
                + "header values). Not with `--protocol stream`");
    }
}
