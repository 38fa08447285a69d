package tmeval.app.teaching;

import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import tmeval.app.common.Charts;
import tmeval.model.Document;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * What AIS does on one short document: each sample starts from the prior (weight 1, log-weight 0) and, as the
 * inverse temperature rises to 1, collects log P(w | z)^(beta_j - beta_{j-1}); the spread of the final log-weights
 * and their effective sample size show why a few samples can miss the answer, drawn as a reference line.
 */
public final class TeachingView {
    /** More lines than this are a blur. */
    private static final int MAX_TRACES_DRAWN = 30;

    private final BorderPane root = new BorderPane();
    private final XYSeriesCollection traces = new XYSeriesCollection();
    private final XYSeriesCollection finals = new XYSeriesCollection();
    private final JFreeChart traceChart;
    private final JFreeChart finalChart;
    private final Label explanation = new Label();

    public TeachingView(TeachingViewModel control, BiConsumer<String, String> onError) {
        NumberAxis beta = new NumberAxis("inverse temperature beta (0: prior, 1: posterior)");
        NumberAxis logW = new NumberAxis("running log-weight");
        logW.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, false);
        traceChart = new JFreeChart("AIS from the prior to the posterior, one line per sample", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(traces, beta, logW, lines), false);
        Charts.style(traceChart);
        NumberAxis sample = new NumberAxis("sample");
        sample.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        NumberAxis finalW = new NumberAxis("final log-weight");
        finalW.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        dots.setSeriesShape(0, new Ellipse2D.Double(-4, -4, 8, 8));
        dots.setSeriesPaint(0, Charts.colour(0));
        finalChart = new JFreeChart("Final weights", JFreeChart.DEFAULT_TITLE_FONT, new XYPlot(finals, sample, finalW, dots), false);
        Charts.style(finalChart);
        ChartViewer traceViewer = new ChartViewer(traceChart);
        traceViewer.setId("teaching-trace");
        ChartViewer finalViewer = new ChartViewer(finalChart);
        HBox charts = new HBox(8, traceViewer, finalViewer);
        HBox.setHgrow(traceViewer, Priority.ALWAYS);
        traceViewer.setPrefWidth(640);
        finalViewer.setPrefWidth(320);
        traceViewer.setMinWidth(300);
        finalViewer.setMinWidth(220);

