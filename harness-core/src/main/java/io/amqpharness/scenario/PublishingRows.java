package io.amqpharness.scenario;

import static io.amqpharness.scenario.Declaration.option;
import static io.amqpharness.scenario.Rows.flat;
import static io.amqpharness.scenario.Rows.nonEmpty;
import static io.amqpharness.scenario.Setting.Group.PUBLISHING;

import java.time.Duration;

/**
 * The declarations of the rows of {@link Setting} in {@link Setting.Group#PUBLISHING}, one method
 * per constant, in the table's order. The order of help and documentation is the order of the
 * constants in {@link Setting}; a method here only states one option's {@link Declaration}.
 */
final class PublishingRows {
    private PublishingRows() {
    }

    static Declaration.Draft<?> producers() {
        return option(PUBLISHING, ValueType.INT, "-x", "--producers").label("N")
            .help("Publisher connections (default {default}), each with -X publishers.")
            .read(s -> s.publishing().producers()).byDefault(1).written().apply(Scenario.Builder::producers)
            .doc(
                "publisher connections");
    }

    static Declaration.Draft<?> producerChannels() {
        return option(PUBLISHING, ValueType.INT, "-X", "--producer-channel-count").label("N")
            .help("Publishers (channels, or AMQP 1.0 links) per publisher connection (default {default}).")
            .read(s -> s.publishing().channelsPerProducer()).byDefault(1).apply(Scenario.Builder::producerChannelCount)
            .doc(
                "publishers (channels, or AMQP 1.0 links) on each publisher connection: the run has `x × X` "
                + "publishers, so `-x 10 -X 50` is 500 publishers over 10 connections");
    }

    static Declaration.Draft<?> size() {
        return option(PUBLISHING, ValueType.SIZE_MIX, "-s", "--size").label("SIZE")
            .help("Body bytes (min 12): 1000, 4kb or a mix 100:50%,1kb:50% (default {default}).")
            .read(s -> s.publishing().variableSize().isEmpty() ? s.publishing().sizeMix() : null)
            .byDefault(SizeMix.fixed(12)).apply(Scenario.Builder::size)
            .doc("12",
                "body size, at least 12 bytes (the header, see [output.md](output.md)); or a mix of sizes "
                + "with their shares of the messages, drawn per message from `--seed`, e.g. "
                + "`100:50%,1kb:40%,64kb:10%` (the shares add up to 100 %). A mix reports end-to-end latency "
                + "per size, see [recipes.md](recipes.md#a-mix-of-message-sizes)");
    }

    static Declaration.Draft<?> variableSize() {
        return option(PUBLISHING, ValueType.SIZE_STEPS, "--variable-size").label("SIZE:DURATION[,...]")
            .help("Body sizes that follow each other and repeat, e.g. 1000:30s,10kb:30s.")
            .repeatable().read(s -> nonEmpty(s.publishing().variableSize()))
            .applyAll((b, lists) -> b.variableSize(flat(lists)))
            .doc("",
                "body sizes that follow each other and repeat from the start of the run, e.g. "
                + "`1000:30s,10kb:30s`");
    }

    static Declaration.Draft<?> rate() {
        return option(PUBLISHING, ValueType.RATE, "-r", "--rate").label("MSG/S")
            .help("Intended rate per publisher; latency is measured from the intended send time. "
                    + "Fractions allowed, 0 = idle publisher (default unpaced: as fast as possible).")
            .read(s -> s.publishing().ratePerProducer()).apply(Scenario.Builder::rate)
            .check(r -> r >= 0 && !r.isInfinite(),
                    "%s must be 0 or more messages per second, got %2$s; for example %1$s 1000")
            .doc("unpaced",
                "intended rate **per publisher**. Each publisher follows a schedule (`start + n / rate`); "
                + "latency is measured from the scheduled time, and a publisher that falls behind sends back to "
                + "back until it is on schedule. Fractions allowed (`0.5`); `0` keeps the publisher connected and "
                + "idle. Without a rate, publishers send as fast as flow control lets them (a closed loop)");
    }

    static Declaration.Draft<?> totalRate() {
        return option(PUBLISHING, ValueType.RATE, "--total-rate").label("MSG/S")
            .help("Intended rate over all publishers, split evenly between them.")
            .read(s -> s.publishing().totalRate()).apply(Scenario.Builder::totalRate)
            .check(r -> r >= 0 && !r.isInfinite(),
                    "%s must be 0 or more messages per second, got %2$s; for example %1$s 50000")
            .doc("",
                "intended rate over all publishers, split evenly (with a `producers` step, over the publishers "
                + "each step runs). Publishers are spread over their first message interval (publisher i of n "
                + "starts i/n of an interval in), so 10 publishers at 100/s each send one message a millisecond "
                + "in all, not bursts of 10 every 10 ms");
    }

