package tmeval.app;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import tmeval.anneal.Schedule;
import tmeval.io.OutputFile;
import tmeval.io.SampleData;
import tmeval.io.InputException;
import tmeval.run.ComparisonPlan;
import tmeval.run.ComparisonRunner;

import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The workbench's composition root: creates the view-models and views and lays them out (inputs on the left, the
 * run panel on top, the views in tabs). Holds no estimator logic.
 */
public final class Workbench {
    private final Background background = new Background();
    private final Inputs inputs;
    private final Results results = new Results();
    private final RunControl run;
    private final CurveControl curves;
    private final DocumentInspector inspector;
    private final TeachingControl teaching;
    private final IntegerProperty selectedDocument = new SimpleIntegerProperty(-1);
    private final BorderPane root = new BorderPane();
    private final TabPane tabs = new TabPane();
    private final ScatterView scatter;
    private final VarianceTableView table;
    private final CurveView curveView;
    private final DocumentPanel documentPanel;
    private final TeachingView teachingView;
    private BiConsumer<String, String> errorHandler = Workbench::showError;

    public Workbench() {
        inputs = new Inputs(background);
        inputs.setErrorHandler((title, message) -> errorHandler.accept(title, message));
        inputs.setMatrixCompanions(this::chooseMatrixCompanions);
        run = new RunControl(inputs, results, background);
        run.setErrorHandler((title, message) -> errorHandler.accept(title, message));
        curves = new CurveControl(inputs, background);
        inspector = new DocumentInspector(inputs, run, background);
        teaching = new TeachingControl(background);
        BiConsumer<String, String> onError = (t, m) -> errorHandler.accept(t, m);
        scatter = new ScatterView(results, selectedDocument, () -> select("document"), onError);
        table = new VarianceTableView(results, onError);
        curveView = new CurveView(curves, inputs, onError);
        documentPanel = new DocumentPanel(inspector, results, inputs, selectedDocument, onError);
        teachingView = new TeachingView(teaching, inputs, onError);
        tabs.getTabs().addAll(
                tab("scatter", "Per-document scatter", scatter.root()),
                tab("table", "Variance table", table.root()),
                tab("curves", "Iteration curves", curveView.root()),
                tab("document", "Document", documentPanel.root()),
                tab("teaching", "Teaching: AIS step by step", teachingView.root()));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("views");
        VBox top = new VBox(menuBar(), new RunPanel(run, inputs).root());
        root.setTop(top);
        root.setLeft(new InputsPanel(inputs, this::openSampleData).root());
        root.setCenter(tabs);
        Label status = new Label();
        status.textProperty().bind(inputs.statusProperty());
        HBox bar = new HBox(status);
        bar.getStyleClass().add("status-bar");
        root.setBottom(bar);
        root.getStylesheets().add(Workbench.class.getResource("workbench.css").toExternalForm());
    }

    private static Tab tab(String id, String title, javafx.scene.Node content) {
        Tab t = new Tab(title, content);
        t.setId("tab-" + id);
        return t;
    }

    /** Selects a view by id: scatter, table, curves, document, teaching. */
    public void select(String id) {
        for (Tab t : tabs.getTabs()) {
            if (t.getId().equals("tab-" + id)) {
                tabs.getSelectionModel().select(t);
            }
        }
    }

    private MenuBar menuBar() {
        Menu file = new Menu("File");
        MenuItem openA = item("Open model A...", () -> chooseAndLoad(Inputs.Slot.MODEL_A));
        MenuItem openB = item("Open model B...", () -> chooseAndLoad(Inputs.Slot.MODEL_B));
        MenuItem openCorpus = item("Open held-out corpus...", () -> chooseAndLoad(Inputs.Slot.CORPUS));
        MenuItem openSession = item("Open session...", this::chooseSession);
        MenuItem saveSession = item("Save session...", this::saveSessionAs);
        MenuItem export = item("Export per-document results (TSV)...", this::exportResults);
        MenuItem sample = item("Reload sample data", this::openSampleData);
        MenuItem quit = item("Quit", () -> root.getScene().getWindow().hide());
        file.getItems().addAll(openA, openB, openCorpus, new SeparatorMenuItem(), openSession, saveSession, export,
                new SeparatorMenuItem(), sample, new SeparatorMenuItem(), quit);
        Menu view = new Menu("View");
        for (String[] v : new String[][] {{"scatter", "Per-document scatter"}, {"table", "Variance table"}, {"curves", "Iteration curves"},
                {"document", "Document"}, {"teaching", "Teaching"}}) {
            view.getItems().add(item(v[1], () -> select(v[0])));
        }
        return new MenuBar(file, view);
    }

