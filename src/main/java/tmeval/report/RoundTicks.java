package tmeval.report;

import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

/** The ticks of {@link RoundLogAxis} and {@link RoundNumberAxis}: round values ({@link NiceTicks}), as many as fit without overlapping. */
final class RoundTicks {
    private RoundTicks() {
    }

    static List<NumberTick> of(double lower, double upper, boolean log, Rectangle2D dataArea, RectangleEdge edge) {
        boolean vertical = RectangleEdge.isLeftOrRight(edge);
        double length = vertical ? dataArea.getHeight() : dataArea.getWidth();
        int fit = (int) (length / (vertical ? 36 : 72));
        List<NumberTick> ticks = new ArrayList<>();
        for (double v : NiceTicks.ticks(lower, upper, log, fit)) {
            ticks.add(new NumberTick(v, NiceTicks.tickLabel(v), vertical ? TextAnchor.CENTER_RIGHT : TextAnchor.TOP_CENTER, TextAnchor.CENTER, 0.0));
        }
        return ticks;
    }
}
