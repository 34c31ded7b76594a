package io.amqpharness.smoke.structure;

import static org.assertj.core.api.Assertions.assertThat;

import io.amqpharness.spi.DriverProvider;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A driver is small: the classes of each driver module on the class path that implement the driver SPI
 * ({@code io.amqpharness.spi}) implement at most 12 of its methods without a default, in at most 4
 * files, what docs/architecture.md ("How to add: a driver") promises; what drivers share (their
 * {@code BrokerControl}, the rendezvous) lives in harness-topology. And core, for its part, names no
 * driver but the default.
 */
class DriverSpiTest {
    private static final String SPI = "io.amqpharness.spi.";

    @Test
    void everyDriverImplementsAtMostTwelveRequiredMethodsInAtMostFourFiles() throws Exception {
        List<String> seen = new ArrayList<>();
        for (DriverProvider provider : ServiceLoader.load(DriverProvider.class)) {
            Set<String> files = new TreeSet<>();
            Set<String> methods = new TreeSet<>();
            for (Class<?> c : driverClasses(provider.getClass())) {
                Set<Class<?>> spi = spiInterfaces(c);
                if (spi.isEmpty()) {
                    continue;
                }
                String name = c.getName();
                files.add(name.contains("$") ? name.substring(0, name.indexOf('$')) : name);
                for (Class<?> i : spi) {
                    for (Method m : i.getDeclaredMethods()) {
                        if (Modifier.isAbstract(m.getModifiers())) {
                            methods.add(i.getSimpleName() + "." + m.getName()
                                    + java.util.Arrays.toString(m.getParameterTypes()));
                        }
                    }
                }
            }
            seen.add(provider.id());
            assertThat(methods).as("the required SPI methods of driver " + provider.id() + " (in " + files + ")").hasSizeLessThanOrEqualTo(12);
            assertThat(files).as("the classes of driver " + provider.id() + " that implement the SPI").hasSizeLessThanOrEqualTo(4);
        }
        assertThat(seen).contains("amqp091", "amqp10", "stream");
    }

    /**
     * Core's main code names no driver id but the default's: what differs between protocols comes from
     * their drivers ({@code DriverProvider.traits()}, {@code validate}), so a new driver needs no line in
     * core. The one word that coincides is the management API's name of a stream listener.
     */
    @Test
    void coreNamesNoDriverIdButTheDefault() throws IOException {
        String defaultId = io.amqpharness.scenario.Scenario.builder().build().protocol();
        List<String> ids = new ArrayList<>();
        ServiceLoader.load(DriverProvider.class).forEach(p -> ids.add(p.id()));
        ids.remove(defaultId);
        assertThat(ids).as("the other drivers' ids").contains("amqp10", "stream");
        List<String> named = new ArrayList<>();
        for (SourceTree.Source s : SourceTree.sources("harness-core", "main")) {
            String code = SourceTree.withoutComments(Files.readString(s.path()), true)
                    .replace("l.protocol().startsWith(\"stream\")", "l.protocol().startsWith(listener)");
            for (String id : ids) {
                if (code.contains("\"" + id + "\"")) {
                    named.add(s.path().getFileName() + " names \"" + id + "\"");
                }
            }
        }
        assertThat(named).as("driver ids in harness-core's main code (the default is " + defaultId + ")").isEmpty();
    }

    /** The SPI interfaces {@code c} implements, through its superclasses and their interfaces too. */
    private static Set<Class<?>> spiInterfaces(Class<?> c) {
        Set<Class<?>> found = new java.util.LinkedHashSet<>();
        List<Class<?>> todo = new ArrayList<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            todo.addAll(List.of(k.getInterfaces()));
        }
        while (!todo.isEmpty()) {
            Class<?> i = todo.remove(todo.size() - 1);
            if (i.getName().startsWith(SPI) && found.add(i)) {
                todo.addAll(List.of(i.getInterfaces()));
            }
        }
        return found;
    }

    /** The classes of the provider's package (and below) where the provider was loaded from: its module. */
    private static List<Class<?>> driverClasses(Class<?> provider) throws IOException, URISyntaxException, ClassNotFoundException {
        Path where = Path.of(provider.getProtectionDomain().getCodeSource().getLocation().toURI());
        String prefix = provider.getPackageName().replace('.', '/') + "/";
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(where)) {
            try (Stream<Path> files = Files.walk(where)) {
                files.map(f -> where.relativize(f).toString().replace('\\', '/'))
                        .filter(f -> f.startsWith(prefix) && f.endsWith(".class")).forEach(names::add);
            }
        } else {
            try (JarFile jar = new JarFile(where.toFile())) {
                jar.stream().map(java.util.zip.ZipEntry::getName)
                        .filter(f -> f.startsWith(prefix) && f.endsWith(".class")).forEach(names::add);
            }
        }
        List<Class<?>> classes = new ArrayList<>();
        for (String n : names) {
            String cn = n.substring(0, n.length() - ".class".length()).replace('/', '.');
            if (!cn.endsWith("package-info")) {
                classes.add(Class.forName(cn, false, provider.getClassLoader()));
            }
        }
        assertThat(classes).as("the classes of " + provider.getName() + " at " + where).isNotEmpty();
        return classes;
    }
}
