package io.amqpharness.junit;

import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Skips a {@link BrokerIndependent} test in a class marked {@link RunsAgain} that leaves its reason out;
 * registered by {@link BrokerIndependent} itself.
 */
final class RunsAgainCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<BrokerIndependent> test = context.getTestMethod()
                .flatMap(m -> AnnotationSupport.findAnnotation(m, BrokerIndependent.class));
        Optional<Class<?>> testClass = context.getTestClass();
        if (test.isEmpty() || testClass.isEmpty()) {
            return ConditionEvaluationResult.enabled("not a broker-independent test");
        }
        RunsAgain again = testClass.get().getDeclaredAnnotation(RunsAgain.class);
        if (again == null || !Arrays.asList(again.leavesOut()).contains(test.get().value())) {
            return ConditionEvaluationResult.enabled("runs in this class");
        }
        return ConditionEvaluationResult.disabled("broker-independent (" + test.get().value() + "): "
                + testClass.get().getSuperclass().getSimpleName() + "'s run covers it, " + testClass.get().getSimpleName()
                + " runs the broker-dependent tests again");
    }
}
