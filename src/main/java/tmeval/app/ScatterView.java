package tmeval.app;

import javafx.beans.property.IntegerProperty;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ConvergenceCheck;
import tmeval.compare.Direction;
import tmeval.model.Corpus;
import tmeval.run.ComparisonRunner;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Foulds and Smyth's Figure 1: one point per document, the perplexity ratio perp(A)/perp(B) from the forward
 * direction on x and from the reverse direction on y (for methods without a direction, run 1 against run 2), log
 * axes, the diagonal and lines at 1. Points far from the diagonal (a forward/reverse gap above one nat) are ringed
 * and counted; the systematic bias of each ratio path is stated under the plot. Hover names the document; a click
 * opens it in the document view.
 */
final class ScatterView {
    private final Results results;
    private final IntegerProperty selectedDocument;
    private final Runnable openDocument;
    private final XYSeriesCollection dataset = new XYSeriesCollection();
    private final Map<String, XYSeries> seriesByMethod = new LinkedHashMap<>();
    private final Map<String, List<Integer>> documentsBySeries = new HashMap<>();
    private final XYSeries farSeries = new XYSeries("far from the diagonal (gap > 1 nat)", false, true);
    private final List<Integer> farDocuments = new ArrayList<>();
    private final Map<String, double[][]> pending = new HashMap<>(); // method -> doc -> {x, y}
    private final JFreeChart chart;
    private final XYPlot plot;
    private final Label summary = new Label();
    private final HBox toggles = new HBox(10);
    private final Map<String, double[]> ranges = new HashMap<>(); // method -> {low, high} of its points
    private final BorderPane root = new BorderPane();
    private double low = Double.POSITIVE_INFINITY;
    private double high = 0;

