package io.amqpharness.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * What varies from one message to the next besides its size: its routing key ({@code --routing-keys}),
 * priority ({@code --priority}), TTL ({@code --message-ttl}) and headers ({@code --header}), each drawn
 * per message from its shares, by each publisher from its own seed ({@code --seed}). Immutable.
 *
 * <p>The properties form a fixed set of <em>variants</em>, one per combination of a priority, a TTL
 * and a value of each header ({@link #variants}); drivers encode each variant once, and a message
 * names its variant by number, so that drawing costs no allocation.
 *
 * @param routingKeys routing keys and their shares; empty for the run's one key
 * @param priorities  priorities (0 to 255) and their shares; empty for none drawn
 * @param ttls        per-message TTLs and their shares; empty for none drawn
 * @param headers     headers each with its values and their shares, in the order given; names distinct
 */
public record MessageShape(Optional<Shares<String>> routingKeys, Optional<Shares<Integer>> priorities,
                           Optional<Shares<Duration>> ttls, List<HeaderShares> headers) {

    /** Nothing drawn: every message has the run's routing key and properties. */
    public static final MessageShape NONE = new MessageShape(Optional.empty(), Optional.empty(), Optional.empty(),
            List.of());

    /** The most variants (combinations of priority, TTL and header values) a run may draw from. */
    public static final int MAX_VARIANTS = 4096;

    public MessageShape {
        headers = List.copyOf(headers);
    }

    /** True if nothing is drawn. */
    public boolean isEmpty() {
        return equals(NONE);
    }

    /** True if some message properties are drawn (a priority, a TTL or a header), so drivers get variants. */
    public boolean variesProperties() {
        return priorities.isPresent() || ttls.isPresent() || !headers.isEmpty();
    }

    /**
     * The dimensions the properties are drawn along, in the order of {@link #variants}'s numbering:
     * priorities, TTLs, then each header; each as its shares' percentages.
     */
    public List<double[]> dimensions() {
        List<double[]> d = new ArrayList<>();
        priorities.ifPresent(s -> d.add(percents(s)));
        ttls.ifPresent(s -> d.add(percents(s)));
        headers.forEach(h -> d.add(percents(h.values())));
        return d;
    }

    private static double[] percents(Shares<?> s) {
        return s.shares().stream().mapToDouble(Shares.Share::percent).toArray();
    }

    /** How many variants {@link #variants} makes: the product of the dimensions' sizes (1 with none). */
    public long variantCount() {
        long n = 1;
        for (double[] d : dimensions()) {
            n *= d.length;
        }
        return n;
    }

    /**
     * The properties of each variant: {@code base} with the drawn priority, TTL and header values
     * put in. Variant {@code v} takes value {@code i0} of the first dimension, {@code i1} of the
     * second and so on, where {@code v = i0 + n0 * (i1 + n1 * (i2 + ...))} ({@code nk} the size
     * of dimension {@code k}, see {@link #dimensions}). Without drawn properties: {@code [base]}.
     */
    public List<MessageProperties> variants(MessageProperties base) {
        List<MessageProperties> out = new ArrayList<>();
        long count = variantCount();
        for (long v = 0; v < count; v++) {
            long rest = v;
            OptionalInt priority = base.priority();
            Optional<Duration> ttl = base.expiration();
            Map<String, Object> h = new LinkedHashMap<>(base.headers());
            if (priorities.isPresent()) {
                int n = priorities.get().size();
                priority = OptionalInt.of(priorities.get().shares().get((int) (rest % n)).value());
                rest /= n;
            }
            if (ttls.isPresent()) {
                int n = ttls.get().size();
                ttl = Optional.of(ttls.get().shares().get((int) (rest % n)).value());
                rest /= n;
            }
            for (HeaderShares hs : headers) {
                int n = hs.values().size();
                h.put(hs.name(), hs.values().shares().get((int) (rest % n)).value());
                rest /= n;
            }
            out.add(new MessageProperties(base.contentType(), base.contentEncoding(), priority, ttl, base.type(), h));
        }
        return out;
    }

    /** True if some message carries a TTL drawn here: the broker may drop it, by design. */
    public boolean expires() {
        return ttls.isPresent();
    }

    private static final Pattern RANGE = Pattern.compile("(.*)\\{(\\d{1,6})\\.\\.(\\d{1,6})\\}(.*)");

    /** The most keys one {@code {FROM..TO}} range makes. */
    public static final int MAX_RANGE = 10_000;

    /**
     * The routing keys one item of {@code --routing-keys} stands for: the key itself, or for a key
     * with one range {@code {FROM..TO}} (such as {@code orders.{1..10}}) one key per number, the
     * item's share split evenly among them; empty for an empty key, a range going down or one of
     * more than {@link #MAX_RANGE} keys.
     */
    public static Optional<List<String>> expandKey(String item) {
        Matcher m = RANGE.matcher(item);
        if (!m.matches()) {
            return Optional.of(List.of(item));
        }
        int from = Integer.parseInt(m.group(2));
        int to = Integer.parseInt(m.group(3));
        if (to < from || to - from >= MAX_RANGE) {
            return Optional.empty();
        }
        return Optional.of(IntStream.rangeClosed(from, to)
                .mapToObj(i -> m.group(1) + i + m.group(4)).toList());
    }
}
