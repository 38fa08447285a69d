package tmeval.architecture;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A computation split out of a screen of the workbench (with its nested classes) that uses no JavaFX and no JFreeChart,
 * so that a unit test drives it without a toolkit and a reader follows it without the screen's state.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface UsesNoJavaFx {
}
