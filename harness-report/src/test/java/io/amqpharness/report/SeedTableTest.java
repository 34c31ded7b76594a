package io.amqpharness.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.report.build.RunDocument;
import io.amqpharness.run.SyntheticRun;
import org.junit.jupiter.api.Test;

/** The steps and sweep tables print milliseconds as every other table does. */
class SeedTableTest {
    @Test
    void latenciesAreGroupedWithAboutFourDigits() {
        String table = SeedTable.markdown("confirm",
                SeedTable.steps(RunDocument.of(SyntheticRun.create(10, 1000, 1000).result)));
        assertThat(table).as("no 1482.69 ms").doesNotContainPattern("[0-9]{4}\\.[0-9]{2} ms")
                .contains("1,983 ms", "5.157 ms");
    }
}
