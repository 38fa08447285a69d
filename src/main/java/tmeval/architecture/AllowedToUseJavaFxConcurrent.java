package tmeval.architecture;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The class (with its nested classes) may use {@code javafx.concurrent}: the one typed background job of the workbench
 * and the executors it runs on. Every other class of {@code app} starts its work through that job.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface AllowedToUseJavaFxConcurrent {
}
