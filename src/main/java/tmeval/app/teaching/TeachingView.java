package tmeval.app.teaching;

import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import tmeval.run.Setting;
import tmeval.app.common.Charts;
import tmeval.app.common.NumberField;
import tmeval.model.Document;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * What AIS does on one short document, step by step: the words coloured by the topic the first sample gives them,
 * every sample's running log-weight against the inverse temperature up to the current step with the exact
 * log P(w) as a line, the effective sample size across temperatures, a histogram of the log-weights at the step;
 * then ratio-AIS between the two models in both directions, and the 10/100/1000-temperature experiment. Marker
 * lines are named in the legend, never by labels on the plot, so nothing overprints.
 */
public final class TeachingView {
    /** More lines than this are a blur. */
    private static final int MAX_TRACES_DRAWN = 30;
    /** At most about this many points per drawn line. */
    private static final int MAX_POINTS = 400;
    private static final Color ESTIMATE = new Color(0xd62728);
    private static final Color EXACT = new Color(0x222222);
    private static final Stroke DASHED = new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
    private static final Stroke SOLID = new BasicStroke(1.8f);

    private final TeachingViewModel control;
    private final BorderPane root = new BorderPane();
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
    private final FlowPane words = new FlowPane(4, 4);
    private final Timeline timer = new Timeline(new KeyFrame(Duration.millis(70), e -> tick()));

