package tmeval.app.shell;

import javafx.scene.Node;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
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
import tmeval.app.brackets.BracketsView;
import tmeval.app.common.UserMessages;
import tmeval.app.covariates.CovariatesView;
import tmeval.app.common.BackgroundTaskExecutor;
import tmeval.app.common.PlanCaption;
import tmeval.app.common.PlanCaptionView;
import tmeval.app.common.Workspace.Slot;
import tmeval.app.curves.CurvesView;
import tmeval.app.document.DocumentScreenView;
import tmeval.app.inputs.InputsView;
import tmeval.app.run.RunView;
import tmeval.app.scatter.ScatterView;
import tmeval.app.table.VarianceTableView;
import tmeval.app.teaching.TeachingView;
import tmeval.app.whichk.WhichKView;
import tmeval.io.ModelLoader;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The main window: the run screen on top, the inputs on the left, the other screens in tabs, the menus and the
 * dialogs. Its {@link WorkbenchViewModel} holds the state; this class lays out and asks the user for files.
 */
public final class Workbench {
    private final WorkbenchViewModel model;
    private final BorderPane root = new BorderPane();
    private final TabPane tabs = new TabPane();
    private final TeachingView teaching;
    /** Read when the window is made, so that a jar without it fails at start, not at the first F1. */
    private final String guide = Guide.read();
    /** The workbench of the user: background threads, the user's recent files and saved speed measurements. */
    public Workbench() {
        this(new WorkbenchViewModel(new BackgroundTaskExecutor(), WorkbenchViewModel.Storage.user(), Workbench::showError));
    }

