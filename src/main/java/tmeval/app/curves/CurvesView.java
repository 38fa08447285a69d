package tmeval.app.curves;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.data.xy.XYSeriesCollection;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.app.common.Messages;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Charts;
import tmeval.app.common.FigureText;
import tmeval.app.common.NumberField;

import java.awt.BasicStroke;
import java.awt.geom.Ellipse2D;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Foulds and Smyth's Figure 2: held-out corpus log-likelihood against training iteration for iteration-AIS and the
 * baselines (left), and the per-iteration variance of the per-document estimates across runs (right), each point
 * added as its snapshot finishes.
 */
public final class CurvesView {
    /** The status's lines shown at once; the rest scrolls. */
    static final double STATUS_LINES = 3;
    private final XYSeriesCollection likelihood = new XYSeriesCollection();
    private final XYSeriesCollection variance = new XYSeriesCollection();
    private final JFreeChart likelihoodChart;
    private final JFreeChart varianceChart;
    private final BorderPane root = new BorderPane();
    /** The drawn line of each series; the view never reads a method back out of a legend key. */
    private final Map<CurveSeries, XYSeries> drawn = new HashMap<>();
    /** The 95% intervals over runs, one series per method. */
    private final YIntervalSeriesCollection errorBars = new YIntervalSeriesCollection();
    private final Map<String, YIntervalSeries> intervalSeries = new HashMap<>();

