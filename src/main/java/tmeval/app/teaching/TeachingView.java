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
import org.jfree.chart.fx.ChartViewer;
import tmeval.run.plan.Setting;
import tmeval.app.common.Messages;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Charts;
import tmeval.app.common.FigureText;
import tmeval.app.common.NumberField;
import tmeval.model.Document;

import java.awt.Color;
import java.awt.Paint;

/**
 * What AIS does on one short document, step by step: the words coloured by the topic the first sample gives them,
 * every sample's running log-weight against the inverse temperature up to the current step with the exact
 * log P(w) as a line, the effective sample size across temperatures, a histogram of the log-weights at the step;
 * then ratio-AIS between the two models in both directions, and the 10/100/1000-temperature experiment. The controls
 * and the coloured words are laid out here; the charts are {@link TeachingCharts}.
 */
public final class TeachingView {
    /** The sub-tabs' names, in their order (the workbench's view names {@code teaching-NAME} select them). */
    public static final java.util.List<String> TABS = java.util.List.of("distributions", "steps", "ratio", "experiment");
    /** The lines of a sub-tab's text and of the summary shown at once; the rest scrolls (the charts keep their size). */
    static final double NOTE_LINES = 4;
    private final TabPane tabs = new TabPane();
    private final TeachingViewModel control;
    private final TeachingCharts charts = new TeachingCharts();
    private final BorderPane root = new BorderPane();
    private final FlowPane words = new FlowPane(4, 4);
    private final Timeline timer = new Timeline(new KeyFrame(Duration.millis(70), e -> tick()));

