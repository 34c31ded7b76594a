package io.amqpharness.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MetricTagsTest {
    @Test
    void parsesPairsInOrder() {
        assertThat(MetricTags.parse("env=test, host=node-1,type=publisher"))
                .containsExactly(java.util.Map.entry("env", "test"), java.util.Map.entry("host", "node-1"),
                        java.util.Map.entry("type", "publisher"));
    }

    @Test
    void badSyntaxSaysWhatIsWrongAndShowsAnExample() {
        assertThatThrownBy(() -> MetricTags.parse("env")).hasMessage(
                "'env' is not key=value; use key=value pairs separated by commas, for example env=test,host=node-1");
        assertThatThrownBy(() -> MetricTags.parse("env=a,env=b")).hasMessageStartingWith("'env=b' repeats the key env;");
        assertThatThrownBy(() -> MetricTags.parse("my-tag=a")).hasMessageContaining("not a Prometheus label name");
        assertThatThrownBy(() -> MetricTags.parse("env=")).hasMessageStartingWith("'env=' has an empty value;");
        assertThatThrownBy(() -> MetricTags.parse("le=1")).hasMessageContaining("which the harness sets itself");
        assertThatThrownBy(() -> MetricTags.parse("a=1,")).hasMessageStartingWith("'' is not key=value;");
        assertThatThrownBy(() -> MetricTags.parse(" ")).hasMessageStartingWith("no tags given;");
    }
}
