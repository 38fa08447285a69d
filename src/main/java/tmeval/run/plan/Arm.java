package tmeval.run.plan;

import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;

/** A method and the direction it anneals in ({@link Direction#NONE} for methods without one). */
public record Arm(ModelComparison method, Direction direction) {
    public String key() {
        return method.method() + "/" + direction.label();
    }
}
