package tmeval.report;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.ui.RectangleEdge;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

/** A log axis whose ticks are round values ({@link NiceTicks}), as many as fit without overlapping: the scatters' axes. */
public final class RoundLogAxis extends LogAxis {
    public RoundLogAxis(String label) {
        super(label);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        return RoundTicks.of(getLowerBound(), getUpperBound(), true, dataArea, edge);
    }
}
