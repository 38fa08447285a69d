package tmeval.app.brackets;

import javafx.animation.PauseTransition;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.entity.EntityCollection;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.YIntervalRenderer;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.YIntervalDataItem;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import tmeval.app.brackets.BracketsViewModel.Bracket;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Charts;
import tmeval.app.common.Messages;
import tmeval.app.common.Shown;
import tmeval.compare.ComparisonTable.Verdict;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import java.util.List;

/**
 * The sorted brackets: one vertical segment per document from its forward to its reverse estimate, documents sorted
 * by the middle of their bracket, a line at 0, decided-for-A, decided-for-B and undecided in three colours with their
 * counts in the legend, solid where the document is certified and dashed (paler) where it is not, the selected document
 * in black. Hover names the document under the pointer; a click opens it.
 * Draws what {@link BracketsViewModel} computed; redraws at most every {@link #REDRAW_MS} ms, and only when shown.
 */
public final class BracketsView {
    /** The caption's lines shown under the chart; the rest scrolls (the chart keeps its least size at 1280 x 800). */
    static final double CAPTION_LINES = 6;
    /** Series: the three verdicts certified (solid), the same three not certified (dashed, paler), then the selected document. */
    private static final int KINDS = 3;
    private static final int SELECTED = 2 * KINDS;
    private static final Color FOR_A = new Color(0x1f77b4);
    private static final Color FOR_B = new Color(0xd62728);
    private static final Color UNDECIDED = new Color(0x9a9a9a);
    /** Batches arrive every 100 ms; a redraw of 20,000 segments takes a good part of that. */
    private static final int REDRAW_MS = 300;

    private final BracketsViewModel model;
    private final YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
    private final JFreeChart chart;
    private final XYPlot plot;
    private final Renderer renderer = new Renderer();
    private final ChartViewer viewer;
    private final Label hover = new Label();
    private final StackPane chartPane = new StackPane();
    /** The chart over its footer: the chart keeps its least size, the footer's messages give way first ({@link Charts#chartOver}). */
    private final VBox root = new VBox();
    private final javafx.beans.property.ReadOnlyBooleanProperty shown = Shown.of(root);
    private final PauseTransition redraw = new PauseTransition(Duration.millis(REDRAW_MS));
    private Label caption;
    private boolean stale = true;
    private List<Bracket> drawnBrackets = List.of();

    /** Segments with small caps at both ends and no entity per item (hover finds the document from the pointer's x). */
    private static final class Renderer extends YIntervalRenderer {
        @Override
        protected void addEntity(EntityCollection entities, Shape hotspot, XYDataset dataset, int series, int item, double entityX,
                                 double entityY) {
        }
    }

