package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.amqpharness.result.RunResult;
import io.amqpharness.scenario.Problems;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.BrokerControl;
import io.amqpharness.spi.BrokerInfo;
import io.amqpharness.spi.ConsumerLink;
import io.amqpharness.spi.ConsumerSpec;
import io.amqpharness.spi.DriverProvider;
import io.amqpharness.spi.DriverSettings;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublishOutcomeListener;
import io.amqpharness.spi.PublisherLink;
import io.amqpharness.spi.PublisherSpec;
import io.amqpharness.testing.InMemoryDriver;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link LoadRunner#decorateDriver}: a library user wraps the driver a run uses, and sees its calls. */
class DecorateDriverTest {

    @Test
    void decoratorsWrapTheRunsDriverInTheOrderAdded() {
        List<String> order = new CopyOnWriteArrayList<>();
        AtomicLong sends = new AtomicLong();
        List<PublisherSpec> specs = new CopyOnWriteArrayList<>();
        RunResult r = new LoadRunner(InMemoryDriver.scenario().producerMessageCount(200).confirm(20).build())
                .decorateDriver(real -> {
                    order.add("first:" + real.id());
                    return new Counting(real, sends, specs);
                })
                .decorateDriver(p -> {
                    order.add("second:" + (p instanceof Counting));
                    return p;
                })
                .run();
        assertThat(r.failure()).isEmpty();
        assertThat(order).containsExactly("first:in-memory", "second:true");
        assertThat(sends.get()).as("every send went through the decorated driver").isEqualTo(200);
        assertThat(specs).singleElement().satisfies(s -> assertThat(s.maxInFlight()).hasValue(20));
    }

    @Test
    void aDecoratorThatReturnsNothingIsRefused() {
        Scenario s = InMemoryDriver.scenario().producerMessageCount(1).build();
        assertThatThrownBy(() -> new LoadRunner(s).decorateDriver(p -> null).run())
                .isInstanceOf(NullPointerException.class).hasMessageContaining("decorator returned null");
    }

    /** Counts the sends of the driver it wraps. */
    private record Counting(DriverProvider real, AtomicLong sends, List<PublisherSpec> specs) implements DriverProvider {
        @Override
        public String id() {
            return real.id();
        }

        @Override
        public String description() {
            return real.description();
        }

        @Override
        public void validate(Scenario scenario, Problems problems) {
            real.validate(scenario, problems);
        }

        @Override
        public ProtocolDriver create(DriverSettings settings) {
            ProtocolDriver d = real.create(settings);
            return new ProtocolDriver() {
                @Override
                public BrokerInfo connect() {
                    return d.connect();
                }

                @Override
                public BrokerControl control() {
                    return d.control();
                }

                @Override
                public PublisherLink openPublisher(PublisherSpec spec, PublishOutcomeListener outcomes) {
                    specs.add(spec);
                    PublisherLink link = d.openPublisher(spec, outcomes);
                    return new PublisherLink() {
                        @Override
                        public void send(long seq, byte[] body, String routingKey) {
                            sends.incrementAndGet();
                            link.send(seq, body, routingKey);
                        }

                        @Override
                        public void close() {
                            link.close();
                        }
                    };
                }

                @Override
                public ConsumerLink openConsumer(ConsumerSpec spec) {
                    return d.openConsumer(spec);
                }

                @Override
                public void close() {
                    d.close();
                }
            };
        }
    }
}
