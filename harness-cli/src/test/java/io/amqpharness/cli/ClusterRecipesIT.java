package io.amqpharness.cli;

import io.amqpharness.junit.RabbitMQBroker;
import io.amqpharness.junit.WithRabbitMQ;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The recipes of {@code docs/recipes.md} that run on the 3-node cluster, apart from {@link RecipesIT}
 * so that only they wait while {@link ClusterIT} stops the cluster's nodes.
 */
@ResourceLock(value = SharedBrokers.CLUSTER, mode = ResourceAccessMode.READ)
@WithRabbitMQ
@Tag("faults")
@Tag("cluster") // on the 3-node cluster: run-tests runs these classes in a command of their own
class ClusterRecipesIT {
    @TestFactory
    Stream<DynamicTest> theRecipesOnTheClusterRun(RabbitMQBroker broker) throws Exception {
        return RecipesIT.recipeTests(broker, true);
    }
}
