package io.amqpharness.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Connections are shared by name, opened once and outside the pool's lock, closed by their last user. */
class SharedConnectionsTest {

    /** A connection stand-in. */
    static final class Fake {
        final String name;
        volatile boolean open = true;

        Fake(String name) {
            this.name = name;
        }
    }

    private final List<Fake> closed = new CopyOnWriteArrayList<>();
    private final AtomicInteger opens = new AtomicInteger();

    private SharedConnections<Fake> pool() {
        return new SharedConnections<>(n -> {
            opens.incrementAndGet();
            return new Fake(n);
        }, f -> f.open, f -> {
            f.open = false;
            closed.add(f);
        });
    }

    @Test
    void usersOfOneNameShareItAndTheLastOneClosesIt() {
        SharedConnections<Fake> pool = pool();
        Fake a = pool.acquire("c0");
        Fake b = pool.acquire("c0");
        assertThat(b).isSameAs(a);
        assertThat(opens).hasValue(1);
        assertThat(pool.release("c0", a)).as("released by one of two users: still open").isFalse();
        assertThat(closed).isEmpty();
        assertThat(pool.release("c0", b)).as("released by the last user: closed").isTrue();
        assertThat(closed).containsExactly(a);
        assertThat(pool.current("c0")).isEmpty();
    }

    @Test
    void aFailedConnectionIsReplacedAndClosingTheOldOneLeavesTheNewOnesUsersAlone() {
        SharedConnections<Fake> pool = pool();
        Fake old = pool.acquire("c0");
        pool.acquire("c0");
        old.open = false;
        Fake fresh = pool.acquire("c0");
        assertThat(fresh).isNotSameAs(old);
        assertThat(pool.release("c0", old)).as("a replaced connection closes").isTrue();
        assertThat(closed).containsExactly(old);
        assertThat(pool.current("c0")).contains(fresh);
    }

    @Test
    void differentNamesOpenAtTheSameTime() throws Exception {
        CountDownLatch bothOpening = new CountDownLatch(2);
        SharedConnections<Fake> pool = new SharedConnections<>(n -> {
            bothOpening.countDown();
            try {
                // Returns only once the other name is opening too: a pool that opened under its lock would fail here.
                if (!bothOpening.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("opened one after the other");
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return new Fake(n);
        }, f -> f.open, f -> f.open = false);
        Thread t = new Thread(() -> pool.acquire("c1"));
        t.start();
        assertThat(pool.acquire("c0").name).isEqualTo("c0");
        t.join(10_000);
        assertThat(pool.current("c1")).isPresent();
    }

    @Test
    void aFailedOpenIsThrownAndForgotten() {
        AtomicInteger attempts = new AtomicInteger();
        SharedConnections<Fake> pool = new SharedConnections<>(n -> {
            if (attempts.incrementAndGet() == 1) {
                throw new BrokerUnreachableException("Cannot connect.", null);
            }
            return new Fake(n);
        }, f -> f.open, f -> f.open = false);
        assertThatThrownBy(() -> pool.acquire("c0")).isInstanceOf(BrokerUnreachableException.class);
        assertThat(pool.current("c0")).isEmpty();
        assertThat(pool.acquire("c0").name).isEqualTo("c0");
    }
}
