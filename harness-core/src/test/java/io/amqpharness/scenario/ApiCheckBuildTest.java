package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The build checks the published library modules' API against the last release (japicmp) when
 * a baseline version is given, and says it skipped the check when there is none.
 */
class ApiCheckBuildTest {
    private static final Path ROOT = Path.of("..");

    @Test
    void theLibraryModulesOptInAndTheRootComparesWithTheBaselineOrSaysItSkipped() throws Exception {
        String root = Files.readString(ROOT.resolve("pom.xml"));
        assertThat(root).contains("<artifactId>japicmp-maven-plugin</artifactId>",
                "<version>${api.baseline.version}</version>", "<name>api.baseline.version</name>",
                "<breakBuildOnBinaryIncompatibleModifications>true</breakBuildOnBinaryIncompatibleModifications>",
                "<api.check.skip>true</api.check.skip>", "API check skipped: no released baseline");
        String bom = Files.readString(ROOT.resolve("harness-bom").resolve("pom.xml"));
        for (String module : List.of("harness-core", "harness-report", "harness-junit")) {
            assertThat(bom).as("%s is published", module).contains("<artifactId>" + module + "</artifactId>");
            assertThat(Files.readString(ROOT.resolve(module).resolve("pom.xml"))).as(module)
                    .contains("<api.check.skip>false</api.check.skip>");
        }
        assertThat(Files.readString(ROOT.resolve("CHANGELOG.md"))).contains("-Dapi.baseline.version=");
    }
}
