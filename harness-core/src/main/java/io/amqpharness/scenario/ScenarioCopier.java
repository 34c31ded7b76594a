package io.amqpharness.scenario;

/** Fills a builder from a scenario, so that {@code s.toBuilder().build()} equals {@code s}. */
final class ScenarioCopier {
    private ScenarioCopier() {
    }

    static Scenario.Builder toBuilder(Scenario s) {
        Scenario.Builder b = Scenario.builder()
                .uri(s.uri().uri().toString())
                .protocol(s.protocol());
        PublishSettings p = s.publishing();
        b.producers(p.producers()).producerChannelCount(p.channelsPerProducer())
                .variableSize(p.variableSize()).variableRate(p.variableRate()).confirmTimeout(p.confirmTimeout());
        if (p.variableSize().isEmpty()) {
            b.size(p.messageSizeBytes());
        }
        p.ratePerProducer().ifPresent(b::rate);
        p.totalRate().ifPresent(b::totalRate);
        p.messagesPerProducer().ifPresent(b::producerMessageCount);
        p.confirmWindow().ifPresent(b::confirm);
        p.txSize().ifPresent(b::txSize);
        p.flags().forEach(b::flag);
        MessageProperties m = p.properties();
        m.contentType().ifPresent(b::contentType);
        m.contentEncoding().ifPresent(b::contentEncoding);
        m.priority().ifPresent(b::priority);
        m.expiration().ifPresent(b::expiration);
        m.type().ifPresent(b::messageType);
        m.headers().forEach(b::messageHeader);
        p.randomStartDelay().ifPresent(b::producerRandomStartDelay);

        ConsumeSettings c = s.consuming();
        b.consumers(c.consumers()).consumerChannelCount(c.channelsPerConsumer()).autoAck(c.autoAck())
                .multiAckEvery(c.ackEvery()).nackRate(c.nackPercent()).rejectRate(c.rejectPercent())
                .requeueRate(c.requeuePercent()).polling(c.polling());
        if (c.polling()) {
            b.pollingInterval(c.pollingInterval());
        }
        boolean defaultStreamPrefetch = s.topology().queueType() == QueueType.STREAM
                && c.prefetch().orElse(-1) == Scenario.DEFAULT_STREAM_PREFETCH;
        if (!defaultStreamPrefetch) {
            c.prefetch().ifPresent(b::qos);
        }
        c.ackTimeout().ifPresent(b::ackTimeout);
        c.messagesPerConsumer().ifPresent(b::consumerMessageCount);
        c.streamOffset().ifPresent(b::streamOffset);
        c.consumerLatency().ifPresent(b::consumerLatency);
        c.consumerRate().ifPresent(b::consumerRate);
        c.consumerArguments().forEach(b::consumerArgument);
        c.startDelay().ifPresent(b::consumerStartDelay);
        c.exitWhen().ifPresent(b::exitWhen);

        TopologySettings t = s.topology();
        b.queueType(t.queueType()).transientQueue(!t.durable()).autoDelete(t.autoDelete()).exclusive(t.exclusive())
                .exchange(t.exchange()).randomRoutingKey(t.randomRoutingKey()).predeclared(t.predeclared())
                .keepTopology(t.keep()).addressFormat(t.addressFormat());
        if (!t.defaultExchange()) {
            b.exchangeType(t.exchangeType());
        }
        if (t.queues() instanceof QueueSelection.Named n) {
            b.queues(n.queues());
        } else if (t.queues() instanceof QueueSelection.Pattern pt) {
            b.queuePattern(pt.pattern(), pt.from(), pt.to());
        }
        t.queueArguments().forEach(b::queueArgument);
        t.routingKey().ifPresent(b::routingKey);
        t.bindingKey().ifPresent(b::bindingKey);
        t.bindingArguments().forEach(b::bindingArgument);

        RunSettings r = s.run();
        b.interval(r.interval()).drainTimeout(r.drainTimeout()).clock(r.clock());
        r.steps().ifPresent(plan -> {
            plan.steps().forEach(b::step);
            b.stepDuration(plan.stepDuration());
            StepCopier.clearStepped(b, plan);
        });
        r.time().ifPresent(b::time);
        r.warmup().ifPresent(b::warmup);
        return b;
    }
}
