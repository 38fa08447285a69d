package tmeval.report;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

/** A log axis whose ticks are round values ({@link NiceTicks}), as many as fit without overlapping: the scatters' axes. */
public final class RoundLogAxis extends LogAxis {
    public RoundLogAxis(String label) {
        super(label);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        boolean vertical = RectangleEdge.isLeftOrRight(edge);
        double length = vertical ? dataArea.getHeight() : dataArea.getWidth();
        int fit = (int) (length / (vertical ? 36 : 72));
        List<NumberTick> ticks = new ArrayList<>();
        for (double v : NiceTicks.ticks(getLowerBound(), getUpperBound(), true, fit)) {
            ticks.add(new NumberTick(v, NiceTicks.tickLabel(v), vertical ? TextAnchor.CENTER_RIGHT : TextAnchor.TOP_CENTER,
                    TextAnchor.CENTER, 0.0));
        }
        return ticks;
    }
}