    ScatterView(Results results, IntegerProperty selectedDocument, Runnable openDocument, java.util.function.BiConsumer<String, String> onError) {
        this.results = results;
        this.selectedDocument = selectedDocument;
        this.openDocument = openDocument;
        LogAxis x = new LogAxis("perp(A) / perp(B), forward (B to A), or run 1");
        LogAxis y = new LogAxis("perp(A) / perp(B), reverse (A to B), or run 2");
        for (LogAxis axis : List.of(x, y)) {
            axis.setSmallestValue(1e-6);
            axis.setNumberFormatOverride(new DecimalFormat("0.####"));
        }
        dataset.addSeries(farSeries);
        x.setAutoRange(false);
        y.setAutoRange(false);
        x.setRange(0.5, 2);
        y.setRange(0.5, 2);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
        renderer.setSeriesShape(0, new Ellipse2D.Double(-6, -6, 12, 12));
        renderer.setSeriesShapesFilled(0, false);
        renderer.setSeriesPaint(0, new Color(0xd62728));
        renderer.setSeriesOutlineStroke(0, new BasicStroke(1.5f));
        renderer.setDefaultToolTipGenerator((data, series, item) -> tooltip(series, item));
        plot = new XYPlot(dataset, x, y, renderer);
        // series 0 (the rings) last, so the rings sit on top; ratio paths (added first) drawn above the baselines
        plot.setSeriesRenderingOrder(org.jfree.chart.plot.SeriesRenderingOrder.REVERSE);
        ValueMarker one = new ValueMarker(1.0, new Color(0x888888), new BasicStroke(1f));
        plot.addDomainMarker(one);
        plot.addRangeMarker(new ValueMarker(1.0, new Color(0x888888), new BasicStroke(1f)));
        chart = new JFreeChart("Per-document perplexity ratio, A against B", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        Charts.style(chart);
        ChartViewer viewer = new ChartViewer(chart);
        viewer.setId("scatter-chart");
        viewer.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX event) {
                if (event.getEntity() instanceof XYItemEntity item) {
                    Integer doc = documentAt(item.getSeriesIndex(), item.getItem());
                    if (doc != null) {
                        selectedDocument.set(doc);
                        openDocument.run();
                    }
                }
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX event) {
                // the tooltip handler of the viewer shows the hover text
            }
        });
        summary.setWrapText(true);
        summary.setId("scatter-summary");
        summary.getStyleClass().add("chart-note");
        Label hint = new Label("Points below and left of the lines at 1: A predicts the document better in both estimates. "
                + "Points on the diagonal: the two estimates agree.");
        hint.setWrapText(true);
        hint.getStyleClass().add("hint");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bottomBar = new HBox(8, hint, spacer, Charts.exportButtons(() -> chart, () -> root.getScene().getWindow(), "scatter", onError));
        toggles.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        VBox bottom = new VBox(6, toggles, summary, bottomBar);
        bottom.getStyleClass().add("chart-footer");
        root.setCenter(viewer);
        root.setBottom(bottom);
        results.onAdded(this::add);
        results.onReset(this::clear);
        refreshSummary();
    }

    Region root() {
        return root;
    }

    JFreeChart chart() {
        return chart;
    }

    /** Number of points drawn for a method (all documents whose two estimates are in), for tests. */
    int pointCount(String method) {
        XYSeries s = seriesByMethod.get(method);
        return s == null ? 0 : s.getItemCount();
    }

    private void clear() {
        for (XYSeries s : seriesByMethod.values()) {
            dataset.removeSeries(s);
        }
        seriesByMethod.clear();
        documentsBySeries.clear();
        pending.clear();
        farSeries.clear();
        farDocuments.clear();
        ranges.clear();
        toggles.getChildren().clear();
        low = Double.POSITIVE_INFINITY;
        high = 0;
        plot.clearAnnotations();
        refreshSummary();
    }

    private void add(List<ComparisonRunner.Result> batch) {
        Corpus corpus = results.corpus();
        if (corpus == null) {
            return;
        }
        for (ComparisonRunner.Result r : batch) {
            if (r.refused() || r.reference()) {
                continue;
            }
            int slot;
            if (r.direction() == Direction.FORWARD && r.run() == 1) {
                slot = 0;
            } else if (r.direction() == Direction.REVERSE && r.run() == 1) {
                slot = 1;
            } else if (r.direction() == Direction.NONE && r.run() <= 2) {
                slot = r.run() - 1;
            } else {
                continue;
            }
            double[][] values = pending.computeIfAbsent(r.method(), m -> new double[corpus.size()][]);
            double[] xy = values[r.documentIndex()];
            if (xy == null) {
                xy = new double[] {Double.NaN, Double.NaN};
                values[r.documentIndex()] = xy;
            }
            xy[slot] = r.result().perplexityRatio(r.length());
            if (!Double.isNaN(xy[0]) && !Double.isNaN(xy[1])) {
                plotPoint(r.method(), r.direction() != Direction.NONE, r.documentIndex(), xy[0], xy[1], corpus.document(r.documentIndex()).length());
            }
        }
        fitRange();
        refreshSummary();
    }

    private void plotPoint(String method, boolean directional, int document, double x, double y, int length) {
        XYSeries series = seriesByMethod.computeIfAbsent(method, m -> {
            XYSeries s = new XYSeries(m, false, true);
            dataset.addSeries(s);
            int index = dataset.getSeriesCount() - 1;
            XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
            renderer.setSeriesPaint(index, Charts.colour(index - 1));
            renderer.setSeriesShape(index, new Ellipse2D.Double(-3, -3, 6, 6));
            documentsBySeries.put(m, new ArrayList<>());
            javafx.scene.control.CheckBox show = new javafx.scene.control.CheckBox(m);
            show.setSelected(true);
            show.setId("scatter-show-" + m);
            show.setOnAction(e -> {
                renderer.setSeriesVisible(index, show.isSelected());
                fitRange();
            });
            toggles.getChildren().add(show);
            return s;
        });
        series.add(x, y);
        documentsBySeries.get(method).add(document);
        // a gap of g nats between the forward and reverse log ratios is a factor exp(g / N) between the
        // perplexity ratios; for the baselines off-diagonal means run-to-run noise, not a convergence failure
        if (directional && Math.abs(Math.log(x) - Math.log(y)) * length > ConvergenceCheck.DEFAULT_THRESHOLD) {
            farSeries.add(x, y);
            farDocuments.add(document);
        }
        double[] range = ranges.computeIfAbsent(method, m -> new double[] {Double.POSITIVE_INFINITY, 0});
        range[0] = Math.min(range[0], Math.min(x, y));
        range[1] = Math.max(range[1], Math.max(x, y));
    }

    /**
     * Axes fitted to the visible methods other than ais-diff, whose spread would squeeze every other method into a
     * dot (Foulds and Smyth bound their Figure 1 the same way); the diagonal spans the range.
     */
    private void fitRange() {
        XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        boolean onlyDifferenced = true;
        for (var e : seriesByMethod.entrySet()) {
            int index = dataset.indexOf(e.getValue());
            if (!renderer.isSeriesVisible(index) || ranges.get(e.getKey()) == null) {
                continue;
            }
            if (!e.getKey().equals(ComparisonMethods.AIS_DIFF)) {
                onlyDifferenced = false;
            }
        }
        for (var e : seriesByMethod.entrySet()) {
            int index = dataset.indexOf(e.getValue());
            double[] r = ranges.get(e.getKey());
            if (r == null || !renderer.isSeriesVisible(index) || (!onlyDifferenced && e.getKey().equals(ComparisonMethods.AIS_DIFF))) {
                continue;
            }
            lo = Math.min(lo, r[0]);
            hi = Math.max(hi, r[1]);
        }
        if (!(hi > 0) || lo == Double.POSITIVE_INFINITY) {
            return;
        }
        lo = Math.min(lo, 0.999);
        hi = Math.max(hi, 1.001);
        double pad = Math.pow(hi / lo, 0.05);
        plot.getDomainAxis().setRange(lo / pad, hi * pad);
        plot.getRangeAxis().setRange(lo / pad, hi * pad);
        low = lo / pad;
        high = hi * pad;
        plot.clearAnnotations();
        plot.addAnnotation(new XYLineAnnotation(low, low, high, high,
                new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f), new Color(0x555555)));
    }

    private Integer documentAt(int seriesIndex, int item) {
        if (seriesIndex == 0) {
            return item < farDocuments.size() ? farDocuments.get(item) : null;
        }
        String method = (String) dataset.getSeriesKey(seriesIndex);
        List<Integer> docs = documentsBySeries.get(method);
        return docs != null && item < docs.size() ? docs.get(item) : null;
    }

    private String tooltip(int seriesIndex, int item) {
        Integer doc = documentAt(seriesIndex, item);
        Corpus corpus = results.corpus();
        if (doc == null || corpus == null) {
            return null;
        }
        double x = dataset.getXValue(seriesIndex, item);
        double y = dataset.getYValue(seriesIndex, item);
        return String.format(Locale.ROOT, "document %s (N = %d)%n%s: x = %.5f, y = %.5f%nclick to open", corpus.document(doc).id(),
                corpus.document(doc).length(), dataset.getSeriesKey(seriesIndex), x, y);
    }

    private void refreshSummary() {
        int points = 0;
        for (XYSeries s : seriesByMethod.values()) {
            points += s.getItemCount();
        }
        if (points == 0) {
            summary.setText("No results yet: choose methods in the run panel and press Run. Each document appears as its estimates finish.");
            return;
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%d points; %d ratio-AIS documents far from the diagonal (ringed: forward and reverse differ by more than %.0f nat)."
                        + " Axes fit the visible methods other than " + ComparisonMethods.AIS_DIFF + ", whose points may fall outside.",
                points, farSeries.getItemCount(), ConvergenceCheck.DEFAULT_THRESHOLD));
        for (ConvergenceCheck check : results.checks()) {
            sb.append("\n").append(check.verdict());
        }
        summary.setText(sb.toString());
    }
}
