package io.amqpharness.containers;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;

/** What the container tests share: the image they start, and a skip that says why when they cannot. */
final class DockerTests {
    private DockerTests() {
    }

    /** {@link Brokers#defaultImage()}: the local image in CI ({@code HARNESS_RABBITMQ_IMAGE}). */
    static String image() {
        return Brokers.defaultImage();
    }

    /** Skips the test, with one sentence, unless Docker answers and the image is here or can be pulled. */
    static void assumeDockerAndImage() {
        Brokers.dockerProblem().ifPresent(p -> Assumptions.abort("Docker is needed: " + p + "."));
        try {
            Containers.ensureImage(image());
        } catch (IllegalStateException e) {
            Assumptions.abort(e.getMessage() + "; or set " + Brokers.IMAGE_SETTING + ".");
        }
    }

    /** The ids of the containers, running or not, that carry the harness's label with this value. */
    static List<String> labelled(String value) {
        return DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
                .withLabelFilter(java.util.Map.of(Containers.LABEL, value)).exec().stream()
                .map(c -> c.getId()).toList();
    }
}
