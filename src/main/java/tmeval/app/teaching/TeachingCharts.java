package tmeval.app.teaching;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import tmeval.app.common.Charts;
import tmeval.run.plan.SettingName;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.util.List;

/**
 * The teaching screen's charts: every sample's running log-weight against the inverse temperature with the estimate
 * and the exact log P(w) as lines, the effective sample size, the histogram of the log-weights at a step, ratio-AIS in
 * both directions and the experiment's strip of estimates. Marker lines are named in the legend, never by labels on the
 * plot, so nothing overprints. {@link TeachingView} lays them out and says what to draw.
 */
final class TeachingCharts {
    /** More lines than this are a blur. */
    private static final int MAX_TRACES_DRAWN = 30;
    /** At most about this many points per drawn line. */
    private static final int MAX_POINTS = 400;
    private static final Color ESTIMATE = new Color(0xd62728);
    private static final Color EXACT = new Color(0x222222);
    private static final Stroke DASHED = new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
    private static final Stroke SOLID = new BasicStroke(1.8f);

    private final XYSeriesCollection traces = new XYSeriesCollection();
    private final XYSeriesCollection ess = new XYSeriesCollection();
    private final XYIntervalSeriesCollection histogram = new XYIntervalSeriesCollection();
    private final XYSeriesCollection ratioTraces = new XYSeriesCollection();
    private final XYSeriesCollection strip = new XYSeriesCollection();
    private final JFreeChart traceChart;
    private final JFreeChart essChart;
    private final JFreeChart histogramChart;
    private final JFreeChart ratioChart;
    private final JFreeChart experimentChart;
    private final XYSeriesCollection ratioRunPoints = new XYSeriesCollection();
    private final JFreeChart ratioRunsChart;
    private final XYSeriesCollection checkLines = new XYSeriesCollection();
    private final JFreeChart checkChart;
    private static final java.awt.Shape DIAMOND = new java.awt.geom.Path2D.Double() {
        {
            moveTo(0, -6);
            lineTo(6, 0);
            lineTo(0, 6);
            lineTo(-6, 0);
            closePath();
        }
    };

