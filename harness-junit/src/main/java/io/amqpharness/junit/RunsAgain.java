package io.amqpharness.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a test class that runs its superclass's tests again against another broker (a RabbitMQ 4.x
 * subclass of a class tested on 3.x, say): the inherited tests marked {@link BrokerIndependent} for one
 * of {@link #leavesOut()}'s reasons are skipped here, saying so, since the superclass's run covers them.
 * Only the class it is on, not its subclasses.
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface RunsAgain {
    /**
     * The reasons whose tests this class leaves out; by default both. A protocol the new broker
     * implements anew (AMQP 1.0, native in RabbitMQ 4.x) leaves out only {@link BrokerIndependent.Why#NO_BROKER}.
     */
    BrokerIndependent.Why[] leavesOut() default {BrokerIndependent.Why.NO_BROKER, BrokerIndependent.Why.HARNESS_SIDE};
}
