package io.amqpharness.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test whose outcome does not depend on the broker's generation, so that it runs once: a class
 * that runs its superclass's tests again against another broker ({@link RunsAgain}) leaves it out,
 * reported as skipped with the reason, when its {@link RunsAgain#leavesOut()} names the test's
 * {@link #value() reason}. Leaving a test out is so declared where the test is, not by overriding it.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RunsAgainCondition.class)
public @interface BrokerIndependent {
    /** Why the broker's generation does not change the outcome. */
    Why value();

    /** Why a test runs once. */
    enum Why {
        /** No broker answers: a port where nothing listens, options refused before connecting. */
        NO_BROKER,
        /**
         * The harness's own side (pacing, windows, goals, its arithmetic and notes, its error sentences) over a
         * protocol, or an API, that the broker generations implement alike.
         */
        HARNESS_SIDE
    }
}