    TeachingCharts() {
        NumberAxis beta = new NumberAxis("inverse temperature beta (0: prior, 1: posterior)");
        beta.setRange(0, 1);
        NumberAxis logW = new NumberAxis("running log-weight (nats)");
        logW.setAutoRangeIncludesZero(false);
        traceChart = new JFreeChart("Each sample's log-weight, prior to posterior", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(traces, beta, logW, new XYLineAndShapeRenderer(true, false)), true);
        Charts.style(traceChart);
        NumberAxis beta2 = new NumberAxis("inverse temperature beta");
        beta2.setRange(0, 1);
        NumberAxis essAxis = new NumberAxis("effective sample size");
        essAxis.setAutoRangeIncludesZero(true);
        XYLineAndShapeRenderer essLine = new XYLineAndShapeRenderer(true, false);
        essLine.setSeriesPaint(0, Charts.colour(2));
        essLine.setSeriesStroke(0, SOLID);
        essChart = new JFreeChart("Effective sample size", JFreeChart.DEFAULT_TITLE_FONT, new XYPlot(ess, beta2, essAxis, essLine), false);
        Charts.style(essChart);
        NumberAxis weight = new NumberAxis("log-weight at this step (nats)");
        weight.setAutoRangeIncludesZero(false);
        NumberAxis count = new NumberAxis("samples");
        count.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        XYBarRenderer bars = new XYBarRenderer(0.05);
        bars.setShadowVisible(false);
        bars.setBarPainter(new org.jfree.chart.renderer.xy.StandardXYBarPainter());
        bars.setSeriesPaint(0, Charts.colour(0));
        histogramChart = new JFreeChart("Histogram of the weights", JFreeChart.DEFAULT_TITLE_FONT, new XYPlot(histogram, weight, count, bars), true);
        Charts.style(histogramChart);

        NumberAxis beta3 = new NumberAxis("inverse temperature beta");
        beta3.setRange(0, 1);
        NumberAxis ratioAxis = new NumberAxis("running log P_A/P_B (nats)");
        ratioAxis.setAutoRangeIncludesZero(false);
        ratioChart = new JFreeChart("Ratio-AIS between models A and B, both directions", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(ratioTraces, beta3, ratioAxis, new XYLineAndShapeRenderer(true, false)), true);
        Charts.style(ratioChart);

        // short ticks (the long ones ran into each other at 1280 x 800): what each direction anneals is in the axis's label
        SymbolAxis directions = new SymbolAxis("direction (forward: B to A; reverse: A to B)", new String[] {"", "forward", "reverse", ""});
        NumberAxis runsAxis = new NumberAxis("log P_A/P_B (nats)");
        runsAxis.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer runMarks = new XYLineAndShapeRenderer();
        runMarks.setSeriesLinesVisible(0, false);
        runMarks.setSeriesShape(0, new Ellipse2D.Double(-3, -3, 6, 6));
        runMarks.setSeriesPaint(0, Charts.colour(0));
        runMarks.setSeriesLinesVisible(1, false);
        runMarks.setSeriesShape(1, DIAMOND);
        runMarks.setSeriesPaint(1, Color.BLACK);
        for (int i = 2; i < 4; i++) {
            runMarks.setSeriesShapesVisible(i, false);
            runMarks.setSeriesPaint(i, ESTIMATE);
            runMarks.setSeriesStroke(i, new BasicStroke(3f));
        }
        ratioRunsChart = new JFreeChart("Many runs each way: in expectation they bracket the exact ratio", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(ratioRunPoints, directions, runsAxis, runMarks), true);
        Charts.style(ratioRunsChart);

        SymbolAxis checkTemps = new SymbolAxis("temperatures", new String[] {"", "10", "100", "1000", ""});
        NumberAxis perToken = new NumberAxis("bound per token (nats)");
        perToken.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer bounds = new XYLineAndShapeRenderer(true, true);
        bounds.setSeriesPaint(0, Charts.colour(0));
        bounds.setSeriesPaint(1, Charts.colour(1));
        checkChart = new JFreeChart("Two-sided check: the bounds close in", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(checkLines, checkTemps, perToken, bounds), true);
        Charts.style(checkChart);
        checkChart.getXYPlot().setNoDataMessage("Run the experiment: the check runs with it");

        SymbolAxis temps = new SymbolAxis("temperatures", new String[] {"", "10", "100", "1000", ""});
        NumberAxis estimates = new NumberAxis("log P(w) (nats)");
        estimates.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        dots.setSeriesShape(0, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
        dots.setSeriesPaint(0, Charts.colour(0));
        experimentChart = new JFreeChart("AIS repeated: the spread shrinks", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(strip, temps, estimates, dots), true);
        Charts.style(experimentChart);
    }

    JFreeChart trace() {
        return traceChart;
    }

    JFreeChart ess() {
        return essChart;
    }

    JFreeChart histogram() {
        return histogramChart;
    }

    JFreeChart ratio() {
        return ratioChart;
    }

    JFreeChart check() {
        return checkChart;
    }

    JFreeChart ratioRuns() {
        return ratioRunsChart;
    }

    JFreeChart experiment() {
        return experimentChart;
    }

    /** Draws a run up to a step: the lines up to it, the ESS up to it, the histogram of the weights at it. */
    void showRun(AisWalkthrough.Run r, int step, List<AisWalkthrough.Bin> histogramBins) {
        int stride = Math.max(1, r.temperatures() / MAX_POINTS);
        traces.removeAllSeries();
        XYPlot tracePlot = (XYPlot) traceChart.getPlot();
        XYLineAndShapeRenderer lines = (XYLineAndShapeRenderer) tracePlot.getRenderer();
        for (int s = 0; s < Math.min(r.traces().size(), MAX_TRACES_DRAWN); s++) {
            XYSeries series = new XYSeries("sample " + (s + 1), false, true);
            List<double[]> t = r.traces().get(s);
            for (int j = 0; j <= step; j += stride) {
                series.add(t.get(j)[0], t.get(j)[1]);
            }
            series.add(t.get(step)[0], t.get(step)[1]);
            traces.addSeries(series);
            lines.setSeriesPaint(s, Charts.colour(s));
            lines.setSeriesStroke(s, new BasicStroke(1.2f));
        }
        LegendItemCollection legend = new LegendItemCollection();
        legend.add(line("one line per sample (" + r.samples() + ")", Charts.colour(0), new BasicStroke(1.2f)));
        tracePlot.clearRangeMarkers();
        if (step == r.temperatures()) {
            tracePlot.addRangeMarker(new ValueMarker(r.estimate(), ESTIMATE, DASHED));
            legend.add(line("AIS estimate (log of the mean weight)", ESTIMATE, DASHED));
        }
        if (r.exact() != null) {
            tracePlot.addRangeMarker(new ValueMarker(r.exact(), EXACT, SOLID));
            legend.add(line("exact log P(w)", EXACT, SOLID));
        }
        tracePlot.setFixedLegendItems(legend);
        fitRange(tracePlot, r);

        ess.removeAllSeries();
        XYSeries e = new XYSeries("effective sample size", false, true);
        for (int j = 0; j <= step; j += stride) {
            e.add(r.beta(j), r.effectiveSampleSizes()[j]);
        }
        e.add(r.beta(step), r.effectiveSampleSizes()[step]);
        ess.addSeries(e);
        ((NumberAxis) ((XYPlot) essChart.getPlot()).getRangeAxis()).setRange(0, r.samples() * 1.05);

        histogram.removeAllSeries();
        XYIntervalSeries bins = new XYIntervalSeries(step == r.temperatures() ? "final log-weights" : "log-weights at step " + step);
        for (AisWalkthrough.Bin b : histogramBins) {
            double mid = (b.from() + b.to()) / 2;
            bins.add(mid, b.from(), b.to(), b.count(), 0, b.count());
        }
        histogram.addSeries(bins);
        XYPlot histPlot = (XYPlot) histogramChart.getPlot();
        histPlot.clearDomainMarkers();
        LegendItemCollection histLegend = new LegendItemCollection();
        histLegend.add(new LegendItem(bins.getKey().toString(), Charts.colour(0)));
        if (r.exact() != null && step == r.temperatures()) {
            histPlot.addDomainMarker(new ValueMarker(r.exact(), EXACT, SOLID));
            histLegend.add(line("exact log P(w)", EXACT, SOLID));
        }
        histPlot.setFixedLegendItems(histLegend);
    }

    /** The value axis spans every sample's whole line and the exact value, so it does not jump while playing. */
    private static void fitRange(XYPlot plot, AisWalkthrough.Run r) {
        double lo = r.exact() == null ? 0 : Math.min(0, r.exact());
        double hi = r.exact() == null ? 0 : Math.max(0, r.exact());
        for (List<double[]> t : r.traces()) {
            for (double[] p : t) {
                lo = Math.min(lo, p[1]);
                hi = Math.max(hi, p[1]);
            }
        }
        double pad = Math.max(0.5, (hi - lo) * 0.05);
        plot.getRangeAxis().setRange(lo - pad, hi + pad);
    }

    void showRatio(RatioWalkthrough.RatioRun q) {
        ratioTraces.removeAllSeries();
        XYPlot plot = (XYPlot) ratioChart.getPlot();
        plot.clearRangeMarkers();
        if (q == null || q.problem() != null) {
            plot.setNoDataMessage(q == null ? "" : q.problem());
            plot.setFixedLegendItems(new LegendItemCollection());
            return;
        }
        XYLineAndShapeRenderer lines = (XYLineAndShapeRenderer) plot.getRenderer();
        Paint forwardColour = Charts.colour(0);
        Paint reverseColour = Charts.colour(1);
        int i = 0;
        for (int d = 0; d < 2; d++) {
            List<List<double[]>> all = d == 0 ? q.forwardTraces() : q.reverseTraces();
            for (int s = 0; s < Math.min(all.size(), MAX_TRACES_DRAWN); s++) {
                XYSeries series = new XYSeries((d == 0 ? "forward " : "reverse ") + (s + 1), false, true);
                List<double[]> t = all.get(s);
                int stride = Math.max(1, t.size() / MAX_POINTS);
                for (int j = 0; j < t.size(); j += stride) {
                    series.add(t.get(j)[0], t.get(j)[1]);
                }
                series.add(t.get(t.size() - 1)[0], t.get(t.size() - 1)[1]);
                ratioTraces.addSeries(series);
                lines.setSeriesPaint(i, d == 0 ? forwardColour : reverseColour);
                lines.setSeriesStroke(i, new BasicStroke(1.1f));
                i++;
            }
        }
        LegendItemCollection legend = new LegendItemCollection();
        legend.add(line(String.format(java.util.Locale.ROOT, "forward estimate (B to A): %.3f, below in expectation", q.forward()),
                forwardColour, DASHED));
        legend.add(line(String.format(java.util.Locale.ROOT, "reverse estimate (A to B, negated): %.3f, above in expectation", q.reverse()),
                reverseColour, DASHED));
        plot.addRangeMarker(new ValueMarker(q.forward(), forwardColour, DASHED));
        plot.addRangeMarker(new ValueMarker(q.reverse(), reverseColour, DASHED));
        if (q.exact() != null) {
            plot.addRangeMarker(new ValueMarker(q.exact(), EXACT, SOLID));
            legend.add(line(String.format(java.util.Locale.ROOT, "exact log ratio %.3f", q.exact()), EXACT, SOLID));
        }
        plot.setFixedLegendItems(legend);
    }

    /**
     * The repeated runs of each direction as dots in two columns, each column's mean as a bar and this run's estimate as
     * a diamond, with the exact log ratio: the means bracket it, single runs scatter across it.
     */
    void showRatioRuns(RatioWalkthrough.RatioRun q) {
        ratioRunPoints.removeAllSeries();
        XYPlot plot = (XYPlot) ratioRunsChart.getPlot();
        plot.clearRangeMarkers();
        if (q == null || q.problem() != null) {
            plot.setFixedLegendItems(new LegendItemCollection());
            return;
        }
        XYSeries runs = new XYSeries(SettingName.RUNS.key(), false, true);
        XYSeries means = new XYSeries("means", false, true);
        XYSeries single = new XYSeries("this run", false, true);
        double[][] columns = {q.forwardRuns(), q.reverseRuns()};
        for (int c = 0; c < 2; c++) {
            for (int i = 0; i < columns[c].length; i++) {
                runs.add(c + 1 + 0.3 * ((i + 0.5) / columns[c].length - 0.5), columns[c][i]);
            }
        }
        ratioRunPoints.addSeries(runs);
        ratioRunPoints.addSeries(single);
        single.add(1, q.forward());
        single.add(2, q.reverse());
        XYSeries forwardMean = new XYSeries("forward mean", false, true);
        forwardMean.add(0.75, q.forwardMean());
        forwardMean.add(1.25, q.forwardMean());
        XYSeries reverseMean = new XYSeries("reverse mean", false, true);
        reverseMean.add(1.75, q.reverseMean());
        reverseMean.add(2.25, q.reverseMean());
        ratioRunPoints.addSeries(forwardMean);
        ratioRunPoints.addSeries(reverseMean);
        LegendItemCollection legend = new LegendItemCollection();
        LegendItem dot = new LegendItem(q.forwardRuns().length + " more runs each way", Charts.colour(0));
        dot.setShape(new Ellipse2D.Double(-3, -3, 6, 6));
        legend.add(dot);
        LegendItem diamond = new LegendItem("this run (traces' ends)", Color.BLACK);
        diamond.setShape(DIAMOND);
        legend.add(diamond);
        legend.add(line("mean of each direction's runs", ESTIMATE, SOLID));
        if (q.exact() != null) {
            plot.addRangeMarker(new ValueMarker(q.exact(), EXACT, DASHED));
            legend.add(line(String.format(java.util.Locale.ROOT, "exact log ratio %.4f", q.exact()), EXACT, DASHED));
        }
        plot.setFixedLegendItems(legend);
    }

    void showExperiment(AisWalkthrough.Experiment x) {
        checkLines.removeAllSeries();
        if (x != null && x.check() != null) {
            TwoSidedCheck.Result c = x.check();
            XYSeries upper = new XYSeries("upper bound: reverse AIS from the true topics", false, true);
            XYSeries lower = new XYSeries("lower bound: forward AIS", false, true);
            for (int i = 0; i < c.temperatures().length; i++) {
                lower.add(i + 1, c.lowerPerToken()[i]);
                upper.add(i + 1, c.upperPerToken()[i]);
            }
            checkLines.addSeries(lower);
            checkLines.addSeries(upper);
        }
        strip.removeAllSeries();
        XYPlot plot = (XYPlot) experimentChart.getPlot();
        plot.clearRangeMarkers();
        if (x == null) {
            plot.setFixedLegendItems(new LegendItemCollection());
            return;
        }
        XYSeries points = new XYSeries("one AIS run", false, true);
        for (int i = 0; i < x.temperatures().length; i++) {
            double[] e = x.estimates()[i];
            for (int r = 0; r < e.length; r++) {
                // spread sideways a little so equal estimates stay visible
                points.add(i + 1 + 0.3 * ((r + 0.5) / e.length - 0.5), e[r]);
            }
        }
        strip.addSeries(points);
        LegendItemCollection legend = new LegendItemCollection();
        LegendItem dot = new LegendItem("one AIS run (" + x.estimates()[0].length + " per column)", Charts.colour(0));
        dot.setShape(new Ellipse2D.Double(-3.5, -3.5, 7, 7));
        legend.add(dot);
        if (x.exact() != null) {
            plot.addRangeMarker(new ValueMarker(x.exact(), EXACT, SOLID));
            legend.add(line("exact log P(w)", EXACT, SOLID));
        }
        plot.setFixedLegendItems(legend);
    }

    private static LegendItem line(String label, Paint paint, Stroke stroke) {
        LegendItem item = new LegendItem(label, null, null, null, new Line2D.Double(-14, 0, 14, 0), stroke, paint);
        return item;
    }
}
