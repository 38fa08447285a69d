package tmeval.app.common;

/** Where a chart's hover label goes so that it stays inside the chart (a tooltip window can leave the screen). */
public final class HoverPlacement {
    private HoverPlacement() {
    }

    /**
     * Below and right of the pointer, moved left or up as far as needed to stay inside the area, never past its
     * top-left corner: {x, y} of the label's corner.
     */
    public static double[] inside(double pointerX, double pointerY, double width, double height, double areaWidth, double areaHeight) {
        double gap = 12;
        double x = pointerX + gap + width <= areaWidth ? pointerX + gap : pointerX - gap - width;
        double y = pointerY + gap + height <= areaHeight ? pointerY + gap : pointerY - gap - height;
        x = Math.max(0, Math.min(x, areaWidth - width));
        y = Math.max(0, Math.min(y, areaHeight - height));
        return new double[] {x, y};
    }
}