    public BracketsView(BracketsViewModel model, UserMessages onError) {
        this.model = model;
        NumberAxis x = new NumberAxis();
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        NumberAxis y = new NumberAxis();
        y.setAutoRangeIncludesZero(true);
        plot = new XYPlot(dataset, x, y, renderer);
        plot.addRangeMarker(new ValueMarker(0, new Color(0x333333), new BasicStroke(1.2f)));
        chart = new JFreeChart("Per-document brackets: forward (lower bound) to reverse (upper bound)", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        Charts.style(chart);
        plot.setNoDataMessage("No ratio path has both directions of a document yet.");
        renderer.setLegendItemLabelGenerator((data, series) -> legendLabel(series));
        viewer = new ChartViewer(chart);
        viewer.setId("brackets-chart");
        Charts.leastSize(viewer);
        viewer.getCanvas().setTooltipEnabled(false);
        viewer.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX event) {
                Bracket b = bracketAt(event.getTrigger().getX(), event.getTrigger().getY());
                if (b != null) {
                    model.open(b);
                }
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX event) {
                Bracket b = bracketAt(event.getTrigger().getX(), event.getTrigger().getY());
                showHover(b == null ? null : model.tooltip(b), event.getTrigger().getX(), event.getTrigger().getY());
            }
        });
        hover.getStyleClass().add("scatter-hover");
        hover.setId("brackets-hover");
        hover.setManaged(false);
        hover.setMouseTransparent(true);
        hover.setVisible(false);
        model.hover().textProperty().addListener((o, a, text) -> hover.setVisible(hover.isVisible() && text != null));
        chartPane.setOnMouseExited(e -> model.hover().hide());
        chartPane.getChildren().addAll(viewer, hover);

        ComboBox<String> method = new ComboBox<>(model.methods());
        method.setId("brackets-method");
        method.getSelectionModel().select(model.methodProperty().get());
        method.setOnAction(e -> {
            if (method.getValue() != null) {
                model.methodProperty().set(method.getValue());
            }
        });
        model.methodProperty().addListener((o, a, b) -> method.getSelectionModel().select(b));
        model.methods().addListener((javafx.collections.ListChangeListener<String>) c -> method.getSelectionModel().select(model.methodProperty().get()));
        CheckBox perToken = new CheckBox("per token");
        perToken.setId("brackets-per-token");
        perToken.setTooltip(new Tooltip("Log ratios divided by the document's length, so that long documents do not dwarf short ones;"
                + " the verdicts are the same either way"));
        perToken.selectedProperty().bindBidirectional(model.perTokenProperty());
        Button reset = new Button("Reset zoom");
        reset.setId("brackets-reset-zoom");
        reset.setOnAction(e -> {
            plot.getDomainAxis().setAutoRange(true);
            plot.getRangeAxis().setAutoRange(true);
        });
        Label caption = new Label();
        caption.setId("brackets-caption");
        caption.getStyleClass().add("chart-note");
        // the caption is set with each drawing (below), so its counts are always the legend's and the chart's
        this.caption = caption;
        FlowPane controls = new FlowPane(10, 6, new Label("ratio path"), method, perToken, reset);
        controls.setAlignment(Pos.CENTER_LEFT);
        VBox bottom = Charts.footer(controls, Messages.capped(caption, CAPTION_LINES), "Forward annealing (B to A) is a stochastic lower bound on log P(w|A) - log P(w|B),"
                + " reverse (A to B) an upper one (Jensen). A bracket above the line at 0 decides the document for A, one below it for B.",
                this::figure, () -> root.getScene().getWindow(), "brackets", onError);
        Charts.chartOver(root, chartPane, bottom);

        redraw.setOnFinished(e -> draw());
        model.onChange(this::scheduleRedraw);
        // a tab's content is hidden, not removed, while another tab is shown: draw when it is shown again
        shown.addListener((o, was, now) -> {
            if (now && stale) {
                draw();
            }
        });
        draw();
    }

    private void scheduleRedraw() {
        stale = true;
        if (redraw.getStatus() != javafx.animation.Animation.Status.RUNNING) {
            redraw.playFromStart();
        }
    }

    private void draw() {
        if (!shown.get()) {
            return;
        }
        stale = false;
        BracketsViewModel.Drawing d = model.drawing();
        caption.setText(model.captionProperty().get());
        String[] labels = model.axisLabels();
        plot.getDomainAxis().setLabel(labels[0]);
        plot.getRangeAxis().setLabel(labels[1]);
        chart.setNotify(false);
        try {
            dataset.removeAllSeries();
            YIntervalSeries[] series = new YIntervalSeries[SELECTED + 1];
            for (int i = 0; i <= SELECTED; i++) {
                series[i] = new YIntervalSeries(i == SELECTED ? "selected" : "kind " + i, false, true);
            }
            for (Bracket b : d.brackets()) {
                series[b.verdict().ordinal() + (b.certified() ? 0 : KINDS)].add(new YIntervalDataItem(b.rank(), b.middle(), b.low(), b.high()), false);
            }
            Bracket selected = model.selected();
            if (selected != null) {
                series[SELECTED].add(new YIntervalDataItem(selected.rank(), selected.middle(), selected.low(), selected.high()), false);
            }
            for (YIntervalSeries s : series) {
                dataset.addSeries(s);
            }
            float width = d.brackets().size() < 400 ? 2f : 1f;
            Color[] colours = {FOR_A, FOR_B, UNDECIDED};
            for (int i = 0; i < KINDS; i++) {
                renderer.setSeriesPaint(i, colours[i]);
                renderer.setSeriesStroke(i, new BasicStroke(width));
                renderer.setSeriesShape(i, new Rectangle2D.Double(-width - 1, -width / 2, 2 * width + 2, width));
                // not certified: the same colour, paler, dashed; in the legend only when there are any
                renderer.setSeriesPaint(KINDS + i, pale(colours[i]));
                renderer.setSeriesStroke(KINDS + i, new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {3f, 3f}, 0f));
                renderer.setSeriesShape(KINDS + i, new Rectangle2D.Double(-width - 1, -width / 2, 2 * width + 2, width));
                renderer.setSeriesVisibleInLegend(KINDS + i, d.uncertified(Verdict.values()[i]) > 0);
            }
            renderer.setSeriesPaint(SELECTED, Color.BLACK);
            renderer.setSeriesStroke(SELECTED, new BasicStroke(3f));
            renderer.setSeriesShape(SELECTED, new Rectangle2D.Double(-6, -1.5, 12, 3));
            renderer.setSeriesVisibleInLegend(SELECTED, selected != null);
            drawnBrackets = d.brackets();
            chart.setAntiAlias(d.brackets().size() < 5000);
        } finally {
            chart.setNotify(true);
        }
    }

    /** The chart as exported: its title and caption, without the selected document (the screen's state, not the results'). */
    Charts.Figure figure() {
        return new Charts.Figure(chart, model.figure(), () -> {
            renderer.setSeriesVisible(SELECTED, false);
            renderer.setSeriesVisibleInLegend(SELECTED, false);
        }, () -> {
            renderer.setSeriesVisible(SELECTED, null);
            renderer.setSeriesVisibleInLegend(SELECTED, model.selected() != null);
        });
    }

    /** Draws at once, for tests (the view otherwise draws after a pause, and only when shown). */
    void drawNow() {
        draw();
    }

    /** Half way to white. */
    private static Color pale(Color c) {
        return new Color((c.getRed() + 255) / 2, (c.getGreen() + 255) / 2, (c.getBlue() + 255) / 2);
    }

    private String legendLabel(int series) {
        if (series < SELECTED) {
            return model.legendLabel(Verdict.values()[series % KINDS], series < KINDS);
        }
        Bracket s = model.selected();
        return s == null ? "selected document" : "selected: " + s.pair().documentId();
    }

    /** The bracket at the pointer's x (its rank), inside the plot's data area; null outside it. */
    private Bracket bracketAt(double mouseX, double mouseY) {
        if (drawnBrackets.isEmpty() || viewer.getCanvas().getRenderingInfo() == null) {
            return null;
        }
        Rectangle2D area = viewer.getCanvas().getRenderingInfo().getPlotInfo().getDataArea();
        if (!area.contains(mouseX, mouseY)) {
            return null;
        }
        return BracketsViewModel.at(drawnBrackets, plot.getDomainAxis().java2DToValue(mouseX, area, plot.getDomainAxisEdge()));
    }

    private void showHover(String text, double mouseX, double mouseY) {
        model.hover().show(text);
        Charts.showHover(hover, text, mouseX, mouseY, chartPane);
    }

    /** The chart, for tests. */
    JFreeChart chart() {
        return chart;
    }

    public Region root() {
        return root;
    }
}
