package tmeval.report;

import tmeval.architecture.UsesNoJavaFx;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Axis ticks at round numbers and their labels, for the charts' log and linear axes: the workbench's scatter and every
 * axis of the report's figures (one rule for both: the report's scatter had read 1.349, 1.3183, 1.2882).
 */
@UsesNoJavaFx
public final class NiceTicks {
    private NiceTicks() {
    }

    /**
     * Tick values at round numbers between low and high, at most about maxTicks of them. On a log axis: 1, 2 and 5
     * times powers of ten (every k-th power where the range spans many decades), or, over less than a factor of
     * four, evenly spaced round values (0.95, 1, 1.05); never the 10^0.3 = 1.9953 of an axis stepping its exponent.
     */
    public static List<Double> ticks(double low, double high, boolean log, int maxTicks) {
        List<Double> out = new ArrayList<>();
        if (!(high > low) || (log && !(low > 0))) {
            return out;
        }
        int max = Math.max(2, maxTicks);
        if (!log || high / low < 4) {
            // on a log axis the ticks crowd towards the high end by high/low: leave room for that
            int n = log ? Math.max(2, (int) (max / Math.sqrt(high / low))) : max;
            double step = niceStep((high - low) / n);
            for (long k = (long) Math.ceil(low / step - 1e-9); k * step <= high + 1e-9 * step; k++) {
                out.add(round(k * step, step));
            }
            return out;
        }
        int firstDecade = (int) Math.floor(Math.log10(low));
        int lastDecade = (int) Math.ceil(Math.log10(high));
        int decades = lastDecade - firstDecade;
        double[] mantissas = decades * 3 <= max ? new double[] {1, 2, 5} : new double[] {1};
        int every = Math.max(1, (int) Math.ceil((double) decades / max));
        for (int d = firstDecade; d <= lastDecade; d++) {
            if (Math.floorMod(d, every) != 0) {
                continue;
            }
            for (double m : mantissas) {
                double v = m * Math.pow(10, d);
                if (v >= low * (1 - 1e-12) && v <= high * (1 + 1e-12)) {
                    out.add(Double.parseDouble(String.format(Locale.ROOT, "%.12g", v)));
                }
            }
        }
        return out;
    }

    /** 1, 2, 2.5 or 5 times a power of ten, at least raw. */
    private static double niceStep(double raw) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * magnitude >= raw) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static double round(double v, double step) {
        int digits = Math.max(0, 1 - (int) Math.floor(Math.log10(step)));
        return Double.parseDouble(String.format(Locale.ROOT, "%." + digits + "f", v));
    }

    /** A tick value as its label: as few digits as it needs. */
    public static String tickLabel(double v) {
        String s = String.format(Locale.ROOT, "%.6f", v).replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
