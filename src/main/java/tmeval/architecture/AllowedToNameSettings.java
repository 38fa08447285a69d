package tmeval.architecture;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The class is the table of setting names ({@code run.plan.SettingName}): the only source file whose string literals may be a setting's name or option. */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface AllowedToNameSettings {
}