    public CurvesView(CurvesViewModel control, UserMessages onError) {
        likelihoodChart = lineChart("Held-out log-likelihood per training iteration", CurvesViewModel.LIKELIHOOD_AXIS, likelihood);
        varianceChart = lineChart("Variance across runs", CurvesViewModel.VARIANCE_AXIS, variance);
        for (JFreeChart c : List.of(likelihoodChart, varianceChart)) {
            c.getPlot().setNoDataMessage(control.emptyMessageProperty().get());
        }
        control.emptyMessageProperty().addListener((o, a, text) -> {
            likelihoodChart.getPlot().setNoDataMessage(text);
            varianceChart.getPlot().setNoDataMessage(text);
        });
        ChartViewer left = new ChartViewer(likelihoodChart);
        left.setId("curve-chart");
        ChartViewer right = new ChartViewer(varianceChart);
        right.setId("variance-chart");
        Charts.leastSize(left);
        Charts.leastSize(right);
        HBox charts = new HBox(8, left, right);
        HBox.setHgrow(left, Priority.ALWAYS);
        HBox.setHgrow(right, Priority.ALWAYS);
        left.setPrefWidth(620);

        right.setPrefWidth(380);


        javafx.scene.layout.FlowPane controls = new javafx.scene.layout.FlowPane(10, 6);
        controls.setAlignment(Pos.CENTER_LEFT);
        controls.setPadding(new Insets(6));
        control.methods().forEach((name, on) -> {
            CheckBox box = new CheckBox(name);
            box.selectedProperty().bindBidirectional(on);
            controls.getChildren().add(box);
        });
        Spinner<Number> temps = NumberField.whole(control.form(), Setting.TEMPERATURES, control.temperaturesProperty(), 50);
        temps.setId("curve-temperatures");
        temps.setPrefWidth(100);
        Spinner<Number> runs = NumberField.whole(control.form(), Setting.RUNS, control.runsProperty(), 1);
        runs.setId("curve-runs");
        runs.setPrefWidth(70);
        Button run = new Button("Run curves");
        run.setId("curve-run");
        run.setDefaultButton(false);
        run.disableProperty().bind(control.runningProperty().or(control.inputs().seriesProperty().isNull()));
        run.setOnAction(e -> control.start());
        Button cancel = new Button("Cancel");
        cancel.setId("curve-cancel");
        cancel.disableProperty().bind(control.runningProperty().not());
        cancel.setOnAction(e -> control.cancel());
        Button stopTraining = new Button("Stop training");
        stopTraining.setId("curve-stop-training");
        stopTraining.setTooltip(new javafx.scene.control.Tooltip("End the training run after its current snapshot; the snapshots written are kept"));
        stopTraining.disableProperty().bind(control.live().trainingProperty().not());
        stopTraining.setOnAction(e -> control.live().stopTraining());
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(control.progressProperty());
        bar.setPrefWidth(140);
        Label status = new Label();
        status.setId("curve-status");
        status.textProperty().bind(control.messageProperty());
        Label series = new Label();
        series.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                control::seriesSummary, control.inputs().seriesProperty(), control.watchedProperty()));
        controls.getChildren().addAll(new Label("temperatures / snapshot"), temps, new Label(SettingName.RUNS.key()), runs, run, cancel, stopTraining, bar);
        for (javafx.scene.Node n : controls.getChildren()) {
            if (n instanceof Region r) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }

        // a watched folder's long path wraps and takes the spare width; the export labels keep theirs (at 1280 x 800
        // the path had cut "log-likelihood:" to "log-li..." and "variance:" to "...")
        Messages.wrapping(series);
        HBox.setHgrow(series, Priority.ALWAYS);
        Label likelihoodExport = new Label("log-likelihood:");
        likelihoodExport.setMinWidth(Region.USE_PREF_SIZE);
        Label varianceExport = new Label("variance:");
        varianceExport.setMinWidth(Region.USE_PREF_SIZE);
        HBox footer = new HBox(8, series,
                likelihoodExport, Charts.exportButtons(() -> Charts.Figure.of(likelihoodChart,
                        FigureText.of(likelihoodChart.getTitle().getText(), control.caption().textProperty().get())), () -> root.getScene().getWindow(), "curve", onError),
                varianceExport, Charts.exportButtons(() -> Charts.Figure.of(varianceChart,
                        FigureText.of(varianceChart.getTitle().getText(), control.caption().textProperty().get())), () -> root.getScene().getWindow(), "curve-variance", onError));
        footer.setAlignment(Pos.CENTER_LEFT);
        footer.getStyleClass().add("chart-footer");
        // the status (a warning of points below the vb floor among its lines) under the controls, wrapped: a long one
        // had widened the view, pushing the variance chart and its PNG/SVG buttons out of the window
        status.setPadding(new Insets(0, 6, 4, 6));
        // a watched series: the convergence verdict and the latest step, each a wrapped line of its own (shown only then)
        Label verdict = new Label();
        verdict.setId("curve-verdict");
        verdict.textProperty().bind(control.live().verdictProperty());
        Label step = new Label();
        step.setId("curve-step");
        step.textProperty().bind(control.live().stepProperty());
        VBox top = new VBox(controls, Messages.capped(status, STATUS_LINES));
        for (Label l : List.of(verdict, step)) {
            l.setPadding(new Insets(0, 6, 4, 6));
            javafx.scene.control.ScrollPane line = Messages.capped(l, 2);
            line.managedProperty().bind(l.textProperty().isNotEmpty());
            line.visibleProperty().bind(l.textProperty().isNotEmpty());
            top.getChildren().add(line);
        }
        root.setTop(top);
        root.setCenter(charts);
        root.setBottom(new VBox(footer));
        control.onReset(this::clear);
        control.onLikelihood(points -> add(likelihood, likelihoodChart, points));
        control.onVariance(points -> add(variance, varianceChart, points));
        control.onInterval(this::addIntervals);
    }

    private static JFreeChart lineChart(String title, String yLabel, XYSeriesCollection data) {
        NumberAxis x = new NumberAxis("training iteration");
        NumberAxis y = new NumberAxis(yLabel);
        y.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        renderer.setDefaultStroke(new BasicStroke(1.5f));
        // a legend line long enough to show a dash pattern
        renderer.setLegendLine(new java.awt.geom.Line2D.Double(-16, 0, 16, 0));
        XYPlot plot = new XYPlot(data, x, y, renderer);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        Charts.style(chart);
        return chart;
    }

    /** Vertical error bars with caps, nothing else (the runs' lines are drawn by the first renderer); an error bar in the legend. */
    private static final class ErrorBars extends XYErrorRenderer {
        private static final java.awt.Shape GLYPH = glyph();

        ErrorBars() {
            setDrawXError(false);
            setDefaultLinesVisible(false);
            setDefaultShapesVisible(false);
            setCapLength(8);
            setErrorStroke(new BasicStroke(1.5f));
        }

        private static java.awt.Shape glyph() {
            java.awt.geom.Path2D.Double p = new java.awt.geom.Path2D.Double();
            p.moveTo(0, -6);
            p.lineTo(0, 6);
            p.moveTo(-4, -6);
            p.lineTo(4, -6);
            p.moveTo(-4, 6);
            p.lineTo(4, 6);
            return p;
        }

        @Override
        public org.jfree.chart.LegendItem getLegendItem(int datasetIndex, int series) {
            XYPlot plot = getPlot();
            if (plot == null || plot.getDataset(datasetIndex) == null) {
                return null;
            }
            String label = String.valueOf(plot.getDataset(datasetIndex).getSeriesKey(series));
            org.jfree.chart.LegendItem item = new org.jfree.chart.LegendItem(label, null, null, null, false, GLYPH, false, java.awt.Color.WHITE,
                    false, java.awt.Color.WHITE, new BasicStroke(1f), true, GLYPH, new BasicStroke(1.5f), lookupSeriesPaint(series));
            item.setDataset(plot.getDataset(datasetIndex));
            item.setDatasetIndex(datasetIndex);
            item.setSeriesKey(plot.getDataset(datasetIndex).getSeriesKey(series));
            item.setSeriesIndex(series);
            return item;
        }
    }

    /** The error bars: a second dataset on the log-likelihood chart, drawn over the lines in each method's colour. */
    private void addIntervals(List<CurveInterval> intervals) {
        XYPlot plot = (XYPlot) likelihoodChart.getPlot();
        if (plot.getDataset(1) == null) {
            ErrorBars bars = new ErrorBars();
            plot.setDataset(1, errorBars);
            plot.setRenderer(1, bars);
            plot.setDatasetRenderingOrder(org.jfree.chart.plot.DatasetRenderingOrder.FORWARD);
        }
        XYErrorRenderer bars = (XYErrorRenderer) plot.getRenderer(1);
        for (CurveInterval i : intervals) {
            YIntervalSeries s = intervalSeries.computeIfAbsent(i.method(), m -> {
                YIntervalSeries created = new YIntervalSeries(i.label(), true, true);
                errorBars.addSeries(created);
                int index = errorBars.getSeriesCount() - 1;
                bars.setSeriesPaint(index, Charts.colour(i.colour()));
                return created;
            });
            s.add(i.iteration(), i.mean(), i.low(), i.high());
        }
    }

    private void clear() {
        errorBars.removeAllSeries();
        intervalSeries.clear();
        likelihood.removeAllSeries();
        variance.removeAllSeries();
        drawn.clear();
    }

    private void add(XYSeriesCollection data, JFreeChart chart, List<CurvePoint> points) {
        for (CurvePoint p : points) {
            drawn.computeIfAbsent(p.series(), key -> newSeries(data, chart, key)).add(p.iteration(), p.value());
        }
    }

    private static XYSeries newSeries(XYSeriesCollection data, JFreeChart chart, CurveSeries key) {
        XYSeries s = new XYSeries(key.label(), true, true);
        data.addSeries(s);
        XYLineAndShapeRenderer r = (XYLineAndShapeRenderer) ((XYPlot) chart.getPlot()).getRenderer();
        int i = data.getSeriesCount() - 1;
        r.setSeriesPaint(i, Charts.colour(key.colour()));
        r.setSeriesShape(i, SHAPES[key.shape() % SHAPES.length]);
        if (key.dashed()) {
            r.setSeriesStroke(i, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        } else {
            r.setSeriesStroke(i, new BasicStroke(1.5f));
        }
        return s;
    }

    /** Run 1 circles, run 2 squares, run 3 triangles, then diamonds. */
    private static final java.awt.Shape[] SHAPES = {new Ellipse2D.Double(-3.5, -3.5, 7, 7), new java.awt.Rectangle(-3, -3, 6, 6),
            new java.awt.Polygon(new int[] {0, 4, -4}, new int[] {-4, 3, 3}, 3), new java.awt.Polygon(new int[] {0, 4, 0, -4}, new int[] {-4, 0, 4, 0}, 4)};

    public Region root() {
        return root;
    }
}
