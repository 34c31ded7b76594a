package io.amqpharness.run;

import io.amqpharness.scenario.ExchangeType;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.scenario.ReplyMode;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.scenario.StepSetting;
import io.amqpharness.scenario.StreamOffset;
import io.amqpharness.scenario.TopologySettings;
import io.amqpharness.spi.TopologyPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Turns a scenario into the topology a run needs: which queues, exchange and bindings to declare,
 * where each publisher sends and where each consumer reads. Publishers and consumers are spread
 * over the queues round-robin.
 */
final class TopologyPlanner {
    private TopologyPlanner() {
    }

    /**
     * The resolved topology of a run.
     *
     * @param plan       what to declare
     * @param queues     the run's queues, in order
     * @param exchange   where publishers send ("" for the default exchange)
     * @param copies     how many consumed queues each message reaches, when the topology tells
     *                   (1 for one queue per message, the queue count for fanout); empty otherwise
     * @param keysDrawn  routing keys are drawn per message ({@code --routing-keys})
     */
    record Resolved(TopologyPlan plan, List<String> queues, String exchange, TopologySettings settings,
                    OptionalInt copies, boolean keysDrawn) {

        /** The routing key publisher {@code index} uses. */
        String routingKey(int index) {
            return settings.routingKey().orElse(queues.get(index % queues.size()));
        }

        /**
         * The run's queues the messages of publisher {@code index} can reach: its routing key's
         * queue on the default exchange, every queue with fanout, the queues bound with its key on
         * a direct exchange, and every queue when the routing is not known (random keys, topic or
         * headers exchanges, predeclared topology).
         */
        List<String> queuesReachedBy(int index) {
            if (queues.isEmpty()) {
                return List.of();
            }
            if (settings.randomRoutingKey() || keysDrawn || settings.predeclared()) {
                return queues;
            }
            String key = routingKey(index);
            if (settings.defaultExchange()) {
                return queues.contains(key) ? List.of(key) : List.of();
            }
            if (settings.exchangeType() == ExchangeType.DIRECT) {
                return queues.stream().filter(q -> bindingKey(settings, q).equals(key)).toList();
            }
            return queues; // fanout reaches every queue; topic and headers routing is not worked out here
        }

        /** The queue consumer {@code index} reads. */
        String queueFor(int index) {
            return queues.get(index % queues.size());
        }

        /** The declaration of the queue consumer {@code index} reads. */
        TopologyPlan.Queue declarationFor(int index) {
            String name = queueFor(index);
            return plan.queues().stream().filter(q -> q.name().equals(name)).findFirst()
                    .orElseGet(() -> TopologyPlan.Queue.simple(name, settings.queueType()));
        }
    }

    static Resolved plan(Scenario scenario, String runId) {
        TopologySettings t = scenario.topology();
        List<String> queues = t.queues().names(runId);
        List<TopologyPlan.Queue> declarations = new ArrayList<>();
        for (String q : queues) {
            declarations.add(new TopologyPlan.Queue(q, t.queueType(), t.durable(), t.autoDelete(), t.exclusive(),
                    t.queueArguments()));
        }
        if (scenario.consuming().requestReply().filter(m -> m == ReplyMode.QUEUE).isPresent()) {
            // Not one of the run's queues: nothing routes requests to it, and its depth is not "left in queue".
            declarations.add(TopologyPlan.Queue.simple(replyQueue(runId), QueueType.CLASSIC));
        }
        OptionalInt copies = copies(scenario, queues);
        boolean keysDrawn = scenario.publishing().shape().routingKeys().isPresent();
        if (t.predeclared()) {
            // Only queues the run reads from (or names) must exist; a publish-only run may target an exchange alone.
            boolean mustExist = scenario.consuming().consumers() > 0 || !t.queues().generated();
            return new Resolved(new TopologyPlan(mustExist ? declarations : List.of(), List.of(), List.of(), true),
                    queues, t.exchange(), t, copies, keysDrawn);
        }
        if (t.defaultExchange()) {
            return new Resolved(new TopologyPlan(declarations, List.of(), List.of(), false), queues, "", t, copies,
                    keysDrawn);
        }
        List<TopologyPlan.Binding> bindings = new ArrayList<>();
        for (String q : queues) {
            bindings.add(new TopologyPlan.Binding(t.exchange(), q, bindingKey(t, q), t.bindingArguments()));
        }
        return new Resolved(new TopologyPlan(declarations,
                List.of(new TopologyPlan.Exchange(t.exchange(), t.exchangeType().brokerName(), true)), bindings, false),
                queues, t.exchange(), t, copies, keysDrawn);
    }

    /** The queue consumers send their replies to in a request/reply run ({@code --request-reply}). */
    static String replyQueue(String runId) {
        return "harness-" + runId + "-replies";
    }

    private static String bindingKey(TopologySettings t, String queue) {
        return t.bindingKey().orElse(t.routingKey().orElse(queue));
    }

    /**
     * True when the broker may drop messages on purpose: a length limit that drops from the head,
     * a message or queue TTL. Such drops show up as lost, and deliveries cannot be expected.
     */
    static boolean brokerMayDrop(Scenario s) {
        Map<String, Object> args = s.topology().queueArguments();
        Object overflow = args.get("x-overflow");
        boolean rejects = overflow != null && String.valueOf(overflow).startsWith("reject-publish");
        boolean limited = (args.containsKey("x-max-length") || args.containsKey("x-max-length-bytes")) && !rejects;
        return limited || args.containsKey("x-message-ttl") || args.containsKey("x-expires")
                || s.publishing().messagesExpire();
    }

