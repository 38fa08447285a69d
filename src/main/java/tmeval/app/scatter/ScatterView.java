package tmeval.app.scatter;

import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
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
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import tmeval.app.common.Charts;
import tmeval.compare.ComparisonTable.PairedEstimate;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Foulds and Smyth's Figure 1: one point per document, the perplexity ratio perp(A)/perp(B) from the forward
 * direction on x and from the reverse direction on y (for methods without a direction, run 1 against run 2), log
 * axes, the diagonal and lines at 1; flagged documents ringed. Hover names the document; a click opens it.
 * Draws what {@link ScatterViewModel} computed.
 */
public final class ScatterView {
    private final ScatterViewModel model;
    private final XYSeriesCollection dataset = new XYSeriesCollection();
    /** The estimates behind each drawn series, by series index (0: the rings). */
    private final List<List<PairedEstimate>> drawn = new ArrayList<>();
    private final List<String> drawnMethods = new ArrayList<>();
    private final JFreeChart chart;
    private final XYPlot plot;
    private final XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
    private final HBox toggles = new HBox(10);
    private final BorderPane root = new BorderPane();

    public ScatterView(ScatterViewModel model, BiConsumer<String, String> onError) {
        this.model = model;
        LogAxis x = new LogAxis("perp(A) / perp(B), forward (B to A), or run 1");
        LogAxis y = new LogAxis("perp(A) / perp(B), reverse (A to B), or run 2");
        for (LogAxis axis : List.of(x, y)) {
            axis.setSmallestValue(1e-6);
            axis.setNumberFormatOverride(new DecimalFormat("0.####"));
            axis.setAutoRange(false);
        }
        renderer.setSeriesShape(0, new Ellipse2D.Double(-6, -6, 12, 12));
        renderer.setSeriesShapesFilled(0, false);
        renderer.setSeriesPaint(0, new Color(0xd62728));
        renderer.setSeriesOutlineStroke(0, new BasicStroke(1.5f));
        renderer.setDefaultToolTipGenerator((data, series, item) -> tooltip(series, item));
        plot = new XYPlot(dataset, x, y, renderer);
        // series 0 (the rings) last, so the rings sit on top; ratio paths (added first) drawn above the baselines
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.REVERSE);
        plot.addDomainMarker(new ValueMarker(1.0, new Color(0x888888), new BasicStroke(1f)));
        plot.addRangeMarker(new ValueMarker(1.0, new Color(0x888888), new BasicStroke(1f)));
        chart = new JFreeChart("Per-document perplexity ratio, A against B", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        Charts.style(chart);
        ChartViewer viewer = new ChartViewer(chart);
        viewer.setId("scatter-chart");
        viewer.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX event) {
                if (event.getEntity() instanceof XYItemEntity item && estimateAt(item.getSeriesIndex(), item.getItem()) != null) {
                    model.open(estimateAt(item.getSeriesIndex(), item.getItem()));
                }
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX event) {
                // the tooltip handler of the viewer shows the hover text
            }
        });
        Label summary = new Label();
        summary.setWrapText(true);
        summary.setId("scatter-summary");
        summary.getStyleClass().add("chart-note");
        summary.textProperty().bind(model.summaryProperty());
        Label hint = new Label("Points below and left of the lines at 1: A predicts the document better in both estimates. "
                + "Points on the diagonal: the two estimates agree.");
        hint.setWrapText(true);
        hint.getStyleClass().add("hint");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bottomBar = new HBox(8, hint, spacer, Charts.exportButtons(() -> chart, () -> root.getScene().getWindow(), "scatter", onError));
        toggles.setAlignment(Pos.CENTER_LEFT);
        VBox bottom = new VBox(6, toggles, summary, bottomBar);
        bottom.getStyleClass().add("chart-footer");
        root.setCenter(viewer);
        root.setBottom(bottom);
        model.methods().addListener((ListChangeListener<String>) c -> showToggles());
        model.plotProperty().addListener((o, a, p) -> draw(p));
        model.rangeProperty().addListener((o, a, r) -> showRange(r));
        draw(model.plotProperty().get());
        showRange(model.rangeProperty().get());
    }

    private void showToggles() {
        toggles.getChildren().clear();
        for (String m : model.methods()) {
            CheckBox show = new CheckBox(m);
            show.setId("scatter-show-" + m);
            show.selectedProperty().bindBidirectional(model.visibleProperty(m));
            show.setOnAction(e -> renderer.setSeriesVisible(drawnMethods.indexOf(m), show.isSelected()));
            toggles.getChildren().add(show);
        }
    }

    private void draw(ScatterViewModel.Plot p) {
        dataset.removeAllSeries();
        drawn.clear();
        drawnMethods.clear();
        add(model.flaggedLabel(), p.flagged());
        for (var e : p.points().entrySet()) {
            int index = add(e.getKey(), e.getValue());
            int colour = model.methods().indexOf(e.getKey());
            renderer.setSeriesPaint(index, Charts.colour(colour));
            renderer.setSeriesShape(index, new Ellipse2D.Double(-3, -3, 6, 6));
            renderer.setSeriesVisible(index, model.visibleProperty(e.getKey()).get());
        }
    }

    private int add(String key, List<PairedEstimate> points) {
        XYSeries s = new XYSeries(key, false, true);
        for (PairedEstimate e : points) {
            s.add(e.firstPerplexityRatio(), e.secondPerplexityRatio(), false);
        }
        dataset.addSeries(s);
        drawn.add(points);
        drawnMethods.add(key);
        return dataset.getSeriesCount() - 1;
    }

    private void showRange(ScatterViewModel.Range r) {
        plot.getDomainAxis().setRange(r.low(), r.high());
        plot.getRangeAxis().setRange(r.low(), r.high());
        plot.clearAnnotations();
        plot.addAnnotation(new XYLineAnnotation(r.low(), r.low(), r.high(), r.high(),
                new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f), new Color(0x555555)));
    }

    private PairedEstimate estimateAt(int series, int item) {
        return series < drawn.size() && item < drawn.get(series).size() ? drawn.get(series).get(item) : null;
    }

    private String tooltip(int series, int item) {
        PairedEstimate e = estimateAt(series, item);
        return e == null ? null : model.tooltip(series == 0 ? e.method() : drawnMethods.get(series), e);
    }

    public Region root() {
        return root;
    }
}
