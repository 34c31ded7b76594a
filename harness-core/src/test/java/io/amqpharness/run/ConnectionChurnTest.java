package io.amqpharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.measure.LatencyRecorder;
import io.amqpharness.scenario.Scenario;
import io.amqpharness.spi.ProtocolDriver;
import io.amqpharness.spi.PublisherLink;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ConnectionChurnTest {

    @Test
    void anOpenThatWaitedBehindSlowOpensCountsItsWaitFromWhenItWasDue() throws Exception {
        // 100 opens/s on one thread, each open taking at least 50 ms: open k starts at least k x 50 ms
        // in, though due at k x 10 ms, so from when it was due it took at least k x 40 + 50 ms.
        AtomicInteger opens = new AtomicInteger();
        PublisherLink link = new PublisherLink() {
            @Override
            public void send(long seq, byte[] body, String routingKey) {
            }

            @Override
            public void close() {
            }
        };
        ProtocolDriver driver = (ProtocolDriver) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ProtocolDriver.class}, (proxy, method, args) -> {
                    if (method.getName().equals("openPublisher")) {
                        Thread.sleep(50);
                        opens.incrementAndGet();
                        return link;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        LatencyRecorder latency = new LatencyRecorder("churn open");
        ConnectionChurn churn = new ConnectionChurn(driver, n -> null,
                Scenario.builder().protocol("in-memory").churnRate(100).build().connections(), latency);
        churn.start();
        while (opens.get() < 8) {
            LockSupport.parkNanos(10_000_000L);
        }
        churn.stop();
        Histogram h = latency.sampleInterval();
        assertThat(h.getTotalCount()).isGreaterThanOrEqualTo(8);
        assertThat(h.getMaxValue()).as("open 7: due at 70 ms, started at 350 ms or later")
                .isGreaterThanOrEqualTo(7 * 40_000_000L + 50_000_000L);
    }
}