    static Declaration.Draft<?> variableRate() {
        return option(PUBLISHING, ValueType.RATE_STEPS, "--variable-rate").label("RATE:DURATION[,...]")
            .help("Per-publisher rates that follow each other and repeat, e.g. 100:60s,1000:10s "
                    + "(a bare number of seconds works too); 0 pauses.")
            .repeatable().read(s -> nonEmpty(s.publishing().variableRate()))
            .applyAll((b, lists) -> b.variableRate(flat(lists)))
            .doc("",
                "per-publisher rates that follow each other and repeat, e.g. `100:60s,1000:10s` (a bare number "
                + "of seconds works too, as in PerfTest); `0` pauses. The option can be repeated");
    }

    static Declaration.Draft<?> producerMessages() {
        return option(PUBLISHING, ValueType.LONG, "-C", "--pmessages").label("N")
            .help("Messages per publisher, then stop.")
            .read(s -> s.publishing().messagesPerProducer()).apply(Scenario.Builder::producerMessageCount)
            .check(n -> n >= 1, "%s must be at least 1, got %2$s; for example %1$s 100000")
            .doc("no limit",
                "messages per publisher; the run then drains and ends");
    }

    static Declaration.Draft<?> confirm() {
        return option(PUBLISHING, ValueType.INT, "-c", "--confirm").label("N")
            .help("Publisher confirms with at most N unconfirmed messages per publisher (default off).")
            .read(s -> s.publishing().confirmWindow()).apply(Scenario.Builder::confirm)
            .check(n -> n >= 1 && n <= Scenario.MAX_CONFIRM_WINDOW, "%s must be between 1 and "
                    + Scenario.MAX_CONFIRM_WINDOW + " unconfirmed messages, got %2$s; for example %1$s 200")
            .doc("off",
                "publisher confirms, at most N unconfirmed messages per publisher");
    }

    static Declaration.Draft<?> confirmTimeout() {
        return option(PUBLISHING, ValueType.DURATION, "--confirm-timeout").label("DURATION")
            .help("Count a message as timed out when unconfirmed this long (default {default}).")
            .read(s -> s.publishing().confirmTimeout()).byDefault(Scenario.DEFAULT_CONFIRM_TIMEOUT)
            .apply(Scenario.Builder::confirmTimeout)
            .doc("30s",
                "a message unconfirmed for this long counts as timed out (its window slot is freed)");
    }

    static Declaration.Draft<?> txSize() {
        return option(PUBLISHING, ValueType.INT, "--tx-size").label("N")
            .help("AMQP 0.9.1 transactions: commit every N messages (the commit counts as the confirm).")
            .read(s -> s.publishing().txSize()).apply(Scenario.Builder::txSize)
            .check(n -> n >= 1 && n <= Scenario.MAX_CONFIRM_WINDOW, "%s must be between 1 and "
                    + Scenario.MAX_CONFIRM_WINDOW + " messages per transaction, got %2$s; for example %1$s 100")
            .doc("off",
                "AMQP 0.9.1 transactions: commit every N messages (and the rest at the end). The commit is the "
                + "confirm: each message's confirm latency is its wait for the commit, and messages whose commit "
                + "takes longer than `--confirm-timeout` count as timed out");
    }

    static Declaration.Draft<?> flag() {
        return option(PUBLISHING, ValueType.FLAG, "-f", "--flag").label("FLAG")
            .help("persistent and/or mandatory; repeat the option for both.")
            .repeatable().read(s -> s.publishing().flags().stream().sorted().toList())
            .apply(Scenario.Builder::flag)
            .doc("none",
                "`persistent` (delivery mode 2) and/or `mandatory` (unroutable messages come back and are "
                + "counted as returned); repeat the option for both");
    }

    static Declaration.Draft<?> messageProperties() {
        return option(PUBLISHING, ValueType.KEY_VALUES, "--message-properties").label("K=V[,K=V...]")
            .help("Message properties: contentType, contentEncoding, priority, expiration (a duration), type.")
            .read(s -> nonEmpty(MessagePropertyValues.of(s.publishing().properties())))
            .apply(MessagePropertyValues::apply)
            .doc("none",
                "`contentType`, `contentEncoding`, `priority` (0–255), `expiration` (a duration, or "
                + "milliseconds), `type`. `appId` carries the publisher identity and cannot be set");
    }

    static Declaration.Draft<?> messageHeaders() {
        return option(PUBLISHING, ValueType.KEY_VALUES, "--message-headers").label("K=V[,K=V...]")
            .help("Message headers (AMQP 1.0: application properties); numbers and true/false are typed.")
            .read(s -> nonEmpty(s.publishing().properties().headers()))
            .apply((b, headers) -> headers.forEach(b::messageHeader))
            .doc("none",
                "custom headers (AMQP 1.0: application properties)");
    }

