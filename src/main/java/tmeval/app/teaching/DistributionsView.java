package tmeval.app.teaching;

import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.PaintScale;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import tmeval.app.common.Charts;
import tmeval.app.common.FigureText;
import tmeval.app.common.UserMessages;
import tmeval.app.teaching.ToyPosterior.Density;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;

/**
 * The distributions AIS moves through, for the toy model of {@link ToyViewModel}: with K = 2 the density of theta_1 on
 * [0, 1] as a curve, with K = 3 a heat map on the triangle; the samples as dots where their topic counts put them; the
 * caption of the step under it. Lays out and draws only.
 */
final class DistributionsView {
    private static final Color SAMPLE = new Color(0xd62728);
    private static final Color CURVE = new Color(0x1f77b4);
    private static final double SQRT3_2 = Math.sqrt(3) / 2;
    private final ToyViewModel toy;
    private final BorderPane root = new BorderPane();
    private final ChartViewer viewer = new ChartViewer(null);
    /** The same step under the logistic-normal twin, beside: the other family's prior on the same topics. */
    private final ChartViewer twinViewer = new ChartViewer(null);
    private JFreeChart chart;

    DistributionsView(ToyViewModel toy, UserMessages onError) {
        this.toy = toy;
        ComboBox<Number> k = new ComboBox<>(FXCollections.observableArrayList(2, 3));
        k.setId("teaching-toy-k");
        k.setConverter(new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return n == null ? "" : n.intValue() == 2 ? "K = 2 (theta on [0, 1])" : "K = 3 (theta on the triangle)";
            }

            @Override
            public Number fromString(String s) {
                return null;
            }
        });
        k.setValue(toy.topicsProperty().get());
        k.setOnAction(e -> toy.topicsProperty().set(k.getValue().intValue()));
        Label what = new Label("toy model: the topics of the chosen model that this document uses most; same document, temperatures,"
                + " samples and seed as above; step with the controls above");
        what.setWrapText(true);
        Label name = new Label("toy model");
        name.setMinWidth(Region.USE_PREF_SIZE);
        k.setMinWidth(Region.USE_PREF_SIZE);
        HBox top = new HBox(10, name, k, what);
        top.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        HBox.setHgrow(what, Priority.ALWAYS);
        top.setPadding(new Insets(4, 6, 4, 6));
        Label caption = new Label();
        caption.setId("teaching-toy-caption");
        caption.setWrapText(true);
        caption.getStyleClass().add("chart-note");
        caption.setPadding(new Insets(4, 6, 4, 6));
        caption.textProperty().bind(toy.captionProperty());
        caption.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(caption, Priority.ALWAYS);
        HBox bottom = new HBox(8, caption,
                Charts.exportButtons(() -> Charts.Figure.of(chart, FigureText.of("The distributions AIS moves through", toy.captionProperty().get())),
                        () -> root.getScene().getWindow(), "ais-distribution", onError));
        viewer.setId("teaching-toy-chart");
        viewer.setMinSize(200, 150);
        twinViewer.setId("teaching-toy-twin-chart");
        twinViewer.setMinSize(200, 150);
        javafx.scene.layout.GridPane charts = new javafx.scene.layout.GridPane();
        javafx.scene.layout.ColumnConstraints half = new javafx.scene.layout.ColumnConstraints();
        half.setPercentWidth(50);
        half.setHgrow(Priority.ALWAYS);
        charts.getColumnConstraints().addAll(half, half);
        javafx.scene.layout.RowConstraints all = new javafx.scene.layout.RowConstraints();
        all.setVgrow(Priority.ALWAYS);
        charts.getRowConstraints().add(all);
        charts.add(viewer, 0, 0);
        charts.add(twinViewer, 1, 0);
        root.setTop(top);
        root.setCenter(charts);
        root.setBottom(bottom);
        toy.densityProperty().addListener((o, a, f) -> draw(f));
        toy.twinDensityProperty().addListener((o, a, f) -> drawTwin(f));
        draw(toy.densityProperty().get());
        drawTwin(toy.twinDensityProperty().get());
    }

    /** The twin's distribution at the step, without samples (the samples are the Dirichlet model's AIS). */
    private void drawTwin(Density f) {
        if (f == null) {
            return;
        }
        JFreeChart twin = f.simplex() ? triangle(f, new double[0][]) : line(f, new double[0][]);
        twin.setTitle(String.format(java.util.Locale.ROOT, "The same topics, logistic-normal prior, at beta = %.3f", f.beta()));
        // no samples here: the legend keeps only the distribution's item
        org.jfree.chart.LegendItemCollection items = twin.getXYPlot().getFixedLegendItems();
        org.jfree.chart.LegendItemCollection kept = new org.jfree.chart.LegendItemCollection();
        for (int i = 1; i < items.getItemCount(); i++) {
            kept.add(items.get(i));
        }
        twin.getXYPlot().setFixedLegendItems(kept);
        Charts.style(twin);
        twinViewer.setChart(twin);
    }

    private void draw(Density f) {
        if (f == null) {
            return;
        }
        chart = f.simplex() ? triangle(f, toy.positions()) : line(f, toy.positions());
        Charts.style(chart);
        viewer.setChart(chart);
    }

    /** K = 2: the density of theta_1 and each sample on the curve at its theta_1. */
    private JFreeChart line(Density f, double[][] samples) {
        XYSeries curve = new XYSeries("density", true, false);
        for (int i = 0; i < f.x().length; i++) {
            curve.add(f.x()[i], f.density()[i]);
        }
        // samples with equal topic counts sit at one theta: stacked there as a dot plot, so every one shows
        XYSeries dots = new XYSeries("samples", false, true);
        double cap = cap(f);
        java.util.Map<Double, Integer> stacked = new java.util.HashMap<>();
        int most = 1;
        for (double[] theta : samples) {
            if (theta != null) {
                most = Math.max(most, stacked.merge(theta[0], 1, Integer::sum));
            }
        }
        double rise = cap * Math.min(0.06, 0.9 / most);
        stacked.clear();
        for (double[] theta : samples) {
            if (theta != null) {
                int below = stacked.merge(theta[0], 1, Integer::sum) - 1;
                dots.add(theta[0], rise * (below + 0.5));
            }
        }
        NumberAxis x = new NumberAxis("theta_1, the share of the first topic (theta_2 = 1 - theta_1)");
        x.setRange(0, 1);
        NumberAxis y = new NumberAxis("density of theta_1");
        y.setRange(0, cap * 1.05);
        XYPlot plot = new XYPlot(new XYSeriesCollection(dots), x, y, dotsRenderer());
        plot.setDataset(1, new XYSeriesCollection(curve));
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, false);
        lines.setSeriesPaint(0, CURVE);
        lines.setSeriesStroke(0, new BasicStroke(2f));
        plot.setRenderer(1, lines);
        LegendItemCollection legend = legend(f);
        legend.add(new LegendItem(f.beta() == 1 ? "exact posterior of theta_1" : f.beta() == 0 ? "prior of theta_1"
                : String.format(java.util.Locale.ROOT, "distribution at beta = %.3f", f.beta()), null, null, null,
                new Line2D.Double(-14, 0, 14, 0), new BasicStroke(2f), CURVE));
        plot.setFixedLegendItems(legend);
        return new JFreeChart(title(f), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }

    /** The density's drawn height: an alpha below 1 makes the prior infinite at 0 and 1, so the ends' cells are left out of the scale. */
    private static double cap(Density f) {
        double max = 0;
        int n = f.density().length;
        for (int i = n / 100; i < n - n / 100; i++) {
            max = Math.max(max, f.density()[i]);
        }
        return max > 0 ? max : f.max();
    }

    /** K = 3: the density as a heat map on the triangle, the samples as dots, each corner named by its topic. */
    private JFreeChart triangle(Density f, double[][] samples) {
        DefaultXYZDataset cells = new DefaultXYZDataset();
        cells.addSeries("density", new double[][] {f.x(), f.y(), f.density()});
        XYBlockRenderer blocks = new XYBlockRenderer();
        blocks.setBlockWidth(f.cellWidth());
        blocks.setBlockHeight(f.cellHeight());
        blocks.setPaintScale(new Heat(f.max()));
        // samples with equal topic counts sit at one theta: the second and later are set around it on a small spiral
        XYSeries dots = new XYSeries("samples", false, true);
        java.util.Map<java.util.List<Double>, Integer> seen = new java.util.HashMap<>();
        for (double[] theta : samples) {
            if (theta != null) {
                double[] p = ToyPosterior.project(theta);
                int before = seen.merge(java.util.List.of(p[0], p[1]), 1, Integer::sum) - 1;
                double r = 0.012 * Math.sqrt(before);
                double angle = before * 2.39996;
                dots.add(p[0] + r * Math.cos(angle), p[1] + r * Math.sin(angle));
            }
        }
        XYSeries edges = new XYSeries("simplex", false, true);
        edges.add(0, 0);
        edges.add(1, 0);
        edges.add(0.5, SQRT3_2);
        edges.add(0, 0);
        NumberAxis x = new NumberAxis();
        x.setRange(-0.12, 1.12);
        x.setVisible(false);
        NumberAxis y = new NumberAxis();
        y.setRange(-0.08, SQRT3_2 + 0.08);
        y.setVisible(false);
        XYPlot plot = new XYPlot(new XYSeriesCollection(dots), x, y, dotsRenderer());
        XYLineAndShapeRenderer outline = new XYLineAndShapeRenderer(true, false);
        outline.setSeriesPaint(0, Color.DARK_GRAY);
        plot.setDataset(1, new XYSeriesCollection(edges));
        plot.setRenderer(1, outline);
        plot.setDataset(2, cells);
        plot.setRenderer(2, blocks);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        int[] topics = toy.runProperty().get() == null ? new int[] {0, 1, 2} : toy.runProperty().get().topics();
        Font font = new Font("SansSerif", Font.BOLD, 12);
        double[][] corners = {{0, 0}, {1, 0}, {0.5, SQRT3_2}};
        TextAnchor[] anchors = {TextAnchor.TOP_RIGHT, TextAnchor.TOP_LEFT, TextAnchor.BOTTOM_CENTER};
        for (int c = 0; c < 3; c++) {
            XYTextAnnotation label = new XYTextAnnotation("topic " + (topics[c] + 1) + " only", corners[c][0], corners[c][1]);
            label.setFont(font);
            label.setTextAnchor(anchors[c]);
            plot.addAnnotation(label);
        }
        LegendItemCollection legend = legend(f);
        legend.add(new LegendItem(f.beta() == 1 ? "exact posterior of theta (darker: more likely)" : f.beta() == 0
                ? "prior of theta (darker: more likely)" : String.format(java.util.Locale.ROOT,
                "distribution at beta = %.3f (darker: more likely)", f.beta()), new Color(0x08519c)));
        plot.setFixedLegendItems(legend);
        return new JFreeChart(title(f), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }

    private static String title(Density f) {
        return String.format(java.util.Locale.ROOT, "The distribution of theta the samples follow at beta = %.3f", f.beta());
    }

    private static LegendItemCollection legend(Density f) {
        LegendItemCollection legend = new LegendItemCollection();
        LegendItem dot = new LegendItem(f.simplex() ? "a sample, at E[theta | its topics] (equal ones set side by side)"
                : "a sample, at E[theta_1 | its topics] (equal ones stacked)", SAMPLE);
        dot.setShape(new Ellipse2D.Double(-4, -4, 8, 8));
        legend.add(dot);
        return legend;
    }

    private static XYLineAndShapeRenderer dotsRenderer() {
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        dots.setSeriesShape(0, new Ellipse2D.Double(-4, -4, 8, 8));
        dots.setSeriesPaint(0, SAMPLE);
        return dots;
    }

    /** White to dark blue with the density. */
    private record Heat(double max) implements PaintScale {
        @Override
        public double getLowerBound() {
            return 0;
        }

        @Override
        public double getUpperBound() {
            return max;
        }

        @Override
        public Paint getPaint(double value) {
            double t = max > 0 ? Math.max(0, Math.min(1, Math.sqrt(value / max))) : 0;
            return new Color((int) (255 - t * (255 - 8)), (int) (255 - t * (255 - 81)), (int) (255 - t * (255 - 156)));
        }
    }

    Region root() {
        return root;
    }
}
