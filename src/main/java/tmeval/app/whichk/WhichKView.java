package tmeval.app.whichk;

import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import tmeval.app.common.Messages;
import tmeval.app.common.Tables;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Charts;
import tmeval.app.common.FigureText;
import tmeval.app.common.NumberField;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;

import java.awt.BasicStroke;
import java.io.File;
import java.util.List;

/**
 * The "which K?" screen: the list of models on the left, the held-out score of each against K (or against the
 * models' names) with 95% error bars, and under it the table of models, with the documents each certifies and a warning
 * beside (and above) any whose numbers cannot all be trusted, and the pairwise decided counts.
 */
public final class WhichKView {
    /** The warnings' lines shown at once over the tables; the rest scrolls. */
    static final double WARNING_LINES = 2;

    private final WhichKViewModel model;
    private final BorderPane root = new BorderPane();
    private final YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    private final YIntervalSeriesCollection coherenceData = new YIntervalSeriesCollection();
    private final YIntervalSeriesCollection diversityData = new YIntervalSeriesCollection();
    /** The likelihood above, the coherence and diversity under it (once a per-K table exists), on one K axis. */
    private final org.jfree.chart.plot.CombinedDomainXYPlot combined = new org.jfree.chart.plot.CombinedDomainXYPlot();
    private XYPlot coherencePlot;
    private XYPlot diversityPlot;
    private final JFreeChart chart;
    /** The points as drawn, in x order: the item labels' source. */
    private List<WhichKRows.Point> drawn = List.of();

    public WhichKView(WhichKViewModel model, UserMessages onError) {
        this.model = model;
        chart = chart();
        ChartViewer viewer = new ChartViewer(chart);
        viewer.setId("whichk-chart");
        Charts.leastSize(viewer);
        model.points().addListener((ListChangeListener<WhichKRows.Point>) c -> redraw());
        model.byKProperty().addListener((o, a, b) -> redraw());
        model.perK().addListener((ListChangeListener<tmeval.run.output.WhichKRowFormat.PerK>) c -> redraw());

        TableView<WhichKRows.Row> table = ModelScoresTable.of(model.rows(), model.emptyMessageProperty());
        Tables.showRows(table);
        PairwiseTable pairwise = new PairwiseTable(model.pairwise(), model.pairColumns(), model.pairwiseHelp());
        Tables.showRows(pairwise.table());
        Label warnings = new Label();
        warnings.setId("whichk-warnings");
        warnings.getStyleClass().add("warning");
        warnings.setPadding(new Insets(4, 6, 4, 6));
        warnings.textProperty().bind(model.warningsProperty());
        // at 1280 x 800 the chart, the scores (eight rows at least) and the pairwise counts were too high for one column
        // (the warnings took the table's rows): the chart on the left, the two tables in tabs on the right, the warnings
        // over them in a strip of two lines that scrolls the rest
        Tab scores = new Tab("Scores", table);
        scores.setId("whichk-tab-scores");
        Tab pairs = new Tab("Pairwise", pairwise.root());
        pairs.setId("whichk-tab-pairwise");
        Tab perK = new Tab("Per K", new PerKScoresTable(model, onError).root());
        perK.setId("whichk-tab-per-k");
        TabPane tables = new TabPane(scores, perK, pairs);
        tables.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tables.setId("whichk-tables");
        // several models of a K among several K: the per-K table is the answer, shown when it arrives
        model.perK().addListener((ListChangeListener<tmeval.run.output.WhichKRowFormat.PerK>) c -> {
            if (model.perK().size() > 1 && model.perK().stream().anyMatch(k -> k.seeds() > 1)) {
                tables.getSelectionModel().select(perK);
            }
        });
        VBox tableBox = new VBox(Messages.capped(warnings, WARNING_LINES), tables);
        VBox.setVgrow(tables, Priority.ALWAYS);
        SplitPane centre = new SplitPane(viewer, tableBox);
        centre.setOrientation(Orientation.HORIZONTAL);
        centre.setDividerPositions(0.5); // the points are named beside them: the chart needs the room as much as the tables

        root.setTop(controls());
        root.setLeft(modelList());
        root.setCenter(centre);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Label corpus = new Label();
        corpus.textProperty().bind(Bindings.createStringBinding(() -> model.workspace().rawCorpusProperty().get() == null
                ? "held-out corpus: not loaded" : "held-out corpus: " + model.workspace().rawCorpusProperty().get().name()
                + ", each model scoring the words of its own vocabulary", model.workspace().rawCorpusProperty()));
        HBox footer = new HBox(8, corpus, spacer, Charts.exportButtons(() -> Charts.Figure.of(chart,
                FigureText.of(chart.getTitle().getText(), model.caption().textProperty().get())), () -> root.getScene().getWindow(), "which-k", onError));
        footer.setAlignment(Pos.CENTER_LEFT);
        footer.getStyleClass().add("chart-footer");
        root.setBottom(footer);
    }

