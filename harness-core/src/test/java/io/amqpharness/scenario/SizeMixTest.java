package io.amqpharness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;

class SizeMixTest {

    private static Scenario.Builder valid() {
        return Scenario.builder().protocol("in-memory");
    }

    @Test
    void aPlainSizeIsAMixOfOne() {
        assertThat(SizeMix.parse("1000")).contains(SizeMix.fixed(1000));
        assertThat(SizeMix.parse("4kb")).contains(SizeMix.fixed(4096));
        assertThat(SizeMix.fixed(1000).toString()).isEqualTo("1000");
        assertThat(valid().size(1000).build().publishing().messageSizeBytes()).isEqualTo(1000);
        assertThat(valid().size(1000).build().publishing().sizeMix().isFixed()).isTrue();
    }

    @Test
    void weightedSizesParseWithOrWithoutThePercentSign() {
        SizeMix m = SizeMix.parse("100:50%,1kb:40%,64kb:10%").orElseThrow();
        assertThat(m.buckets()).containsExactly(new SizeMix.Bucket(100, 50), new SizeMix.Bucket(1024, 40),
                new SizeMix.Bucket(65536, 10));
        assertThat(SizeMix.parse("100:50,1kb:40,64kb:10")).contains(m);
        assertThat(m.toString()).isEqualTo("100:50%,1024:40%,65536:10%");
        assertThat(SizeMix.parse(m.toString())).contains(m);
        assertThat(m.sumsTo100()).isTrue();
        assertThat(m.meanBytes()).as("0.5 x 100 + 0.4 x 1024 + 0.1 x 65536").isEqualTo(7_013);
        assertThat(SizeMix.parse("100:33.3%,200:33.3%,300:33.4%").orElseThrow().sumsTo100()).isTrue();
    }

    @Test
    void textThatIsNoMixIsRefused() {
        for (String bad : List.of("", "abc", "100:", "100:x%", "100:0%", "100:-5%", "100:50%,100:50%", "100:150%",
                "100:50%:1", ",")) {
            assertThat(SizeMix.parse(bad)).as(bad).isEmpty();
        }
    }

    @Test
    void aMixFillsTheScenarioAndItsArguments() {
        Scenario s = valid().size(SizeMix.parse("100:50%,1kb:40%,64kb:10%").orElseThrow()).seed(7).build();
        assertThat(s.publishing().messageSizeBytes()).isEqualTo(7_013);
        assertThat(s.publishing().sizeMix().buckets()).hasSize(3);
        assertThat(s.run().seed()).isEqualTo(7);
        assertThat(s.toArguments()).containsSequence("--size", "100:50%,1024:40%,65536:10%");
        assertThat(s.toArguments()).containsSequence("--seed", "7");
        assertThat(valid().build().run().seed()).isZero();
    }

    @Test
    void sharesThatDoNotAddUpTo100AreOneSentenceWithAnExample() {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> valid()
                .size(SizeMix.parse("100:50%,1kb:40%").orElseThrow()).build());
        assertThat(e.problems()).containsExactly("--size shares must add up to 100%, got 90%; for example "
                + "--size 100:50%,1kb:40%,64kb:10%.");
    }

    @Test
    void aSizeOfTheMixOutOfRangeIsNamed() {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> valid()
                .size(SizeMix.parse("4:50%,1kb:50%").orElseThrow()).build());
        assertThat(e.problems()).containsExactly("--size must be at least 12 bytes (the sequence and timestamp "
                + "header), got 4; for example --size 100:50%,1kb:40%,64kb:10%.");
        e = catchThrowableOfType(ScenarioException.class, () -> valid()
                .size(SizeMix.parse("100:50%,200mb:50%").orElseThrow()).build());
        assertThat(e.problems()).singleElement().asString().startsWith("--size must be at most 128mb");
    }

    @Test
    void aMixAndVariableSizeAreTwoWaysToSetTheSize() {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> valid()
                .size(SizeMix.parse("100:50%,1kb:50%").orElseThrow())
                .variableSize(List.of(new SizeStep(100, java.time.Duration.ofSeconds(1)))).build());
        assertThat(e.problems()).containsExactly("--variable-size and --size both set the body size; use one of them.");
    }
}
