package tmeval.spark;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilder;
import org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilderFactory;
import org.apache.logging.log4j.core.config.builder.impl.BuiltConfiguration;

/**
 * Spark logs at INFO by default: hundreds of lines on the terminal around the command's own report. Unless the user
 * configured log4j2 (a {@code log4j2.properties} in Spark's conf directory, or {@code -Dlog4j2.configurationFile}),
 * only warnings and errors go to standard error, which Spark leaves alone since it is no longer log4j2's default.
 */
final class SparkLogging {
    private SparkLogging() {
    }

    static void quiet() {
        if (System.getProperty("log4j2.configurationFile") != null || System.getProperty("log4j.configurationFile") != null
                || Thread.currentThread().getContextClassLoader().getResource("log4j2.properties") != null
                || Thread.currentThread().getContextClassLoader().getResource("log4j2.xml") != null) {
            return;
        }
        ConfigurationBuilder<BuiltConfiguration> b = ConfigurationBuilderFactory.newConfigurationBuilder();
        b.setConfigurationName("tmeval-spark");
        b.add(b.newAppender("stderr", "Console").addAttribute("target", "SYSTEM_ERR")
                .add(b.newLayout("PatternLayout").addAttribute("pattern", "spark %p %c{1}: %m%n")));
        b.add(b.newRootLogger(Level.WARN).add(b.newAppenderRef("stderr")));
        // said once per run and harmless: no native Hadoop library on the driver
        b.add(b.newLogger("org.apache.hadoop.util.NativeCodeLoader", Level.ERROR));
        Configurator.reconfigure(b.build());
    }
}
