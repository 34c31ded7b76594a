package io.amqpharness.report.files;

import io.amqpharness.report.document.ResultDocument;
import java.nio.file.Path;
import java.util.List;

/**
 * Merges the results of several instances: the former home of
 * {@link io.amqpharness.report.merge.ResultMerge}, which merges now that this package only writes
 * a run's files.
 *
 * @deprecated use {@link io.amqpharness.report.merge.ResultMerge}; this class delegates to it and
 *             goes in a later release
 */
@Deprecated
public final class ResultMerge {
    private ResultMerge() {
    }

    /**
     * Reads each directory and merges them.
     *
     * @deprecated use {@link io.amqpharness.report.merge.ResultMerge#merge(List)}
     */
    @Deprecated
    public static ResultDocument merge(List<Path> directories) {
        return io.amqpharness.report.merge.ResultMerge.merge(directories);
    }

    /**
     * Merges, and writes the merged {@code result.json} and one {@code .hlog} per metric into
     * {@code output}.
     *
     * @deprecated use {@link io.amqpharness.report.merge.ResultMerge#write(List, Path)}
     */
    @Deprecated
    public static ResultDocument write(List<Path> directories, Path output) {
        return io.amqpharness.report.merge.ResultMerge.write(directories, output);
    }
}