    private static MenuItem item(String text, Runnable action) {
        MenuItem i = new MenuItem(text);
        i.setOnAction(e -> action.run());
        return i;
    }

    private Window window() {
        return root.getScene() == null ? null : root.getScene().getWindow();
    }

    private void chooseAndLoad(Inputs.Slot slot) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open " + slot.label());
        File f = chooser.showOpenDialog(window());
        if (f != null) {
            inputs.load(slot, f.toPath());
        }
    }

    /** For a topic-word matrix: its alpha file, and a vocabulary file when the matrix carries no words. */
    private tmeval.io.ModelLoader.Spec chooseMatrixCompanions(Path matrix) {
        FileChooser alpha = new FileChooser();
        alpha.setTitle("Alpha values for " + matrix.getFileName() + " (K numbers, or one for a symmetric prior)");
        File alphaFile = alpha.showOpenDialog(window());
        if (alphaFile == null) {
            return null;
        }
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, "Does " + matrix.getFileName()
                + " need a separate vocabulary file (no header row of words and no word column)?",
                javafx.scene.control.ButtonType.YES, javafx.scene.control.ButtonType.NO);
        ask.setHeaderText("Vocabulary");
        File vocabulary = null;
        if (ask.showAndWait().orElse(javafx.scene.control.ButtonType.NO) == javafx.scene.control.ButtonType.YES) {
            FileChooser v = new FileChooser();
            v.setTitle("Vocabulary for " + matrix.getFileName() + " (one word per line)");
            vocabulary = v.showOpenDialog(window());
        }
        return new tmeval.io.ModelLoader.Spec(matrix, alphaFile.toPath(), vocabulary == null ? null : vocabulary.toPath(), false);
    }

    public void openSampleData() {
        Path dir = SampleData.locate();
        if (dir == null) {
            errorHandler.accept("No sample data", "the sample-data folder was not found beside the jar or in the working directory");
            return;
        }
        inputs.loadSampleData(dir);
    }

    // --- sessions and exports -------------------------------------------------------------------------------

    private void exportResults() {
        FileChooser chooser = new FileChooser();
        chooser.setInitialFileName("comparison.tsv");
        File f = chooser.showSaveDialog(window());
        if (f == null) {
            return;
        }
        try {
            exportResults(f.toPath());
        } catch (IOException e) {
            errorHandler.accept("Cannot export", f + ": " + e.getMessage());
        }
    }

    /** The per-document results in the columns of the command line's compare output. */
    public void exportResults(Path path) throws IOException {
        try (OutputFile file = OutputFile.create(path)) {
            Writer w = file.writer();
            w.write("docId\tN\tmethod\tdirection\trun\tlogRatio\tperplexityRatio\tsiteUpdates\tmillis\n");
            for (ComparisonRunner.Result r : results.all()) {
                if (r.refused() || r.reference()) {
                    continue;
                }
                w.write(r.documentId() + "\t" + r.length() + "\t" + r.method() + "\t" + r.direction().label() + "\t" + r.run() + "\t"
                        + r.result().logRatio() + "\t" + r.result().perplexityRatio(r.length()) + "\t" + r.result().siteUpdates() + "\t"
                        + String.format(Locale.ROOT, "%.3f", r.result().nanos() / 1e6) + "\n");
            }
            file.commit();
        }
    }

    private void saveSessionAs() {
        FileChooser chooser = new FileChooser();
        chooser.setInitialFileName("workbench.tmeval-session.tsv");
        File f = chooser.showSaveDialog(window());
        if (f != null) {
            try {
                saveSession(f.toPath());
            } catch (IOException e) {
                errorHandler.accept("Cannot save the session", f + ": " + e.getMessage());
            }
        }
    }

    public void saveSession(Path path) throws IOException {
        Map<String, Path> in = new LinkedHashMap<>();
        in.put("modelA", inputs.path(Inputs.Slot.MODEL_A));
        in.put("modelB", inputs.path(Inputs.Slot.MODEL_B));
        in.put("corpus", inputs.path(Inputs.Slot.CORPUS));
        in.put("series", inputs.path(Inputs.Slot.SERIES));
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("temperatures", Integer.toString(run.temperaturesProperty().get()));
        settings.put("samples", Integer.toString(run.samplesProperty().get()));
        settings.put("burnIn", Integer.toString(run.burnInProperty().get()));
        settings.put("schedule", run.scheduleProperty().get().label());
        settings.put("runs", Integer.toString(run.runsProperty().get()));
        settings.put("seed", Integer.toString(run.seedProperty().get()));
        settings.put("threads", Integer.toString(run.threadsProperty().get()));
        settings.put("reference", run.referenceProperty().get().label());
        settings.put("align", Boolean.toString(inputs.alignProperty().get()));
        settings.put("minTokens", Integer.toString(inputs.minTokensProperty().get()));
        settings.put("methods", String.join(",", run.selectedMethods()));
        SessionFile.write(new SessionFile.Session(in, settings, results.all()), path);
    }

    private void chooseSession() {
        FileChooser chooser = new FileChooser();
        File f = chooser.showOpenDialog(window());
        if (f != null) {
            openSession(f.toPath());
        }
    }

    /** Reopens a session: settings at once, inputs in the background, then the saved results. */
    public void openSession(Path path) {
        SessionFile.Session session;
        try {
            session = SessionFile.read(path);
        } catch (InputException e) {
            errorHandler.accept("Cannot open the session", e.getMessage());
            return;
        }
        Map<String, String> s = session.settings();
        try {
            setInt(s, "temperatures", run.temperaturesProperty());
            setInt(s, "samples", run.samplesProperty());
            setInt(s, "burnIn", run.burnInProperty());
            setInt(s, "runs", run.runsProperty());
            setInt(s, "seed", run.seedProperty());
            setInt(s, "threads", run.threadsProperty());
            setInt(s, "minTokens", inputs.minTokensProperty());
            if (s.containsKey("schedule")) {
                run.scheduleProperty().set(Schedule.parse(s.get("schedule")));
            }
            if (s.containsKey("reference")) {
                run.referenceProperty().set(ComparisonPlan.Reference.parse(s.get("reference")));
            }
            if (s.containsKey("align")) {
                inputs.alignProperty().set(Boolean.parseBoolean(s.get("align")));
            }
            if (s.containsKey("methods")) {
                List<String> on = List.of(s.get("methods").split(","));
                run.methods().forEach((name, p) -> p.set(on.contains(name)));
            }
        } catch (IllegalArgumentException e) {
            errorHandler.accept("Cannot open the session", path + ": a setting is invalid: " + e.getMessage());
            return;
        }
        int[] pending = {0};
        Runnable applyResults = () -> {
            var corpus = inputs.corpusProperty().get();
            if (corpus == null) {
                return;
            }
            List<ComparisonRunner.Result> valid = session.results().stream()
                    .filter(r -> r.documentIndex() < corpus.size() && corpus.document(r.documentIndex()).id().equals(r.documentId()))
                    .toList();
            results.reset(corpus);
            results.addAll(valid);
            if (valid.size() < session.results().size()) {
                errorHandler.accept("Session results do not all fit the corpus", (session.results().size() - valid.size())
                        + " results name documents the loaded corpus does not have at that position; they were left out");
            }
        };
        Map<String, Inputs.Slot> slots = Map.of("modelA", Inputs.Slot.MODEL_A, "modelB", Inputs.Slot.MODEL_B,
                "corpus", Inputs.Slot.CORPUS, "series", Inputs.Slot.SERIES);
        // the results are applied once every input of the session is in its slot, whichever finishes last
        session.inputs().forEach((name, p) -> pending[0]++);
        Runnable oneDone = () -> {
            if (--pending[0] == 0) {
                applyResults.run();
            }
        };
        session.inputs().forEach((name, p) -> inputs.load(slots.get(name), p, oneDone));
        if (pending[0] == 0) {
            applyResults.run();
        }
    }

    private static void setInt(Map<String, String> s, String key, IntegerProperty p) {
        if (s.containsKey(key)) {
            p.set(Integer.parseInt(s.get(key).trim()));
        }
    }

    private static void showError(String title, String message) {
        Alert alert = new Alert(Alert.AlertType.ERROR, message);
        alert.setTitle(title);
        alert.setHeaderText(title);
        alert.getDialogPane().setId("error-dialog");
        alert.getDialogPane().setMinWidth(520);
        alert.show();
    }

    /** Replaces the error dialog (tests record errors instead). */
    public void setErrorHandler(BiConsumer<String, String> handler) {
        this.errorHandler = handler;
    }

    public void shutdown() {
        run.cancel();
        curves.cancel();
        background.shutdown();
    }

    public BorderPane root() {
        return root;
    }

    public Inputs inputs() {
        return inputs;
    }

    public RunControl run() {
        return run;
    }

    public CurveControl curves() {
        return curves;
    }

    public Results results() {
        return results;
    }

    public TeachingControl teaching() {
        return teaching;
    }

    ScatterView scatter() {
        return scatter;
    }

    VarianceTableView table() {
        return table;
    }

    CurveView curveView() {
        return curveView;
    }

    DocumentPanel documentPanel() {
        return documentPanel;
    }

    TeachingView teachingView() {
        return teachingView;
    }

    public IntegerProperty selectedDocumentProperty() {
        return selectedDocument;
    }
}
