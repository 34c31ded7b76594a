package io.amqpharness.report.document;

import com.fasterxml.jackson.databind.JsonNode;

/** For tests that shape a result as a JSON tree (a merged tree, a sparse one) before rendering it. */
public final class TestDocuments {
    private TestDocuments() {
    }

    /** The document of a tree with the layout of {@code result.json}, as the reader would make it. */
    public static ResultDocument of(JsonNode tree) {
        return ResultDocuments.fromTree(tree);
    }
}
