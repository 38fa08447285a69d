package tmeval.app.curves;

import tmeval.estimate.Methods;
import tmeval.run.plan.CurvePlan;

/** One line of a chart: a method's run (run 0: the per-iteration variance across runs). */
public record CurveSeries(String method, int run) {
    /** The legend text: run 1 solid, later runs dashed, said in words so the legend alone tells them apart. */
    public String label() {
        if (run != 0 && Methods.deterministic(method)) {
            return method + " (deterministic: every run the same)";
        }
        return run == 0 ? method : method + ", run " + run + (dashed() ? " (dashed)" : " (solid)");
    }

    /** The point marker of the run: 0 circle, 1 square, 2 triangle, ... (the view's shapes). */
    public int shape() {
        return Math.max(0, run - 1);
    }

    /** The method's colour, the same in both charts. */
    public int colour() {
        return CurvePlan.CURVE_METHODS.indexOf(method) + 4;
    }

    /** Second and later runs are dashed. */
    public boolean dashed() {
        return run > 1;
    }
}