    static Declaration.Draft<?> producerRandomStartDelay() {
        return option(PUBLISHING, ValueType.DURATION, "--producer-random-start-delay")
            .label("DURATION")
            .help("Each publisher starts after a random delay up to this long (default: publishers spread evenly over their first message interval).")
            .read(s -> s.publishing().randomStartDelay()).apply(Scenario.Builder::producerRandomStartDelay)
            .check(ScenarioValidator::positive, "%s must be a positive duration; for example %1$s 5s")
            .doc("spread over one message interval",
                "each publisher waits a random time up to this long before its first message, instead of the "
                + "even spread");
    }

    static Declaration.Draft<?> pacingSpin() {
        return option(PUBLISHING, ValueType.DURATION, "--pacing-spin").label("DURATION")
            .help("Paced publishers park until this long before a wake-up and spin the rest (default 0; with "
                    + "--pacing-granularity 0: 100us, at most a tenth of the gap between messages; 0 parks only).")
            .read(s -> s.publishing().pacingSpin().orElse(null))
            .apply(Scenario.Builder::pacingSpin)
            .check(d -> !d.isNegative() && d.compareTo(Duration.ofMillis(10)) <= 0,
                    "%s must be between 0 and 10ms; for example %1$s 100us")
            .doc("0; with `--pacing-granularity 0`, 100us, at most a tenth of the gap between messages, on a "
                + "publisher's own thread",
                "a paced publisher parks until this long before each wake-up, then spins: a park "
                + "on Linux wakes 60-100 µs late, which would be publish delay. Spinning costs CPU only in this "
                + "window (about 3 % of a core per publisher at 1,000 msg/s); `0` parks all the way. In the precise "
                + "mode (`--pacing-granularity 0`), a publisher with a thread of its own spins by default before "
                + "every message, at most a tenth of the gap between its messages (10 µs at 10,000 msg/s), "
                + "so spinning never takes more than about a tenth of its thread: a 100 µs window at 10,000 msg/s "
                + "would be the whole gap, a core taken from the broker and the consumers. A window given here is "
                + "kept whatever the rate (at 10,000 msg/s or more, `--pacing-spin 100us` spins a whole core). "
                + "Publishers that wake in bursts (the default `--pacing-granularity`) and publishers on shared "
                + "pacing threads (`--pacing-threads`) do not spin unless this is given");
    }

    static Declaration.Draft<?> pacingGranularity() {
        return option(PUBLISHING, ValueType.DURATION, "--pacing-granularity").label("DURATION")
            .help("A paced publisher wakes at most this often and sends every message due since in one burst, "
                    + "each stamped with its own intended time (default {default}; 0 wakes for every message).")
            .read(s -> s.publishing().pacingGranularity()).byDefault(PublishSettings.DEFAULT_PACING_GRANULARITY)
            .apply(Scenario.Builder::pacingGranularity)
            .check(d -> !d.isNegative() && d.compareTo(Duration.ofMillis(100)) <= 0,
                    "%s must be between 0 and 100ms; for example %1$s 1ms")
            .doc("1ms",
                "a paced publisher (on its own thread or a shared pacing thread) wakes at most this often: it sleeps "
                + "until its next message is due, but no sooner than this after its last wake-up, then sends "
                + "every message that fell due meanwhile in one burst, in one socket write. Each message still "
                + "carries its own intended time (from the schedule, not the clock at the send), so latency counts "
                + "from it and the publish delay of every message is recorded: at 10,000 msg/s messages leave in "
                + "bursts of about 10, up to this long after their intended times (publish delay p50 about half of "
                + "it). Below 1 message per this duration each message gets its own wake-up, as in `0`. `0` is the "
                + "precise mode: one wake-up (with `--pacing-spin`'s spin) and one write per message, about "
                + "1.5x the client CPU at 10,000 msg/s for a publish delay of tens of microseconds. Without "
                + "`--pacing-spin`, a publisher waking in bursts does not spin: a park wakes 50-100 µs late "
                + "on Linux, which shows as publish delay");
    }

