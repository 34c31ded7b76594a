package io.amqpharness.report.files;

import io.amqpharness.report.document.ResultDocument;
import io.amqpharness.result.RunResult;

/**
 * Builds a run's {@link ResultDocument}: the former home of
 * {@link io.amqpharness.report.build.RunDocument}, which builds documents now that this package
 * only writes files.
 *
 * @deprecated use {@link io.amqpharness.report.build.RunDocument}; this class delegates to it and
 *             goes in a later release
 */
@Deprecated
public final class RunDocument {
    private RunDocument() {
    }

    /**
     * The document of a run.
     *
     * @deprecated use {@link io.amqpharness.report.build.RunDocument#of(RunResult)}
     */
    @Deprecated
    public static ResultDocument of(RunResult r) {
        return io.amqpharness.report.build.RunDocument.of(r);
    }
}
