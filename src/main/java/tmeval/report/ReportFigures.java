package tmeval.report;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.YIntervalRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import tmeval.compare.ComparisonTable;
import tmeval.run.exec.CurveRunner;

import java.awt.Color;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's figures as inline SVG, drawn by JFreeChart through its SVG writer (JFreeSVG, the one the workbench's
 * chart export uses): the per-document scatter (Foulds and Smyth's Figure 1: each document's two estimates of a method as
 * perplexity ratios on log axes), the brackets of each ratio path run both ways (forward a lower, reverse an upper bound
 * per token, documents sorted by the middle), and the curves a session holds (log-likelihood per token at each snapshot).
 * Each figure is null when the results have nothing to draw in it. A figure draws at most {@link #MAX_POINTS} documents of
 * a method (an even sample, {@link #sample}), so that a page of a million documents is as small as one of two thousand;
 * its caption says so ({@link #sampled}), and the tables count every document.
 */
final class ReportFigures {
    static final int WIDTH = 800;
    static final int HEIGHT = 500;
    /** The most documents a figure draws of one method: more are not told apart at 800 pixels, and each costs the page bytes. */
    static final int MAX_POINTS = 2000;

    private ReportFigures() {
    }

    /** The scatter of every method with two estimates per document, or null when no method has them. */
    static String scatter(ReportContent content) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (String method : content.table().methods()) {
            List<ComparisonTable.PairedEstimate> pairs = content.table().paired(method, content.gapThreshold());
            if (pairs.isEmpty()) {
                continue;
            }
            XYSeries series = new XYSeries(method + (pairs.get(0).directional() ? " (forward, reverse)" : " (run 1, run 2)"), false, true);
            for (ComparisonTable.PairedEstimate p : sample(pairs)) {
                if (drawable(p)) { // the others are counted in the caption (notDrawn)
                    series.add(p.firstPerplexityRatio(), p.secondPerplexityRatio());
                }
            }
            data.addSeries(series);
        }
        if (data.getSeriesCount() == 0) {
            return null;
        }
        JFreeChart chart = ChartFactory.createScatterPlot(null, "perp(A)/perp(B), first estimate", "perp(A)/perp(B), second estimate", data,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setDomainAxis(logAxis("perp(A)/perp(B), first estimate (forward or run 1)"));
        plot.setRangeAxis(logAxis("perp(A)/perp(B), second estimate (reverse or run 2)"));
        plot.addDomainMarker(tie());
        plot.addRangeMarker(tie());
        return svg(chart, "scatter");
    }

    /** The brackets of every ratio path run both ways, or null when there is none. */
    static String brackets(ReportContent content) {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        for (String method : content.table().methods()) {
            List<ComparisonTable.PairedEstimate> pairs = new ArrayList<>(content.table().paired(method, content.gapThreshold()));
            if (pairs.isEmpty() || !pairs.get(0).directional()) {
                continue;
            }
            pairs.sort(Comparator.comparingDouble(p -> (p.first() + p.second()) / (2.0 * p.length())));
            YIntervalSeries series = new YIntervalSeries(method + " (forward below, reverse above)", false, true);
            // every k-th of the sorted brackets, each at its place among all of them
            int step = step(pairs.size());
            for (int i = 0; i < pairs.size(); i += step) {
                ComparisonTable.PairedEstimate p = pairs.get(i);
                double low = Math.min(p.first(), p.second()) / p.length();
                double high = Math.max(p.first(), p.second()) / p.length();
                series.add(i + 1, (low + high) / 2, low, high);
            }
            data.addSeries(series);
        }
        if (data.getSeriesCount() == 0) {
            return null;
        }
        JFreeChart chart = ChartFactory.createXYLineChart(null, "document (sorted by the middle of its bracket)",
                "log P(w|A) - log P(w|B), nats per token", data, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setDomainAxis(roundAxis((NumberAxis) plot.getDomainAxis()));
        plot.setRangeAxis(roundAxis((NumberAxis) plot.getRangeAxis()));
        plot.setRenderer(new YIntervalRenderer());
        plot.addRangeMarker(new ValueMarker(0, Color.GRAY, new java.awt.BasicStroke(1f)));
        return svg(chart, "brackets");
    }

    /** The corpus curve of each method, or null when the results hold none. */
    static String curves(ReportContent content) {
        Map<String, XYSeries> byMethod = new LinkedHashMap<>();
        for (CurveRunner.Point p : content.curve()) {
            if (p.tokens() > 0 && Double.isFinite(p.logLikelihood())) {
                byMethod.computeIfAbsent(p.method() + ", run " + p.run(), m -> new XYSeries(m, true, true))
                        .add(p.iteration(), p.logLikelihood() / p.tokens());
            }
        }
        if (byMethod.isEmpty()) {
            return null;
        }
        XYSeriesCollection data = new XYSeriesCollection();
        byMethod.values().forEach(data::addSeries);
        JFreeChart chart = ChartFactory.createXYLineChart(null, "training iteration", "held-out log-likelihood per token", data,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setDomainAxis(roundAxis((NumberAxis) plot.getDomainAxis()));
        NumberAxis y = roundAxis((NumberAxis) plot.getRangeAxis());
        y.setAutoRangeIncludesZero(false);
        plot.setRangeAxis(y);
        return svg(chart, "curves");
    }

    /** Every k-th item, k the smallest step that keeps at most {@link #MAX_POINTS}: an even sample in the list's order. */
    static <T> List<T> sample(List<T> all) {
        int step = step(all.size());
        if (step == 1) {
            return all;
        }
        List<T> out = new ArrayList<>(MAX_POINTS);
        for (int i = 0; i < all.size(); i += step) {
            out.add(all.get(i));
        }
        return out;
    }

    private static int step(int n) {
        return Math.max(1, (n + MAX_POINTS - 1) / MAX_POINTS);
    }

    /** What the figures leave out, for their captions: "" when they draw every document. */
    static String sampled(ReportContent content) {
        int most = 0;
        for (String method : content.table().methods()) {
            most = Math.max(most, content.table().paired(method, content.gapThreshold()).size());
        }
        if (most <= MAX_POINTS) {
            return "";
        }
        return " Drawn: an even sample of at most " + MAX_POINTS + " documents of each method (every " + step(most) + "th of its "
                + most + " in order), so that the page stays small; the tables and the answer count every document.";
    }

    /** The documents the scatter cannot draw: a perplexity ratio of 0 or infinity (beyond double's range) has no place on a log axis. */
    static int notDrawn(ReportContent content) {
        int n = 0;
        for (String method : content.table().methods()) {
            for (ComparisonTable.PairedEstimate p : content.table().paired(method, content.gapThreshold())) {
                n += drawable(p) ? 0 : 1;
            }
        }
        return n;
    }

    private static boolean drawable(ComparisonTable.PairedEstimate p) {
        return p.firstPerplexityRatio() > 0 && p.secondPerplexityRatio() > 0 && Double.isFinite(p.firstPerplexityRatio())
                && Double.isFinite(p.secondPerplexityRatio());
    }

    /** A log axis of perplexity ratios, its ticks round ratios (0.98, 1, 1.02: {@link NiceTicks}), never 1.3183. */
    private static LogAxis logAxis(String label) {
        LogAxis axis = new RoundLogAxis(label);
        axis.setSmallestValue(1e-6);
        return axis;
    }

    /** A linear axis with round ticks ({@link NiceTicks}), in place of the one a chart factory made. */
    private static NumberAxis roundAxis(NumberAxis made) {
        RoundNumberAxis axis = new RoundNumberAxis(made.getLabel());
        axis.setAutoRangeIncludesZero(made.getAutoRangeIncludesZero());
        return axis;
    }

    /** A tie: perplexity ratio 1. */
    private static ValueMarker tie() {
        return new ValueMarker(1, Color.GRAY, new java.awt.BasicStroke(1f));
    }

    /**
     * The chart as an {@code <svg>} element on a white background; its definitions' ids start with the figure's name, so
     * that several figures in one page never share one.
     */
    private static String svg(JFreeChart chart, String name) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.getXYPlot().setBackgroundPaint(Color.WHITE);
        chart.getXYPlot().setDomainGridlinePaint(new Color(0xdddddd));
        chart.getXYPlot().setRangeGridlinePaint(new Color(0xdddddd));
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, HEIGHT);
        g2.setDefsKeyPrefix(name + "-");
        chart.draw(g2, new Rectangle(WIDTH, HEIGHT));
        return g2.getSVGElement(name + "-figure");
    }
}