    public TeachingView(TeachingViewModel control, UserMessages onError) {
        this.control = control;
        // ---- controls
        ComboBox<Document> documents = new ComboBox<>(control.documents());
        documents.setId("teaching-document");
        documents.setPrefWidth(180);
        documents.setConverter(new StringConverter<>() {
            @Override
            public String toString(Document d) {
                return d == null ? "" : d.id() + "  (" + d.length() + " tokens)";
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
        cancel.disableProperty().bind(control.busyProperty().not().and(control.experiment().runningProperty().not()));
        cancel.setOnAction(e -> control.cancel());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(22, 22);
        busy.visibleProperty().bind(control.busyProperty());
        javafx.scene.control.TextField typed = new javafx.scene.control.TextField();
        typed.setId("teaching-typed");
        typed.setPromptText("or any document's id, or words");
        typed.setPrefWidth(200);
        typed.setOnAction(e -> control.useTyped(typed.getText()));
        Button use = new Button("Use");
        use.setOnAction(e -> control.useTyped(typed.getText()));
        Label typedNote = new Label();
        typedNote.textProperty().bind(control.typedNoteProperty());
        FlowPane controls = fixed(new FlowPane(10, 6, new Label("short document"), documents, typed, use, typedNote,
                new Label("AIS on its first"), prefix, new Label("tokens, under"), which, new Label("temperatures"), tempSpinner, new Label("samples"), samples, again, cancel, busy));

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
        ChartViewer traceViewer = viewer(charts.trace(), "teaching-trace");
        ChartViewer essViewer = viewer(charts.ess(), "teaching-ess");
        ChartViewer histViewer = viewer(charts.histogram(), "teaching-histogram");
        // the three side by side: stacked, the effective sample size over the histogram (rows of 45% and 55%, each
        // chart at least 150 high) asked some 340 px of the 300 the tab has at 1280 x 800, and the trace's axis label and
        // legend ran under the footer
        ais.add(traceViewer, 0, 0);
        ais.add(essViewer, 1, 0);
        ais.add(histViewer, 2, 0);
        ColumnConstraints wide = new ColumnConstraints();
        wide.setPercentWidth(50);
        ColumnConstraints narrow = new ColumnConstraints();
        narrow.setPercentWidth(25);
        ColumnConstraints narrow2 = new ColumnConstraints();
        narrow2.setPercentWidth(25);
        ais.getColumnConstraints().addAll(wide, narrow, narrow2);
        RowConstraints tall = new RowConstraints();
        tall.setPercentHeight(100);
        ais.getRowConstraints().add(tall);

        Label ratioText = note(control.ratioTextProperty());
        ratioText.setId("teaching-ratio-text");
        GridPane ratioCharts = new GridPane();
        ratioCharts.setHgap(8);
        ratioCharts.add(viewer(charts.ratio(), "teaching-ratio"), 0, 0);
        ratioCharts.add(viewer(charts.ratioRuns(), "teaching-ratio-runs"), 1, 0);
        ColumnConstraints traces = new ColumnConstraints();
        traces.setPercentWidth(60);
        ColumnConstraints runs = new ColumnConstraints();
        runs.setPercentWidth(40);
        ratioCharts.getColumnConstraints().addAll(traces, runs);
        RowConstraints full = new RowConstraints();
        full.setPercentHeight(100);
        ratioCharts.getRowConstraints().add(full);
        BorderPane ratio = new BorderPane(ratioCharts);
        ratio.setBottom(Messages.capped(ratioText, NOTE_LINES));

        Button runExperiment = new Button("Run the experiment");
        runExperiment.setId("teaching-experiment");
        runExperiment.disableProperty().bind(control.experiment().runningProperty());
        runExperiment.setOnAction(e -> control.runExperiment());
        Button cancelExperiment = new Button("Cancel");
        cancelExperiment.disableProperty().bind(control.experiment().runningProperty().not());
        cancelExperiment.setOnAction(e -> control.cancel());
        ProgressBar experimentBar = new ProgressBar();
        experimentBar.progressProperty().bind(control.experiment().progressProperty());
        GridPane experimentCharts = new GridPane();
        experimentCharts.setHgap(8);
        experimentCharts.add(viewer(charts.experiment(), "teaching-experiment-chart"), 0, 0);
        experimentCharts.add(viewer(charts.check(), "teaching-check-chart"), 1, 0);
        ColumnConstraints half1 = new ColumnConstraints();
        half1.setPercentWidth(50);
        ColumnConstraints half2 = new ColumnConstraints();
        half2.setPercentWidth(50);
        experimentCharts.getColumnConstraints().addAll(half1, half2);
        RowConstraints whole = new RowConstraints();
        whole.setPercentHeight(100);
        experimentCharts.getRowConstraints().add(whole);
        BorderPane experiment = new BorderPane(experimentCharts);
        // the caption wraps under the buttons (it was cut at 1280 x 800 as one line among them)
        Label experimentCaption = Messages.wrapping(new Label(AisWalkthrough.EXPERIMENT_RUNS + " runs of AIS at 10, 100 and 1000"
                + " temperatures, each with the samples set above; beside it, the two-sided check on " + TwoSidedCheck.DOCUMENTS
                + " documents drawn from the model"));
        experimentCaption.setId("teaching-experiment-caption");
        experimentCaption.setPadding(new Insets(0, 6, 2, 6));
        experiment.setTop(new VBox(fixed(new FlowPane(10, 6, runExperiment, cancelExperiment, experimentBar)), experimentCaption));
        Label experimentText = note(control.experiment().textProperty());
        experimentText.setId("teaching-experiment-text");
        experiment.setBottom(Messages.capped(experimentText, NOTE_LINES));

        tabs.getTabs().addAll(new Tab("Distributions: theta under a toy model", new DistributionsView(control.toy(), onError).root()),
                new Tab("AIS on this document", ais), new Tab("Ratio-AIS: forward and reverse", ratio),
                new Tab("Experiment: 10, 100, 1000 temperatures", experiment));
        for (int i = 0; i < TABS.size(); i++) {
            tabs.getTabs().get(i).setId("teaching-tab-" + TABS.get(i));
        }
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("teaching-tabs");

        Label explanation = note(control.summaryProperty());
        explanation.setId("teaching-summary");
        javafx.scene.control.ScrollPane explanationStrip = Messages.capped(explanation, NOTE_LINES);
        HBox footer = new HBox(8, explanationStrip,
                Charts.exportButtons(() -> Charts.Figure.of(charts.trace(),
                        FigureText.of(charts.trace().getTitle().getText(), control.summaryProperty().get())), () -> root.getScene().getWindow(), "ais-trace", onError));
        HBox.setHgrow(explanationStrip, Priority.ALWAYS); // the strip asks for no width of its own: it takes the spare
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
        control.ratioProperty().addListener((o, a, q) -> {
            charts.showRatio(q);
            charts.showRatioRuns(q);
        });
        control.experiment().experimentProperty().addListener((o, a, x) -> charts.showExperiment(x));
        if (control.runProperty().get() != null) {
            slider.setMax(control.runProperty().get().temperatures());
            slider.setValue(control.stepProperty().get());
            showStep();
        }
        charts.showRatio(control.ratioProperty().get());
        charts.showRatioRuns(control.ratioProperty().get());
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
        Label l = Messages.wrapping(new Label());
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
        charts.showRun(r, step, control.histogram(10));
    }

    private static String hex(Paint p) {
        Color c = p instanceof Color colour ? colour : Color.GRAY;
        return String.format("#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    /** Shows the sub-tab of this name, one of {@link #TABS}. */
    public void select(String tab) {
        tabs.getSelectionModel().select(TABS.indexOf(tab));
    }

    public Region root() {
        return root;
    }
}
