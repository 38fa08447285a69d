package tmeval.app.scatter;

import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import tmeval.app.common.UserMessages;
import tmeval.report.RoundLogAxis;
import tmeval.app.common.Charts;
import tmeval.app.common.Messages;
import tmeval.compare.ComparisonTable.PairedEstimate;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Foulds and Smyth's Figure 1: one point per document, the perplexity ratio perp(A)/perp(B) from the forward
 * direction on x and from the reverse direction on y (for methods without a direction, run 1 against run 2), log
 * axes with ticks at round values (or log-ratios per token on linear axes), the diagonal and the lines of a tie;
 * flagged documents ringed, the selected one marked; a point is filled when its document is certified by its method,
 * hollow when not. Hover names the document and its verdict; a click opens it.
 * Draws what {@link ScatterViewModel} computed, appending each batch's points to the series.
 */
public final class ScatterView {
    private static final int RINGS = 0;
    private static final int SELECTED = 1;
    /** Two series without points, for the legend of the marks: filled (certified) and hollow (not certified). */
    private static final int FILLED = 2;
    private static final int HOLLOW = 3;
    private static final Color MARKS = new Color(0x555555);
    /** From this many points on, shapes are drawn without anti-aliasing. */
    private static final int LARGE = 5000;

    /** The summary's lines shown under the chart; the rest scrolls (the chart keeps its least size at 1280 x 800). */
    static final double SUMMARY_LINES = 6;

