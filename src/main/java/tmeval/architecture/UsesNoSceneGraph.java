package tmeval.architecture;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * State of the workbench held as a view-model holds it (beans, collections and tasks, no scene graph, no charts), so
 * that it is tested without a window; every class named {@code ...ViewModel} is held to the same rule without the mark.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface UsesNoSceneGraph {
}