    static Declaration.Draft<?> pacingThreads() {
        return option(PUBLISHING, ValueType.INT, "--pacing-threads").label("N")
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
                + "there are cores; fewer have a thread each");
    }

    static Declaration.Draft<?> batchSize() {
        return option(PUBLISHING, ValueType.INT, "--batch-size").label("N")
            .help("--protocol stream: most messages the client sends in one publish frame (default {default}).")
            .read(s -> s.stream().batchSize()).byDefault(StreamSettings.DEFAULT_BATCH_SIZE)
            .apply(Scenario.Builder::batchSize)
            .check(n -> n >= 1 && n <= 65_535, "%s must be between 1 and 65535; for example %1$s 100")
            .doc(
                "`--protocol stream` only: the stream client accumulates up to this many messages (or "
                + "sub-entries) and writes them in one publish frame; it sends a smaller batch as soon as the "
                + "publisher pauses (stream-perf-test's `--batch-size`). The harness uses the client's dynamic "
                + "batching: its batching thread writes whatever has arrived when it wakes, so a paced "
                + "publisher's message waits for no timer (the client's `batchPublishingDelay`, 100 ms, applies "
                + "only without dynamic batching, and stream-perf-test's `--batch-publishing-delay` has no "
                + "counterpart here); a larger batch size only raises how many can go out together under load");
    }

    static Declaration.Draft<?> subEntrySize() {
        return option(PUBLISHING, ValueType.INT, "--sub-entry-size").label("N")
            .help("--protocol stream: messages per sub-entry, stored and compressed together "
                    + "(default {default}: none).")
            .read(s -> s.stream().subEntrySize()).byDefault(1)
            .apply(Scenario.Builder::subEntrySize)
            .check(n -> n >= 1 && n <= 65_535, "%s must be between 1 and 65535; for example %1$s 10")
            .doc(
                "`--protocol stream` only: this many messages go into one stream entry (a sub-entry batch), "
                + "compressed together with `--compression`; `1` sends every message as its own entry. The "
                + "broker confirms the whole sub-entry at once");
    }

    static Declaration.Draft<?> compression() {
        return option(PUBLISHING, ValueType.COMPRESSION, "--compression").label("CODEC")
            .help("--protocol stream, with --sub-entry-size above 1: none (default), gzip, snappy, lz4 or "
                    + "zstd.")
            .read(s -> s.stream().compression()).byDefault(StreamSettings.Compression.NONE)
            .apply(Scenario.Builder::compression)
            .doc("`--protocol stream` only, with `--sub-entry-size` above 1: how each sub-entry is compressed, "
                + "`none`, `gzip` (the JDK's zlib), `snappy`, `lz4` (the framed formats, through snappy-java's and "
                + "lz4-java's native codecs, in pure Java through commons-compress where those do not load) or "
                + "`zstd` (through zstd-jni; where its native library does not load, the run stops before "
                + "publishing with one sentence, exit 1). harness.jar bundles the native libraries for Linux, "
                + "macOS and Windows on the common processors. Producers and consumers use the same codecs, which "
                + "compress and read each sub-entry whole in buffers each thread reuses: see "
                + "[performance.md](performance.md#stream-sub-entry-compression) for what each costs");
    }

    static Declaration.Draft<?> filterValue() {
        return option(PUBLISHING, ValueType.NAMES, "--filter-value").label("VALUE[,VALUE...]")
            .help("--protocol stream: publishers tag their messages with this filter value, publisher i "
                    + "with the i-th of several, in turn (RabbitMQ 3.13+).")
            .read(s -> nonEmpty(s.stream().publisherFilterValues())).apply(Scenario.Builder::filterValue)
            .doc("none",
                "`--protocol stream` only (RabbitMQ 3.13 or later): every message of publisher `i` carries "
                + "the `i`-th value (modulo their number) as its stream filter value, which the broker "
                + "keeps in each chunk's Bloom filter");
    }

    static Declaration.Draft<?> producerNames() {
        return option(PUBLISHING, ValueType.TEXT, "--producer-names").label("TEMPLATE")
            .help("--protocol stream: names each producer (%s the stream, %i the instance, %d the publisher's "
                    + "number), so that the broker drops a message whose publishing id it already stored "
                    + "(deduplication).")
            .read(s -> s.stream().producerNames().orElse(null)).apply(Scenario.Builder::producerNames)
            .check(t -> t.contains("%d"), "%s must contain %%d (the publisher's number), so that every "
                    + "publisher has a name of its own; for example %1$s %%s-%%d")
            .doc("unnamed",
                "`--protocol stream` only: publisher `i`'s producer is named after this template, `%s` "
                + "replaced by its stream, `%i` by the instance (`--instance`, else host name and process id) "
                + "and `%d` by `i` (stream-perf-test's `--producer-names`). The broker "
                + "keeps the last publishing id (the harness's sequence number) of each name and drops a "
                + "message whose id is not above it, confirming it all the same: the message the publisher "
                + "was sending when its connection dropped, which it sends again on its new connection, is "
                + "then stored once. A name that already published on the stream (an earlier run's) is "
                + "refused, as its ids would drop this run's messages. With `--instance`, `--start-at`, "
                + "`--barrier` or `--instances` the template must contain `%i` (exit code 2 otherwise): "
                + "instances that start together would each pass that check and then publish under one name, "
                + "the broker dropping one's confirmed messages as the other's duplicates");
    }
}