    public Workbench(WorkbenchViewModel model) {
        this.model = model;
        model.setConfirmHandler(this::confirm);
        model.inputs().setMatrixCompanions(this::chooseMatrixCompanions);
        model.setOnOpenDocument(() -> select("document"));
        UserMessages onError = Workbench::showError;
        teaching = new TeachingView(model.teaching(), onError);
        // every view of results names the plan that made them (the teaching view's summary names its own)
        // the comparison views also show, above their results, when two methods' corpus intervals exclude each other
        tabs.getTabs().addAll(
                results("scatter", "Per-document scatter", new ScatterView(model.scatter(), onError).root(), false),
                results("brackets", "Brackets", new BracketsView(model.brackets(), onError).root(), false),
                results("table", "Variance table", new VarianceTableView(model.table(), onError).root(), true),
                tab("curves", "Iteration curves", new CurvesView(model.curves(), onError).root(), model.curves().caption()),
                results("document", "Document", new DocumentScreenView(model.document(), onError).root(), false),
                tab(ViewName.TEACHING, "Teaching: AIS step by step", teaching.root(), null),
                tab("whichk", "Which K?", new WhichKView(model.whichK(), onError).root(), model.whichK().caption()),
                results("covariates", "Covariates", new CovariatesView(model.covariates(), onError).root(), false));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("views");
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> model.viewChanged());
        MenuBar menus = menuBar();
        root.setTop(new VBox(menus, new RunView(model.run()).root()));
        root.setLeft(new InputsView(model.inputs(), model::openSampleData).root());
        // the history of runs above the views: which run they show, which beside it
        VBox.setVgrow(tabs, javafx.scene.layout.Priority.ALWAYS);
        root.setCenter(new VBox(new HistoryView(model).root(), tabs));
        // what the inputs pane does not say: the views' jobs running now (the inputs' line is the pane's own)
        Label status = new Label();
        status.setId("status-bar");
        status.textProperty().bind(model.backgroundWorkProperty());
        HBox bar = new HBox(status);
        bar.getStyleClass().add("status-bar");
        bar.visibleProperty().bind(model.backgroundWorkProperty().isNotEmpty());
        bar.managedProperty().bind(bar.visibleProperty());
        root.setBottom(bar);
        root.getStylesheets().add(Workbench.class.getResource("/tmeval/app/workbench.css").toExternalForm());
        // Alt and a menu's underlined letter open that menu (Alt+F: File). JavaFX's own mnemonics lose a quick press (both
        // keys at once, the Alt released before the letter): the letter is taken before the scene's mnemonics see it, and
        // the menu shown once the Alt key is up
        root.sceneProperty().addListener((o, a, scene) -> {
            if (scene != null) {
                scene.setEventDispatcher(new MenuMnemonics(scene.getEventDispatcher(), menus));
            }
        });
        // Ctrl+Tab and Ctrl+Shift+Tab cycle the views from anywhere in the window (a tab pane does so only when it has the focus)
        root.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.TAB && e.isShortcutDown()) {
                cycleViews(e.isShiftDown() ? -1 : 1);
                e.consume();
            }
        });
    }

    /**
     * A view of the comparison results: under the line naming their plan, and the banner of any disagreement (the
     * sentences {@code compare} prints over the table, their summary over a chart).
     */
    private Tab results(String id, String title, Node content, boolean sentences) {
        Tab t = new Tab(title, PlanCaptionView.above(content, model.answer().textProperty(), model.resultsCaption(),
                sentences ? model.disagreement().sentencesProperty() : model.disagreement().summaryProperty(), "plan-" + id));
        t.setId("tab-" + id);
        return t;
    }

    private static Tab tab(String id, String title, Node content, PlanCaption<?> caption) {
        Tab t = new Tab(title, caption == null ? content : PlanCaptionView.above(content, caption, "plan-" + id));
        t.setId("tab-" + id);
        return t;
    }

    /** Shows the next view (or, for -1, the one before), round the end. */
    void cycleViews(int step) {
        int n = tabs.getTabs().size();
        tabs.getSelectionModel().select(Math.floorMod(tabs.getSelectionModel().getSelectedIndex() + step, n));
    }

    /** Quits (Ctrl+Q, the window's close button) once nothing unsaved would be lost, or the user says so. */
    public boolean mayClose() {
        return model.mayQuit();
    }

    /** The window's close button asks as Ctrl+Q does, and the workbench shuts down once it closes. */
    public void closeWith(Stage stage) {
        stage.setOnCloseRequest(e -> {
            if (!mayClose()) {
                e.consume();
            } else {
                shutdown();
            }
        });
    }

    /** Asks (title, question) in a dialog: true for "Go ahead". */
    private boolean confirm(String title, String question) {
        ButtonType go = new ButtonType("Go ahead", ButtonBar.ButtonData.OK_DONE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, question, go, ButtonType.CANCEL);
        ask.setTitle(title);
        ask.setHeaderText(title);
        ask.getDialogPane().setId("confirm-dialog");
        ask.getDialogPane().setMinWidth(520);
        ask.initOwner(window());
        return ask.showAndWait().orElse(ButtonType.CANCEL) == go;
    }

    /** Selects a view by its name ({@link ViewName}): its tab, and a teaching sub-tab. */
    public void select(String name) {
        ViewName view = ViewName.of(name).orElseThrow(() -> new IllegalArgumentException("no view named " + name + "; the views: " + ViewName.names()));
        for (Tab t : tabs.getTabs()) {
            if (t.getId().equals("tab-" + view.tab())) {
                tabs.getSelectionModel().select(t);
            }
        }
        if (view.subTab() != null) {
            teaching.select(view.subTab());
        }
    }

    private MenuBar menuBar() {
        Menu file = new Menu("_File");
        MenuItem openA = item("Open model _A...", () -> chooseAndLoad(Slot.MODEL_A), "Shortcut+O");
        MenuItem openB = item("Open model _B...", () -> chooseAndLoad(Slot.MODEL_B), "Shortcut+Shift+O");
        MenuItem openCorpus = item("Open held-out _corpus...", () -> chooseAndLoad(Slot.CORPUS), null);
        MenuItem openSession = item("Open session or results...", this::chooseSession, null);
        MenuItem saveSession = item("_Save session...", this::saveSessionAs, "Shortcut+S");
        MenuItem export = item("_Export per-document results (TSV)...", this::exportResults, "Shortcut+E");
        MenuItem report = item("Export _report (HTML)...", this::exportReport, null);
        report.setId("menu-export-report");
        MenuItem sample = item("Reload sample data", model::openSampleData, null);
        MenuItem quit = item("_Quit", () -> {
            if (mayClose()) {
                root.getScene().getWindow().hide();
            }
        }, "Shortcut+Q");
        file.getItems().addAll(openA, openB, openCorpus, new SeparatorMenuItem(), openSession, saveSession, export, report,
                new SeparatorMenuItem(), sample, new SeparatorMenuItem(), quit);
        Menu job = new Menu("_Run");
        MenuItem run = item("_Run the selected methods", model.run()::start, "Shortcut+R");
        run.setId("menu-run");
        // never Esc: the key that closes a drop-down or a dialog must not also stop a run (src/site/markdown/workbench.md)
        MenuItem cancel = item("_Cancel the running job (the queued ones wait)", model.run()::cancel, CANCEL_KEYS);
        cancel.setId("menu-cancel");
        cancel.disableProperty().bind(model.run().runningProperty().not());
        javafx.beans.binding.BooleanBinding noQueue = javafx.beans.binding.Bindings.isEmpty(model.run().queue());
        MenuItem cancelAll = item("Cancel the running job _and the queued ones", model.run()::cancelAll, CANCEL_ALL_KEYS);
        cancelAll.setId("menu-cancel-all");
        cancelAll.disableProperty().bind(model.run().runningProperty().not());
        MenuItem runQueue = item("Run the _queued jobs", model.run()::runQueue, null);
        runQueue.setId("menu-run-queue");
        runQueue.disableProperty().bind(noQueue.or(model.run().runningProperty()));
        MenuItem dropQueue = item("_Drop the queued jobs", model.run()::dropQueue, null);
        dropQueue.setId("menu-drop-queue");
        dropQueue.disableProperty().bind(noQueue);
        tmeval.run.plan.ComparisonPlan paper = tmeval.run.plan.ComparisonPlan.defaults(tmeval.run.plan.ComparisonPlan.defaultSelection());
        MenuItem table1 = item("Preset: Foulds & Smyth _Table 1 (" + String.join(", ", paper.methods()) + "; n = "
                + paper.settings().temperatures() + ", " + paper.runs() + " runs)", model.run()::presetTable1, null);
        table1.setId("menu-preset-table1");
        MenuItem train = item("Tra_in and watch its curve...", this::chooseAndTrain, null);
        MenuItem watch = item("_Watch a series folder...", this::chooseAndWatch, null);
        job.getItems().addAll(run, cancel, cancelAll, runQueue, dropQueue, new SeparatorMenuItem(), table1, new SeparatorMenuItem(), train, watch);
        Menu view = new Menu("_View");
        for (ViewName v : ViewName.ALL) {
            if (v.title() != null) {
                view.getItems().add(item(v.title(), () -> select(v.name()), "Shortcut+" + (view.getItems().size() + 1)));
            }
        }
        Menu help = new Menu("_Help");
        MenuItem guide = item("_Guide to the views", this::showGuide, "F1");
        MenuItem about = item("_About tmeval", this::showAbout, null);
        help.getItems().addAll(guide, about);
        return new MenuBar(file, job, view, help);
    }

    /** The keys of Run > Cancel: Ctrl+. (Cmd+. on a Mac), the key combination that stops a job in many programs. */
    static final String CANCEL_KEYS = "Shortcut+Period";
    /** Run > Cancel the running job and the queued ones. */
    static final String CANCEL_ALL_KEYS = "Shortcut+Shift+Period";

    private static MenuItem item(String text, Runnable action, String accelerator) {
        MenuItem i = new MenuItem(text);
        i.setMnemonicParsing(true);
        i.setOnAction(e -> action.run());
        if (accelerator != null) {
            i.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        return i;
    }

    /** A short guide to the screens (F1), in a window of its own so it can stay open beside the workbench. */
    private void showGuide() {
        Guide.window(guide, window()).show();
    }

    private void showAbout() {
        Alert about = new Alert(Alert.AlertType.INFORMATION, model.aboutText());
        about.setTitle("About tmeval");
        about.setHeaderText("tmeval " + model.version());
        about.getDialogPane().setId("about-dialog");
        about.initOwner(window());
        about.show();
    }

    private Window window() {
        return root.getScene() == null ? null : root.getScene().getWindow();
    }

    /** Run > Watch a series folder: a folder a training run writes snapshots into, followed on the curves view. */
    private void chooseAndWatch() {
        javafx.stage.DirectoryChooser chooser = new javafx.stage.DirectoryChooser();
        chooser.setTitle("Watch a series folder (iter-N.tsv.gz snapshots or MALLET state files name.N)");
        File dir = chooser.showDialog(window());
        if (dir != null) {
            select("curves");
            model.curves().live().watch(dir.toPath());
        }
    }

    /** Run > Train: the training run's corpus and settings, then its curve watched on the curves view. */
    private void chooseAndTrain() {
        tmeval.app.curves.TrainDialog.ask(window()).ifPresent(request -> {
            select("curves");
            model.curves().live().train(request);
        });
    }

    private void chooseAndLoad(Slot slot) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open " + slot.label());
        File f = chooser.showOpenDialog(window());
        if (f != null) {
            model.inputs().load(slot, f.toPath());
        }
    }

    /** For a topic-word matrix: its alpha file, and a vocabulary file when the matrix carries no words. */
    private ModelLoader.Spec chooseMatrixCompanions(Path matrix) {
        FileChooser alpha = new FileChooser();
        alpha.setTitle("Alpha values for " + matrix.getFileName() + " (K numbers, or one for a symmetric prior)");
        File alphaFile = alpha.showOpenDialog(window());
        if (alphaFile == null) {
            return null;
        }
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, "Does " + matrix.getFileName()
                + " need a separate vocabulary file (no header row of words and no word column)?", ButtonType.YES, ButtonType.NO);
        ask.setHeaderText("Vocabulary");
        File vocabulary = null;
        if (ask.showAndWait().orElse(ButtonType.NO) == ButtonType.YES) {
            FileChooser v = new FileChooser();
            v.setTitle("Vocabulary for " + matrix.getFileName() + " (one word per line)");
            vocabulary = v.showOpenDialog(window());
        }
        return new ModelLoader.Spec(matrix, alphaFile.toPath(), vocabulary == null ? null : vocabulary.toPath(), false);
    }

    private void exportResults() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the per-document results (TSV)");
        chooser.setInitialFileName("comparison.tsv");
        File f = chooser.showSaveDialog(window());
        if (f != null) {
            try {
                model.exportResults(f.toPath());
            } catch (IOException e) {
                showError("Cannot export", f + ": " + e.getMessage());
            }
        }
    }

    private void exportReport() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export a report to share (one HTML file: answer, figures, table, provenance)");
        chooser.setInitialFileName("tmeval-report.html");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("HTML", "*.html"));
        File f = chooser.showSaveDialog(window());
        if (f != null) {
            model.exportReport(f.toPath());
        }
    }

    private void saveSessionAs() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save the session (inputs, settings and results)");
        chooser.setInitialFileName("workbench.tmeval-session.tsv");
        File f = chooser.showSaveDialog(window());
        if (f != null) {
            try {
                model.saveSession(f.toPath());
            } catch (IOException e) {
                showError("Cannot save the session", f + ": " + e.getMessage());
            }
        }
    }

    private void chooseSession() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open a saved session, or the results of compare or merge");
        File f = chooser.showOpenDialog(window());
        if (f != null) {
            model.openSession(f.toPath());
        }
    }

    /** Every problem reported so far (one workbench a JVM), for a screenshot to say why it could not be taken. */
    private static final List<String> REPORTED = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

    /** The problems reported so far, each as "title: message". */
    static List<String> reported() {
        return List.copyOf(REPORTED);
    }

    /** The dialog of every problem the workbench reports ({@link tmeval.app.common.UserMessages}). */
    public static void showError(String title, String message) {
        REPORTED.add(title + ": " + message);
        Alert alert = new Alert(Alert.AlertType.ERROR, message);
        alert.setTitle(title);
        alert.setHeaderText(title);
        alert.getDialogPane().setId("error-dialog");
        alert.getDialogPane().setMinWidth(520);
        alert.show();
    }

    public void shutdown() {
        model.shutdown();
    }

    public BorderPane root() {
        return root;
    }

    public WorkbenchViewModel viewModel() {
        return model;
    }
}
