package tmeval.app.common;

import tmeval.architecture.UsesNoJavaFx;
import tmeval.run.plan.Arm;

import tmeval.compare.Direction;
import tmeval.run.exec.ComparisonRunner;

/**
 * What a result row was made by: a method and its direction, or the reference. The workbench groups, forgets and
 * orders rows by it.
 */
@UsesNoJavaFx
public record ArmKey(String method, Direction direction) {
    /** The rows of the reference ({@code --reference}), whatever method made them. */
    public static final ArmKey REFERENCE = new ArmKey("reference", null);

    public static ArmKey of(ComparisonRunner.Result r) {
        return r.reference() ? REFERENCE : new ArmKey(r.method(), r.direction());
    }

    public static ArmKey of(Arm arm) {
        return new ArmKey(arm.method().method(), arm.direction());
    }

    public boolean isReference() {
        return equals(REFERENCE);
    }
}