    /**
     * How many deliveries of each message consumers should see, when routing is known: the
     * consumed queues it reaches, times the consumers of each for streams (each reads everything,
     * when all read this run's messages from the start, see {@link #streamConsumersReadWholeRun},
     * and no step changes consumers).
     */
    private static OptionalInt copies(Scenario s, List<String> queues) {
        return isStream(s) && !streamConsumersReadWholeRun(s) ? OptionalInt.empty() : accountedCopies(s, queues);
    }

    /**
     * As {@link Resolved#copies()}, but for a stream also when its consumers may start after the
     * publishers' first messages ({@code last}, an offset, a time, {@code --consumer-start-delay}):
     * how many deliveries of each message the run accounts for. What such consumers did not receive
     * is "not received", though the drain cannot wait for it.
     */
    static OptionalInt accountedCopies(Scenario s, List<String> queues) {
        OptionalInt queueCopies = queueCopies(s, queues);
        if (!isStream(s) || queueCopies.isEmpty()) {
            return queueCopies;
        }
        if (!s.stream().consumersSeeEverything()) {
            return OptionalInt.empty();
        }
        if (s.stream().singleActiveConsumer()) {
            return queueCopies;
        }
        int consumers = s.consuming().consumerChannels();
        if (consumerSteps(s) || consumers % queues.size() != 0) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(queueCopies.getAsInt() * (consumers / queues.size()));
    }

    /**
     * How many consumed queues each message reaches, when every queue has a consumer and routing is
     * known. A queue keeps what no consumer took (counted as left in it), so a {@code consumers} step
     * that adds the first consumers later still delivers each message once: the most consumers any
     * step runs is what counts.
     */
    private static OptionalInt queueCopies(Scenario s, List<String> queues) {
        if (mostConsumerChannels(s) < queues.size() || brokerMayDrop(s)) {
            return OptionalInt.empty();
        }
        return routedCopies(s, queues);
    }

    /**
     * How many of the run's queues each published message enters, consumed or not, when routing is
     * known: what the broker's per-queue publish counters should add up to, per message.
     */
    static OptionalInt routedCopies(Scenario s, List<String> queues) {
        TopologySettings t = s.topology();
        int publishers = s.publishing().publishers();
        if (publishers == 0 || t.randomRoutingKey() || s.publishing().shape().routingKeys().isPresent()
                || queues.isEmpty()) {
            return OptionalInt.empty();
        }
        if (t.defaultExchange()) {
            Set<String> names = new HashSet<>(queues);
            for (int i = 0; i < Math.min(publishers, queues.size() + 1); i++) {
                if (!names.contains(t.routingKey().orElse(queues.get(i % queues.size())))) {
                    return OptionalInt.empty();
                }
            }
            return OptionalInt.of(1);
        }
        if (t.predeclared()) {
            return OptionalInt.empty();
        }
        if (t.exchangeType() == ExchangeType.FANOUT) {
            return OptionalInt.of(queues.size());
        }
        if (t.exchangeType() != ExchangeType.DIRECT) {
            return OptionalInt.empty();
        }
        Map<String, Integer> queuesByKey = new HashMap<>();
        for (String q : queues) {
            queuesByKey.merge(bindingKey(t, q), 1, Integer::sum);
        }
        Set<Integer> perPublisher = new HashSet<>();
        for (int i = 0; i < Math.min(publishers, queues.size()); i++) {
            perPublisher.add(queuesByKey.getOrDefault(t.routingKey().orElse(queues.get(i % queues.size())), 0));
        }
        return perPublisher.size() == 1 ? OptionalInt.of(perPublisher.iterator().next()) : OptionalInt.empty();
    }

    /**
     * Whether every stream consumer reads this run's messages from each publisher's first one: it
     * reads from {@code first}, or from {@code next} (also what no {@code --stream-offset} means, as
     * for the broker and the stream client), taken when it attaches, which is before the publishers
     * start; unless {@code --consumer-start-delay} holds the consumers back, or a {@code consumers}
     * step adds some later. Other offsets ({@code last}, a number, a time) start wherever they point.
     */
    static boolean streamConsumersReadWholeRun(Scenario s) {
        StreamOffset offset = s.consuming().streamOffset().orElse(new StreamOffset.Next());
        if (offset instanceof StreamOffset.First) {
            return true;
        }
        return offset instanceof StreamOffset.Next && s.consuming().startDelay().isEmpty() && !consumerSteps(s);
    }

    /** The consumers (channels or links) of the step that runs the most, or of the run without steps. */
    private static int mostConsumerChannels(Scenario s) {
        double most = s.run().steps().flatMap(p -> p.max(StepSetting.CONSUMERS)).orElse(0.0);
        return Math.max(s.consuming().consumerChannels(), (int) most * s.consuming().channelsPerConsumer());
    }

    private static boolean consumerSteps(Scenario s) {
        return s.run().steps().map(p -> p.max(StepSetting.CONSUMERS).isPresent()).orElse(false);
    }

    static boolean isStream(Scenario s) {
        return s.topology().queueType() == QueueType.STREAM;
    }
}