        ComboBox<Document> documents = new ComboBox<>(control.documents());
        documents.setId("teaching-document");
        documents.setPrefWidth(180);
        documents.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Document d) {
                return d == null ? "" : d.id() + "  (N = " + d.length() + ")";
            }

            @Override
            public Document fromString(String s) {
                return null;
            }
        });
        ComboBox<TeachingViewModel.Model> which = new ComboBox<>(FXCollections.observableArrayList(TeachingViewModel.Model.values()));
        which.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(TeachingViewModel.Model m) {
                return m == null ? "" : m.label();
            }

            @Override
            public TeachingViewModel.Model fromString(String s) {
                return null;
            }
        });
        which.valueProperty().bindBidirectional(control.whichProperty());
        Spinner<Integer> temps = new Spinner<>(1, 100_000, control.temperaturesProperty().get(), 10);
        temps.setEditable(true);
        temps.setPrefWidth(95);
        temps.setId("teaching-temperatures");
        temps.valueProperty().addListener((o, a, b) -> control.temperaturesProperty().set(b));
        Spinner<Integer> samples = new Spinner<>(1, 1000, control.samplesProperty().get(), 5);
        samples.setEditable(true);
        samples.setPrefWidth(85);
        samples.valueProperty().addListener((o, a, b) -> control.samplesProperty().set(b));
        Spinner<Integer> prefix = new Spinner<>(1, 100_000, Math.max(1, control.tokensProperty().get()), 1);
        prefix.setEditable(true);
        prefix.setPrefWidth(80);
        prefix.setId("teaching-tokens");
        prefix.setTooltip(new javafx.scene.control.Tooltip("AIS on the first m tokens of the document; at most as many as the exact"
                + " evaluator can handle by default, so the exact answer can be drawn"));
        prefix.valueProperty().addListener((o, a, b) -> control.tokensProperty().set(b));
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(22, 22);
        busy.visibleProperty().bind(control.busyProperty());
        javafx.scene.layout.FlowPane controls = new javafx.scene.layout.FlowPane(10, 6, new Label("short document"), documents,
                new Label("first tokens"), prefix, which, new Label("temperatures"), temps, new Label("samples"), samples, busy);
        for (javafx.scene.Node n : controls.getChildren()) {
            if (n instanceof Region r) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        controls.setAlignment(Pos.CENTER_LEFT);
        controls.setPadding(new Insets(6));

        explanation.setWrapText(true);
        explanation.setId("teaching-summary");
        explanation.getStyleClass().add("chart-note");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox footer = new HBox(8, explanation, spacer,
                Charts.exportButtons(() -> traceChart, () -> root.getScene().getWindow(), "ais-trace", onError));
        HBox.setHgrow(explanation, Priority.SOMETIMES);
        footer.getStyleClass().add("chart-footer");
        root.setTop(controls);
        root.setCenter(charts);
        root.setBottom(new VBox(footer));

        documents.setOnAction(e -> control.choose(documents.getValue()));
        control.documentProperty().addListener((o, a, d) -> documents.getSelectionModel().select(d));
        control.tokensProperty().addListener((o, a, n) -> prefix.getValueFactory().setValue(Math.max(1, n.intValue())));
        control.runProperty().addListener((o, a, r) -> show(r));
        explanation.textProperty().bind(control.summaryProperty());
    }

    private void show(TeachingViewModel.Run r) {
        if (r == null) {
            return;
        }
        traces.removeAllSeries();
        finals.removeAllSeries();
        XYLineAndShapeRenderer lines = (XYLineAndShapeRenderer) ((XYPlot) traceChart.getPlot()).getRenderer();
        for (int s = 0; s < Math.min(r.traces().size(), MAX_TRACES_DRAWN); s++) {
            XYSeries series = new XYSeries("sample " + (s + 1), false, true);
            for (double[] p : r.traces().get(s)) {
                series.add(p[0], p[1]);
            }
            traces.addSeries(series);
            lines.setSeriesPaint(s, Charts.colour(s));
            lines.setSeriesStroke(s, new BasicStroke(1.2f));
        }
        XYSeries f = new XYSeries("final log-weights", false, true);
        for (int s = 0; s < r.finalLogWeights().length; s++) {
            f.add(s + 1, r.finalLogWeights()[s]);
        }
        finals.addSeries(f);
        for (JFreeChart chart : List.of(traceChart, finalChart)) {
            XYPlot plot = (XYPlot) chart.getPlot();
            plot.clearRangeMarkers();
            ValueMarker estimate = new ValueMarker(r.estimate(), Charts.colour(1) instanceof Color c ? c : Color.ORANGE, new BasicStroke(1.5f,
                    BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {5f, 4f}, 0f));
            estimate.setLabel("AIS estimate");
            placeLabel(estimate, true);
            plot.addRangeMarker(estimate);
            if (r.exact() != null) {
                ValueMarker exact = new ValueMarker(r.exact(), new Color(0x222222), new BasicStroke(1.5f));
                exact.setLabel("exact log P(w)");
                placeLabel(exact, false);
                plot.addRangeMarker(exact);
            }
        }
    }

    /** Marker labels inside the plot at the right, above or below their line, so they are never clipped. */
    private static void placeLabel(ValueMarker marker, boolean above) {
        marker.setLabelFont(new java.awt.Font("SansSerif", java.awt.Font.PLAIN, 11));
        marker.setLabelAnchor(above ? org.jfree.chart.ui.RectangleAnchor.TOP_RIGHT : org.jfree.chart.ui.RectangleAnchor.BOTTOM_RIGHT);
        marker.setLabelTextAnchor(above ? org.jfree.chart.ui.TextAnchor.BOTTOM_RIGHT : org.jfree.chart.ui.TextAnchor.TOP_RIGHT);
        marker.setLabelOffset(new org.jfree.chart.ui.RectangleInsets(2, 2, 2, 6));
    }

    public Region root() {
        return root;
    }
}