    private final ScatterViewModel model;
    private final XYSeriesCollection dataset = new XYSeriesCollection();
    /** The estimates behind each series, by series index (0: the rings, 1: the selected document). */
    private final List<List<PairedEstimate>> drawn = new ArrayList<>();
    private final List<String> drawnMethods = new ArrayList<>();
    private final Set<String> watched = new HashSet<>();
    private final JFreeChart chart;
    private final XYPlot plot;
    private final ValueAxis[] logAxes = {new RoundLogAxis(""), new RoundLogAxis("")};
    private final ValueAxis[] linearAxes = {new tmeval.report.RoundNumberAxis(""), new tmeval.report.RoundNumberAxis("")};
    private final XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true) {
        private boolean legend;

        /** A method's legend entry is filled, whatever its first point's verdict. */
        @Override
        public LegendItem getLegendItem(int datasetIndex, int series) {
            legend = true;
            try {
                return super.getLegendItem(datasetIndex, series);
            } finally {
                legend = false;
            }
        }

        /** A method's point is filled when its document is certified by the method, hollow when not (asked at each drawing). */
        @Override
        public boolean getItemShapeFilled(int series, int item) {
            if (series == FILLED) {
                return true;
            }
            if (series <= HOLLOW) {
                return false;
            }
            if (legend) {
                return true;
            }
            PairedEstimate e = estimateAt(series, item);
            return e == null || model.certified(e);
        }
    };
    private final Label hover = new Label();
    private final javafx.scene.layout.Pane chartPane = new javafx.scene.layout.StackPane();
    /** The chart over its footer: the chart keeps its least size, the footer's messages give way first ({@link Charts#chartOver}). */
    private final VBox root = new VBox();

    private final XYSeriesCollection besideData = new XYSeriesCollection();
    private final XYLineAndShapeRenderer besideRenderer = new XYLineAndShapeRenderer(false, true);

    public ScatterView(ScatterViewModel model, UserMessages onError) {
        this.model = model;
        for (ValueAxis axis : logAxes) {
            ((LogAxis) axis).setSmallestValue(1e-6);
            axis.setAutoRange(false);
            axis.setMinorTickMarksVisible(false);
        }
        for (ValueAxis axis : linearAxes) {
            axis.setAutoRange(false);
        }
        renderer.setDefaultToolTipGenerator((data, series, item) -> tooltip(series, item));
        // the selected document's legend entry names it (a series key is not to be changed once in a collection)
        renderer.setLegendItemLabelGenerator((data, series) -> series == SELECTED ? model.selection().label() : String.valueOf(data.getSeriesKey(series)));
        plot = new XYPlot(dataset, logAxes[0], logAxes[1], renderer);
        // series 0 (the rings) last, so the rings sit on top; ratio paths (added first) drawn above the baselines
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.REVERSE);
        // another run of the history, drawn under this one in grey crosses (dataset 1 is drawn first)
        besideRenderer.setDefaultPaint(new Color(0x99, 0x99, 0x99, 0xb0));
        besideRenderer.setAutoPopulateSeriesPaint(false);
        besideRenderer.setAutoPopulateSeriesShape(false);
        besideRenderer.setDefaultShape(new Rectangle2D.Double(-2.5, -2.5, 5, 5));
        plot.setDataset(1, besideData);
        plot.setRenderer(1, besideRenderer);
        plot.setDatasetRenderingOrder(org.jfree.chart.plot.DatasetRenderingOrder.REVERSE);
        model.beside().pointsProperty().addListener((o, a, b) -> showBeside());
        chart = new JFreeChart("Per-document estimates, A against B: forward against reverse", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        Charts.style(chart);
        ChartViewer viewer = new ChartViewer(chart);
        viewer.setId("scatter-chart");
        Charts.leastSize(viewer);
        viewer.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX event) {
                if (event.getEntity() instanceof XYItemEntity item && estimateAt(item.getSeriesIndex(), item.getItem()) != null) {
                    model.selection().open(estimateAt(item.getSeriesIndex(), item.getItem()));
                }
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX event) {
                String text = event.getEntity() instanceof XYItemEntity item ? tooltip(item.getSeriesIndex(), item.getItem()) : null;
                showHover(text, event.getTrigger().getX(), event.getTrigger().getY());
            }
        });
        // the hover text is a label of ours, kept inside the chart (the viewer's own tooltip can leave the window)
        viewer.getCanvas().setTooltipEnabled(false);
        hover.getStyleClass().add("scatter-hover");
        hover.setId("scatter-hover");
        hover.setManaged(false);
        hover.setMouseTransparent(true);
        hover.setVisible(false);
        model.hover().textProperty().addListener((o, a, text) -> hover.setVisible(hover.isVisible() && text != null));
        chartPane.setOnMouseExited(e -> model.hover().hide());
        chartPane.getChildren().addAll(viewer, hover);
        Label summary = new Label();
        summary.setId("scatter-summary");
        summary.getStyleClass().add("chart-note");
        summary.textProperty().bind(model.summaryProperty());

        ScatterControls controls = new ScatterControls(model,
                () -> showRange(model.fittedRange() != null ? model.fittedRange() : model.rangeProperty().get()));
        VBox bottom = Charts.footer(controls.root(), Messages.capped(summary, SUMMARY_LINES), "Below and left of the tie lines: A predicts the document better in both estimates. "
                + "On the diagonal: the two estimates agree.", this::figure, () -> root.getScene().getWindow(), "scatter", onError);
        Charts.chartOver(root, chartPane, bottom);
        model.logRatioAxesProperty().addListener((o, a, b) -> redrawAll());
        model.rangeProperty().addListener((o, a, r) -> showRange(r));
        model.selection().pointsProperty().addListener((o, a, b) -> showSelected());
        showAxes();
        model.onUpdate(this::apply);
        showRange(model.rangeProperty().get());
    }

    private void showAxes() {
        ValueAxis[] axes = model.logRatioAxesProperty().get() ? linearAxes : logAxes;
        String[] labels = model.axisLabels();
        axes[0].setLabel(labels[0]);
        axes[1].setLabel(labels[1]);
        plot.setDomainAxis(axes[0]);
        plot.setRangeAxis(axes[1]);
        plot.clearDomainMarkers();
        plot.clearRangeMarkers();
        plot.addDomainMarker(new ValueMarker(model.tie(), new Color(0x888888), new BasicStroke(1f)));
        plot.addRangeMarker(new ValueMarker(model.tie(), new Color(0x888888), new BasicStroke(1f)));
    }

    /** The run beside, at the axes' coordinates. */
    private void showBeside() {
        besideData.removeAllSeries();
        List<PairedEstimate> points = model.beside().pointsProperty().get();
        if (!points.isEmpty()) {
            XYSeries s = new XYSeries(model.beside().labelProperty().get(), false, true);
            points.forEach(e -> s.add(model.x(e), model.y(e), false));
            besideData.addSeries(s);
        }
    }

    /** Other axes: the same points at other coordinates. */
    private void redrawAll() {
        showAxes();
        showBeside();
        ScatterViewModel.Plot p = model.plot();
        apply(new ScatterViewModel.Update(true, p.points(), p.flagged()));
        showRange(model.rangeProperty().get());
    }

    /** Appends a batch's points (or starts over), one change event per series. */
    private void apply(ScatterViewModel.Update u) {
        // one redraw per batch, not one per series changed
        chart.setNotify(false);
        try {
            applyQuietly(u);
            if (u.cleared()) {
                showRange(model.rangeProperty().get()); // other results: no zoom of the last ones stays
            }
            // tens of thousands of anti-aliased shapes take seconds to draw in software; plain ones a fraction of that
            chart.setAntiAlias(dataset.getItemCount(SELECTED) + model.drawnPointCount() < LARGE);
        } finally {
            chart.setNotify(true);
        }
    }

    private void applyQuietly(ScatterViewModel.Update u) {
        if (u.cleared() || dataset.getSeriesCount() == 0) {
            dataset.removeAllSeries();
            drawn.clear();
            drawnMethods.clear();
            newSeries(model.flaggedLabel(), "");
            renderer.setSeriesShape(RINGS, new Ellipse2D.Double(-6, -6, 12, 12));
            renderer.setSeriesShapesFilled(RINGS, false);
            renderer.setSeriesPaint(RINGS, new Color(0xd62728));
            renderer.setSeriesOutlineStroke(RINGS, new BasicStroke(1.5f));
            newSeries(model.selection().label(), "");
            renderer.setSeriesShape(SELECTED, new Rectangle2D.Double(-6, -6, 12, 12));
            renderer.setSeriesShapesFilled(SELECTED, false);
            renderer.setSeriesPaint(SELECTED, Color.BLACK);
            renderer.setSeriesStroke(SELECTED, new BasicStroke(2.5f));
            renderer.setSeriesOutlineStroke(SELECTED, new BasicStroke(2.5f));
            renderer.setSeriesVisibleInLegend(SELECTED, false);
            for (int marks : new int[] {FILLED, HOLLOW}) {
                newSeries(marks == FILLED ? model.certifiedLabel() : model.uncertifiedLabel(), "");
                renderer.setSeriesShape(marks, new Ellipse2D.Double(-3, -3, 6, 6));
                renderer.setSeriesPaint(marks, MARKS);
            }
        }
        append(RINGS, u.flaggedAdded());
        for (var e : u.added().entrySet()) {
            String m = e.getKey();
            int index = drawnMethods.indexOf(m);
            if (index < 0) {
                index = newSeries(m, m);
                renderer.setSeriesPaint(index, Charts.colour(m));
                renderer.setSeriesShape(index, new Ellipse2D.Double(-3, -3, 6, 6));
                renderer.setSeriesVisible(index, model.visibleProperty(m).get());
                if (watched.add(m)) {
                    model.visibleProperty(m).addListener((o, a, b) -> renderer.setSeriesVisible(drawnMethods.indexOf(m), b));
                }
            }
            append(index, e.getValue());
        }
        showSelected();
    }

    private int newSeries(String key, String method) {
        dataset.addSeries(new XYSeries(key, false, true));
        drawn.add(new ArrayList<>());
        drawnMethods.add(method);
        return dataset.getSeriesCount() - 1;
    }

    private void append(int index, List<PairedEstimate> points) {
        if (points.isEmpty()) {
            return;
        }
        XYSeries s = dataset.getSeries(index);
        for (PairedEstimate e : points) {
            s.add(model.x(e), model.y(e), false);
        }
        drawn.get(index).addAll(points);
        s.fireSeriesChanged();
    }

    /** The chart as exported: its title and caption, without the selected document (the screen's state, not the results'). */
    Charts.Figure figure() {
        return new Charts.Figure(chart, model.figure(), () -> {
            if (dataset.getSeriesCount() > SELECTED) {
                dataset.getSeries(SELECTED).clear();
                renderer.setSeriesVisibleInLegend(SELECTED, false);
            }
        }, this::showSelected);
    }

    private void showSelected() {
        if (dataset.getSeriesCount() <= SELECTED) {
            return;
        }
        XYSeries s = dataset.getSeries(SELECTED);
        s.clear();
        drawn.get(SELECTED).clear();
        append(SELECTED, model.selection().pointsProperty().get());
        renderer.setSeriesVisibleInLegend(SELECTED, !model.selection().pointsProperty().get().isEmpty());
    }

    private void showRange(ScatterViewModel.Range r) {
        if (r.logRatio() != plot.getDomainAxis() instanceof NumberAxis) {
            return;
        }
        plot.getDomainAxis().setRange(r.low(), r.high());
        plot.getRangeAxis().setRange(r.low(), r.high());
        plot.clearAnnotations();
        plot.addAnnotation(new XYLineAnnotation(r.low(), r.low(), r.high(), r.high(),
                new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f), new Color(0x555555)));
    }

    private void showHover(String text, double mouseX, double mouseY) {
        model.hover().show(text);
        Charts.showHover(hover, text, mouseX, mouseY, chartPane);
    }

    private PairedEstimate estimateAt(int series, int item) {
        return series < drawn.size() && item < drawn.get(series).size() ? drawn.get(series).get(item) : null;
    }

    private String tooltip(int series, int item) {
        PairedEstimate e = estimateAt(series, item);
        return e == null ? null : model.tooltip(e.method(), e);
    }

    /** The chart, for timing its drawing in tests. */
    JFreeChart chart() {
        return chart;
    }

    public Region root() {
        return root;
    }
}