    public TeachingView(TeachingViewModel control, BiConsumer<String, String> onError) {
        this.control = control;
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
        NumberAxis ratioAxis = new NumberAxis("running estimate of log P_A(w) / P_B(w) (nats)");
        ratioAxis.setAutoRangeIncludesZero(false);
        ratioChart = new JFreeChart("Ratio-AIS between models A and B, both directions", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(ratioTraces, beta3, ratioAxis, new XYLineAndShapeRenderer(true, false)), true);
        Charts.style(ratioChart);

        SymbolAxis temps = new SymbolAxis("temperatures", new String[] {"", "10", "100", "1000", ""});
        NumberAxis estimates = new NumberAxis("AIS estimate of log P(w) (nats)");
        estimates.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        dots.setSeriesShape(0, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
        dots.setSeriesPaint(0, Charts.colour(0));
        experimentChart = new JFreeChart("AIS repeated: the spread shrinks as the temperatures grow", JFreeChart.DEFAULT_TITLE_FONT,
                new XYPlot(strip, temps, estimates, dots), true);
        Charts.style(experimentChart);

        // ---- controls
        ComboBox<Document> documents = new ComboBox<>(control.documents());
        documents.setId("teaching-document");
        documents.setPrefWidth(180);
        documents.setConverter(new StringConverter<>() {
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
        which.setConverter(new StringConverter<>() {
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
        Spinner<Number> tempSpinner = NumberField.whole(control.form(), Setting.TEACHING_TEMPERATURES, control.temperaturesProperty(), 10);
        tempSpinner.setPrefWidth(95);
        tempSpinner.setId("teaching-temperatures");
        Spinner<Number> samples = NumberField.whole(control.form(), Setting.TEACHING_SAMPLES, control.samplesProperty(), 5);
        samples.setPrefWidth(85);
        samples.setId("teaching-samples");
        // 0: the whole document (before one is chosen)
        Spinner<Number> prefix = NumberField.whole(control.form(), Setting.TEACHING_TOKENS, control.tokensProperty(), 1);
        prefix.setPrefWidth(80);
        prefix.setId("teaching-tokens");
        prefix.setTooltip(new Tooltip("AIS on the first m tokens of the document; at most as many as the exact"
                + " evaluator can handle by default, so the exact answer can be drawn"));
        Button again = new Button("Run again with a new seed");
        again.setId("teaching-new-seed");
        again.setOnAction(e -> control.runAgainWithNewSeed());
        Button cancel = new Button("Cancel");
        cancel.disableProperty().bind(control.busyProperty().not().and(control.experimentRunningProperty().not()));
        cancel.setOnAction(e -> control.cancel());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(22, 22);
        busy.visibleProperty().bind(control.busyProperty());
        FlowPane controls = fixed(new FlowPane(10, 6, new Label("short document"), documents,
                new Label("first tokens"), prefix, which, new Label("temperatures"), tempSpinner, new Label("samples"), samples, again, cancel, busy));

        Button first = new Button("|<");
        first.setOnAction(e -> control.toStart());
        Button back = new Button("<");
        back.setOnAction(e -> control.stepBack());
        Button play = new Button();
        play.setId("teaching-play");
        play.setPrefWidth(70);
        play.textProperty().bind(javafx.beans.binding.Bindings.when(control.playingProperty()).then("Pause").otherwise("Play"));
        play.setOnAction(e -> control.togglePlay());
        Button forward = new Button(">");
        forward.setOnAction(e -> control.stepForward());
        Button last = new Button(">|");
        last.setOnAction(e -> control.toEnd());
        Slider slider = new Slider(0, 1, 0);
        slider.setId("teaching-step");
        slider.setPrefWidth(260);
        slider.setBlockIncrement(1);
        slider.valueProperty().addListener((o, a, b) -> {
            if (slider.isValueChanging() || slider.isFocused()) {
                control.stepProperty().set((int) Math.round(b.doubleValue()));
            }
        });
        Label stepText = new Label();
        stepText.textProperty().bind(control.stepTextProperty());
        FlowPane stepping = fixed(new FlowPane(6, 6, new Label("temperature"), first, back, play, forward, last, slider, stepText));

        words.setPadding(new Insets(2, 6, 6, 6));
        words.setId("teaching-words");
        VBox top = new VBox(controls, stepping, words);

        GridPane ais = new GridPane();
        ais.setHgap(8);
        ais.setVgap(8);
        ChartViewer traceViewer = viewer(traceChart, "teaching-trace");
        ChartViewer essViewer = viewer(essChart, "teaching-ess");
        ChartViewer histViewer = viewer(histogramChart, "teaching-histogram");
        ais.add(traceViewer, 0, 0, 1, 2);
        ais.add(essViewer, 1, 0);
        ais.add(histViewer, 1, 1);
        ColumnConstraints wide = new ColumnConstraints();
        wide.setPercentWidth(62);
        ColumnConstraints narrow = new ColumnConstraints();
        narrow.setPercentWidth(38);
        ais.getColumnConstraints().addAll(wide, narrow);
        RowConstraints half = new RowConstraints();
        half.setPercentHeight(45);
        RowConstraints rest = new RowConstraints();
        rest.setPercentHeight(55);
        ais.getRowConstraints().addAll(half, rest);

        Label ratioText = note(control.ratioTextProperty());
        BorderPane ratio = new BorderPane(viewer(ratioChart, "teaching-ratio"));
        ratio.setBottom(ratioText);

        Button runExperiment = new Button("Run the experiment");
        runExperiment.setId("teaching-experiment");
        runExperiment.disableProperty().bind(control.experimentRunningProperty());
        runExperiment.setOnAction(e -> control.runExperiment());
        Button cancelExperiment = new Button("Cancel");
        cancelExperiment.disableProperty().bind(control.experimentRunningProperty().not());
        cancelExperiment.setOnAction(e -> control.cancel());
        ProgressBar experimentBar = new ProgressBar();
        experimentBar.progressProperty().bind(control.experimentProgressProperty());
        BorderPane experiment = new BorderPane(viewer(experimentChart, "teaching-experiment-chart"));
        experiment.setTop(fixed(new FlowPane(10, 6, runExperiment, cancelExperiment, experimentBar,
                new Label(AisWalkthrough.EXPERIMENT_RUNS + " runs of AIS at 10, 100 and 1000 temperatures, each with the samples set above"))));
        experiment.setBottom(note(control.experimentTextProperty()));

        TabPane tabs = new TabPane(new Tab("AIS on this document", ais), new Tab("Ratio-AIS: forward and reverse", ratio),
                new Tab("Experiment: 10, 100, 1000 temperatures", experiment));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("teaching-tabs");

        Label explanation = note(control.summaryProperty());
        explanation.setId("teaching-summary");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox footer = new HBox(8, explanation, spacer,
                Charts.exportButtons(() -> traceChart, () -> root.getScene().getWindow(), "ais-trace", onError));
        HBox.setHgrow(explanation, Priority.SOMETIMES);
        footer.getStyleClass().add("chart-footer");
        root.setTop(top);
        root.setCenter(tabs);
        root.setBottom(new VBox(footer));

        timer.setCycleCount(Animation.INDEFINITE);
        documents.setOnAction(e -> control.choose(documents.getValue()));
        control.documentProperty().addListener((o, a, d) -> documents.setValue(d));
        control.documents().addListener((javafx.collections.ListChangeListener<Document>) c ->
                javafx.application.Platform.runLater(() -> documents.setValue(control.documentProperty().get())));
        documents.setValue(control.documentProperty().get());
        control.tokensProperty().addListener((o, a, n) -> prefix.getValueFactory().setValue(Math.max(1, n.intValue())));
        control.runProperty().addListener((o, a, r) -> {
            slider.setMax(r == null ? 1 : r.temperatures());
            slider.setValue(control.stepProperty().get());
            showStep();
        });
        control.stepProperty().addListener((o, a, b) -> {
            slider.setValue(b.intValue());
            showStep();
        });
        control.playingProperty().addListener((o, a, on) -> {
            if (on) {
                timer.play();
            } else {
                timer.stop();
            }
        });
        control.ratioProperty().addListener((o, a, q) -> showRatio(q));
        control.experimentProperty().addListener((o, a, x) -> showExperiment(x));
        if (control.runProperty().get() != null) {
            slider.setMax(control.runProperty().get().temperatures());
            slider.setValue(control.stepProperty().get());
            showStep();
        }
        showRatio(control.ratioProperty().get());
    }

    private void tick() {
        control.tick();
    }

    private static ChartViewer viewer(JFreeChart chart, String id) {
        ChartViewer v = new ChartViewer(chart);
        v.setId(id);
        v.setMinSize(200, 150);
        return v;
    }

    private static Label note(javafx.beans.value.ObservableValue<String> text) {
        Label l = new Label();
        l.setWrapText(true);
        l.getStyleClass().add("chart-note");
        l.setPadding(new Insets(4, 6, 4, 6));
        l.textProperty().bind(text);
        return l;
    }

    private static FlowPane fixed(FlowPane pane) {
        for (Node n : pane.getChildren()) {
            if (n instanceof Region r) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        pane.setAlignment(Pos.CENTER_LEFT);
        pane.setPadding(new Insets(4, 6, 4, 6));
        return pane;
    }

    /** Redraws what depends on the step: the words, the lines up to it, the ESS up to it, the histogram at it. */
    private void showStep() {
        AisWalkthrough.Run r = control.runProperty().get();
        if (r == null) {
            return;
        }
        int step = Math.min(control.stepProperty().get(), r.temperatures());
        words.getChildren().clear();
        Label caption = new Label("topics of sample 1:");
        words.getChildren().add(caption);
        for (AisWalkthrough.Word w : control.words()) {
            Label l = new Label(w.text());
            l.setTooltip(new Tooltip("topic " + (w.topic() + 1)));
            l.setStyle("-fx-background-color: " + hex(Charts.colour(w.topic())) + "; -fx-text-fill: white; -fx-padding: 2 7 2 7;"
                    + " -fx-background-radius: 4; -fx-font-weight: bold;");
            words.getChildren().add(l);
        }
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
        for (AisWalkthrough.Bin b : control.histogram(10)) {
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

    private void showRatio(AisWalkthrough.RatioRun q) {
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
        legend.add(line(String.format(java.util.Locale.ROOT, "forward, B to A: %.3f (lower bound)", q.forward()), forwardColour, DASHED));
        legend.add(line(String.format(java.util.Locale.ROOT, "reverse, A to B, negated: %.3f (upper bound)", q.reverse()), reverseColour, DASHED));
        plot.addRangeMarker(new ValueMarker(q.forward(), forwardColour, DASHED));
        plot.addRangeMarker(new ValueMarker(q.reverse(), reverseColour, DASHED));
        if (q.exact() != null) {
            plot.addRangeMarker(new ValueMarker(q.exact(), EXACT, SOLID));
            legend.add(line(String.format(java.util.Locale.ROOT, "exact log ratio %.3f", q.exact()), EXACT, SOLID));
        }
        plot.setFixedLegendItems(legend);
    }

    private void showExperiment(AisWalkthrough.Experiment x) {
        strip.removeAllSeries();
        XYPlot plot = (XYPlot) experimentChart.getPlot();
        plot.clearRangeMarkers();
        if (x == null) {
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

    private static String hex(Paint p) {
        Color c = p instanceof Color colour ? colour : Color.GRAY;
        return String.format("#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    public Region root() {
        return root;
    }
}