    private VBox controls() {
        ChoiceBox<String> method = new ChoiceBox<>();
        method.getItems().setAll(model.settings().methodNames());
        method.valueProperty().bindBidirectional(model.settings().methodProperty());
        method.setId("whichk-method");
        method.setTooltip(new Tooltip("auto (the default, as tmeval select): each model's estimator and budget chosen by its own pilot, every"
                + " document's budget doubled until it is certified; or one estimator for every model at its default settings"));
        Spinner<Number> runs = NumberField.whole(model.form(), Setting.RUNS, model.settings().runsProperty(), 1);
        runs.setId("whichk-runs");
        runs.setPrefWidth(70);
        runs.disableProperty().bind(model.settings().autoProperty());
        runs.setTooltip(new Tooltip("Independent runs per document: two or more give the interval over runs and the pairwise decisions"
                + " (auto runs " + tmeval.run.auto.AutoEstimation.RUNS + ")"));
        Spinner<Number> budget = NumberField.whole(model.form(), WhichKPlan.BUDGET, model.settings().budgetProperty(), 100);
        budget.setId("whichk-budget");
        budget.setPrefWidth(90);
        budget.disableProperty().bind(model.settings().budgetApplies().not());
        budget.setTooltip(new Tooltip("The chosen method's budget (temperatures for ais, samples for the importance samplers, particles for lr,"
                + " the chain's length for chib), its default when the method is chosen; auto chooses each model's own"));
        Label budgetName = new Label();
        budgetName.textProperty().bind(model.settings().budgetName());
        budgetName.setMinWidth(Region.USE_PREF_SIZE);
        Spinner<Number> seed = NumberField.whole(model.form(), Setting.SEED, model.settings().seedProperty(), 1);
        seed.setId("whichk-seed");
        seed.setPrefWidth(70);
        seed.setTooltip(new Tooltip("The seed of every model's runs (each document's random stream depends on its position, so the models"
                + " share them)"));
        Label cost = new Label();
        cost.setId("whichk-cost");
        cost.textProperty().bind(model.settings().costProperty());
        cost.setTooltip(new Tooltip("Site updates of the job (on the corpus before each model's unknown words are dropped, so at most);"
                + " seconds at the rate tmeval bench measured, where it did; auto's escalation makes it a range"));
        ChoiceBox<WhichKRows.Measure> measure = new ChoiceBox<>();
        measure.getItems().setAll(WhichKRows.Measure.values());
        measure.valueProperty().bindBidirectional(model.measureProperty());
        measure.setId("whichk-measure");
        Button run = new Button("Score models");
        run.setId("whichk-run");
        run.disableProperty().bind(model.runningProperty().or(Bindings.size(model.models()).lessThan(2)));
        run.setOnAction(e -> model.start());
        Button cancel = new Button("Cancel");
        cancel.setId("whichk-cancel");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(model.progressProperty());
        bar.setPrefWidth(140);
        Label status = new Label();
        status.setId("whichk-status");
        status.textProperty().bind(model.messageProperty());
        FlowPane controls = new FlowPane(10, 6, new Label("method"), method, budgetName, budget, new Label(SettingName.RUNS.key()), runs,
                new Label(SettingName.SEED.key()), seed, new Label("plot"), measure, run, cancel, bar);
        controls.setAlignment(Pos.CENTER_LEFT);
        controls.setPadding(new Insets(6));
        for (javafx.scene.Node n : controls.getChildren()) {
            if (n instanceof Region r) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        // the job's message and the preview under the controls, wrapped: a long one never widens the screen
        Messages.wrapping(status);
        status.setPadding(new Insets(0, 6, 2, 6));
        Messages.wrapping(cost);
        cost.setPadding(new Insets(0, 6, 4, 6));
        return new VBox(controls, status, cost);
    }

    private VBox modelList() {
        ListView<WhichKViewModel.Entry> list = new ListView<>(model.models());
        list.setId("whichk-models");
        list.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        list.setPlaceholder(new Label("no model yet"));
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(WhichKViewModel.Entry e, boolean empty) {
                super.updateItem(e, empty);
                setText(empty || e == null ? null : WhichKViewModel.listName(e));
                // the name in full, over as many lines as the list's width needs (a cell as wide as its text would be cut)
                setWrapText(true);
                setPrefWidth(0);
                setTooltip(empty || e == null ? null : new Tooltip(WhichKViewModel.listName(e) + ", V = " + e.model().numWords()));
            }
        });
        Button files = new Button("Add files...");
        files.setId("whichk-add-files");
        files.setTooltip(new Tooltip("Model files (native TSV, MALLET state, ...), several at once"));
        files.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Models to compare");
            List<File> chosen = chooser.showOpenMultipleDialog(root.getScene().getWindow());
            if (chosen != null) {
                model.addFiles(chosen.stream().map(File::toPath).toList());
            }
        });
        Button withOptions = new Button("Add with options...");
        withOptions.setId("whichk-add-with-options");
        withOptions.setTooltip(new Tooltip("A model with estimate's options: alpha file, beta (or MALLET's state to read it from), matrix header"));
        withOptions.setOnAction(e -> ModelOptionsDialog.show(root.getScene().getWindow()).ifPresent(model::addModel));
        Button series = new Button("Add series");
        series.setId("whichk-add-series");
        series.setTooltip(new Tooltip("Every snapshot of the model series loaded on the Inputs panel"));
        series.setOnAction(e -> model.addSeries());
        Button ab = new Button("Add A and B");
        ab.setId("whichk-add-ab");
        ab.setOnAction(e -> model.addModelsAB());
        Button remove = new Button("Remove");
        remove.setOnAction(e -> List.copyOf(list.getSelectionModel().getSelectedItems()).forEach(model::remove));
        remove.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull().or(model.runningProperty()));
        Button clear = new Button("Clear");
        clear.setOnAction(e -> model.clear());
        clear.disableProperty().bind(model.runningProperty());
        for (Button b : List.of(files, withOptions, series, ab, remove, clear)) {
            b.setMaxWidth(Double.MAX_VALUE);
            b.setMinWidth(Region.USE_PREF_SIZE); // whole words: the list is as wide as its buttons need
        }
        files.disableProperty().bind(model.runningProperty().or(model.loadingProperty()));
        withOptions.disableProperty().bind(files.disableProperty());
        series.disableProperty().bind(model.runningProperty().or(model.workspace().seriesProperty().isNull()));
        ab.disableProperty().bind(model.runningProperty());
        Label title = new Label("Models");
        title.getStyleClass().add("section-title");
        HBox row1 = new HBox(4, files, series);
        HBox row2 = new HBox(4, withOptions, ab);
        HBox row3 = new HBox(4, remove, clear);
        for (HBox r : List.of(row1, row2, row3)) {
            r.getChildren().forEach(n -> HBox.setHgrow(n, Priority.ALWAYS));
        }
        VBox box = new VBox(6, title, list, row1, row2, row3);
        VBox.setVgrow(list, Priority.ALWAYS);
        box.setPadding(new Insets(0, 6, 6, 6));
        list.setPrefWidth(200); // the box is as wide as its rows of buttons need, whole
        box.setMinWidth(Region.USE_PREF_SIZE);
        return box;
    }

    private JFreeChart chart() {
        NumberAxis y = new NumberAxis(model.measureProperty().get().axis());
        y.setAutoRangeIncludesZero(false);
        // one model's interval can be a few millionths wide: ticks then read -7.42665E0; a range of at least 0.01 keeps plain decimals
        y.setAutoRangeMinimumSize(0.01);
        // room above and below for the names drawn beside the highest and lowest points
        y.setLowerMargin(0.1);
        y.setUpperMargin(0.1);
        // names to the right of the points, but the rightmost point's to its left: it would run off the chart
        org.jfree.chart.labels.ItemLabelPosition left = new org.jfree.chart.labels.ItemLabelPosition(
                org.jfree.chart.labels.ItemLabelAnchor.OUTSIDE9, org.jfree.chart.ui.TextAnchor.CENTER_RIGHT);
        XYErrorRenderer renderer = new XYErrorRenderer() {
            @Override
            public org.jfree.chart.labels.ItemLabelPosition getPositiveItemLabelPosition(int series, int item) {
                return item > 0 && item == drawn.size() - 1 ? left : super.getPositiveItemLabelPosition(series, item);
            }

            @Override
            public org.jfree.chart.labels.ItemLabelPosition getNegativeItemLabelPosition(int series, int item) {
                return item > 0 && item == drawn.size() - 1 ? left : super.getNegativeItemLabelPosition(series, item);
            }
        };
        renderer.setDrawXError(false);
        // the value axis over every point: bounds of the visible series only are taken within the K axis's range, which
        // under a combined plot is still the one before the points came (the chart stayed empty while a job ran)
        renderer.setDataBoundsIncludesVisibleSeriesOnly(false);
        renderer.setDefaultLinesVisible(true);
        renderer.setSeriesPaint(0, Charts.colour(0));
        renderer.setErrorPaint(Charts.colour(0));
        renderer.setErrorStroke(new BasicStroke(1.5f));
        renderer.setCapLength(8);
        renderer.setSeriesStroke(0, new BasicStroke(1.5f));
        // each point named beside it (a warning sign first when its numbers cannot all be trusted): models of equal K,
        // drawn a little apart, are told apart by name
        renderer.setDefaultItemLabelGenerator((dataset, series, item) -> series == 0 && item < drawn.size() ? drawn.get(item).text() : null);
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultItemLabelFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 11));
        // to the right of the point whatever its sign (log-likelihoods are negative: the renderer asks for the negative position)
        org.jfree.chart.labels.ItemLabelPosition right = new org.jfree.chart.labels.ItemLabelPosition(
                org.jfree.chart.labels.ItemLabelAnchor.OUTSIDE3, org.jfree.chart.ui.TextAnchor.CENTER_LEFT);
        renderer.setDefaultPositiveItemLabelPosition(right);
        renderer.setDefaultNegativeItemLabelPosition(right);
        // each K's mean over its models: a line of its own colour, no names (the per-K table has them)
        renderer.setSeriesPaint(1, Charts.colour(1));
        renderer.setSeriesStroke(1, new BasicStroke(2f));
        renderer.setSeriesLinesVisible(1, true);
        renderer.setSeriesShape(1, new java.awt.geom.Rectangle2D.Double(-4, -4, 8, 8));
        XYPlot plot = new XYPlot(data, null, y, renderer);
        plot.setNoDataMessage(model.emptyMessageProperty().get());
        model.emptyMessageProperty().addListener((o, a, text) -> plot.setNoDataMessage(text));
        combined.setDomainAxis(new NumberAxis(model.xAxis()));
        combined.setGap(6);
        combined.add(plot, 3);
        coherencePlot = besidePlot(coherenceData, "NPMI coherence", 2);
        diversityPlot = besidePlot(diversityData, "topic diversity", 3);
        JFreeChart c = new JFreeChart(TITLE, JFreeChart.DEFAULT_TITLE_FONT, combined, false);
        Charts.style(c);
        return c;
    }

    private static final String TITLE = "Held-out score of each model, 95% intervals";

    /** A plot under the likelihood's, on its K axis: one K's value with its interval, a point a K joined by a line. */
    private static XYPlot besidePlot(YIntervalSeriesCollection data, String axis, int colour) {
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDrawXError(false);
        r.setDataBoundsIncludesVisibleSeriesOnly(false);
        r.setDefaultLinesVisible(true);
        r.setSeriesPaint(0, Charts.colour(colour));
        r.setErrorPaint(Charts.colour(colour));
        r.setErrorStroke(new BasicStroke(1.5f));
        r.setCapLength(6);
        NumberAxis y = new NumberAxis(axis);
        y.setAutoRangeIncludesZero(false);
        y.setAutoRangeMinimumSize(0.01);
        return new XYPlot(data, null, y, r);
    }

    /** Draws the view-model's points again: the axes follow the measure and whether x is K or the models' names. */
    private void redraw() {
        XYPlot plot = (XYPlot) combined.getSubplots().get(0);
        data.removeAllSeries();
        // not sorted by the series: the labels are looked up by the item's index, in x order here
        YIntervalSeries s = new YIntervalSeries(model.measureProperty().get().axis(), false, true);
        List<WhichKRows.Point> points = List.copyOf(model.points());
        drawn = points.stream().sorted(java.util.Comparator.comparingDouble(WhichKRows.Point::x)).toList();
        for (WhichKRows.Point p : drawn) {
            s.add(p.x(), p.value(), p.low(), p.high());
        }
        // a line joins points only as a trend over K: not between models of equal K, nor between names
        boolean oneAK = drawn.stream().map(p -> Math.round(p.x())).distinct().count() == drawn.size();
        ((XYErrorRenderer) plot.getRenderer()).setSeriesLinesVisible(0, model.byKProperty().get() && oneAK);
        // several models of a K (training seeds): each K's mean, its coherence and its diversity beside, on the same K axis
        List<tmeval.run.output.WhichKRowFormat.PerK> perK = model.byKProperty().get() && !oneAK ? List.copyOf(model.perK()) : List.of();
        YIntervalSeries means = new YIntervalSeries("mean over the K's models", false, true);
        coherenceData.removeAllSeries();
        diversityData.removeAllSeries();
        YIntervalSeries coherence = new YIntervalSeries("coherence", false, true);
        YIntervalSeries diversity = new YIntervalSeries("diversity", false, true);
        for (tmeval.run.output.WhichKRowFormat.PerK k : perK) {
            WhichKRows.Point m = WhichKRows.meanPoint(k, model.scoredTokens(), model.measureProperty().get());
            means.add(m.x(), m.value(), m.low(), m.high());
            if (Double.isFinite(k.coherence())) {
                coherence.add(k.k(), k.coherence(), finite(k.coherenceLow(), k.coherence()), finite(k.coherenceHigh(), k.coherence()));
            }
            diversity.add(k.k(), k.diversity(), finite(k.diversityLow(), k.diversity()), finite(k.diversityHigh(), k.diversity()));
        }
        boolean beside = !perK.isEmpty();
        if (beside && !combined.getSubplots().contains(coherencePlot)) {
            combined.add(coherencePlot, 1);
            combined.add(diversityPlot, 1);
        } else if (!beside && combined.getSubplots().contains(coherencePlot)) {
            combined.remove(coherencePlot);
            combined.remove(diversityPlot);
        }
        chart.setTitle(beside ? "Each model (seed) and each K's mean, with coherence and diversity; 95% intervals" : TITLE);
        chart.clearSubtitles();
        if (points.stream().anyMatch(WhichKRows.Point::warned)) {
            org.jfree.chart.title.TextTitle note = new org.jfree.chart.title.TextTitle("\u26a0: runs below the vb floor or documents not"
                    + " certified (the table's warning column says which)", new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 11));
            note.setPaint(new java.awt.Color(0xa0, 0x50, 0x00));
            chart.addSubtitle(note);
        }
        ValueAxis x;
        if (model.byKProperty().get()) {
            NumberAxis k = new NumberAxis(model.xAxis());
            k.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
            k.setAutoRangeIncludesZero(false);
            k.setLowerMargin(0.08);
            k.setUpperMargin(0.08);
            x = k;
        } else {
            String[] names = points.stream().map(WhichKRows.Point::label).toArray(String[]::new);
            SymbolAxis names1 = new SymbolAxis(model.xAxis(), names.length == 0 ? new String[] {""} : names);
            names1.setGridBandsVisible(false);
            names1.setVerticalTickLabels(names.length > 6);
            x = names1;
        }
        combined.setDomainAxis(x);
        // under the plots beside it the axis is a third as high: a short name that fits it
        plot.getRangeAxis().setLabel(beside ? model.measureProperty().get().shortAxis() : model.measureProperty().get().axis());
        data.addSeries(s);
        if (beside) {
            data.addSeries(means);
            coherenceData.addSeries(coherence);
            diversityData.addSeries(diversity);
        }
    }

    private static double finite(double x, double otherwise) {
        return Double.isFinite(x) ? x : otherwise;
    }

    public Region root() {
        return root;
    }
}
