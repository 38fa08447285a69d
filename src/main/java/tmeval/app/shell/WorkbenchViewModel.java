package tmeval.app.shell;

import tmeval.app.common.AnswerLine;
import tmeval.app.covariates.CovariatesViewModel;
import tmeval.run.local.SampleDataCopy;

import javafx.beans.property.IntegerProperty;
import tmeval.app.common.DisagreementNotice;
import tmeval.app.common.PlanCaption;
import tmeval.app.common.Results;
import tmeval.app.common.RunHistory;
import tmeval.run.plan.ComparisonJob;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.common.JobDescription;
import tmeval.app.common.Workspace;
import tmeval.app.curves.CurvesViewModel;
import tmeval.app.document.DocumentScreenViewModel;
import tmeval.app.inputs.InputsViewModel;
import tmeval.app.inputs.RecentFiles;
import tmeval.app.run.RunViewModel;
import tmeval.app.brackets.BracketsViewModel;
import tmeval.app.scatter.ScatterViewModel;
import tmeval.app.table.VarianceTableViewModel;
import tmeval.app.teaching.TeachingViewModel;
import tmeval.app.whichk.WhichKViewModel;
import tmeval.run.output.Provenance;
import tmeval.run.local.Throughput;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * The workbench's composition root without its windows: the shared inputs and results, one view-model per screen,
 * and what belongs to no screen: sessions (save and reopen) and the export of the per-document results.
 */
public final class WorkbenchViewModel {
    /** What outlives a window: the recent-files list and the speed measurements 'tmeval bench' saved. */
    public record Storage(RecentFiles recentFiles, Path ratesFile) {
        /** The user's: Java preferences and ~/.tmeval/throughput.tsv (or the file the tmeval.throughput property names). */
        public static Storage user() {
            return new Storage(RecentFiles.preferences(), Throughput.defaultFile());
        }
    }


    private final TaskExecutor executor;
    private final Workspace workspace = new Workspace();
    private final Results results = new Results();
    private final RunHistory history = new RunHistory(results);
    private final IntegerProperty selectedDocument = results.selectedDocumentProperty();
    private final InputsViewModel inputs;
    private final RunViewModel run;
    private final ScatterViewModel scatter;
    private final BracketsViewModel brackets;
    private final VarianceTableViewModel table;
    private final CurvesViewModel curves;
    private final DocumentScreenViewModel document;
    private final TeachingViewModel teaching;
    private final WhichKViewModel whichK;
    private final CovariatesViewModel covariates;
    private final AnswerLine answer;
    private final PlanCaption<ComparisonJob> resultsCaption;
    private final DisagreementNotice disagreement;
    private final UserMessages messages;
    private final ResultsFiles files;
    private final ReportExport report;
    private final Sessions sessions;
    private final BackgroundWork work;
    private BiPredicate<String, String> confirm = (title, question) -> true;
    private Runnable openDocumentScreen = () -> { };

    /** @param messages told of every problem to show: the workbench shows a dialog, tests record them */
    public WorkbenchViewModel(TaskExecutor executor, Storage storage, UserMessages messages) {
        this.executor = executor;
        this.messages = messages;
        // new inputs void the results (registered first: the screens below see the reset before the new inputs): another
        // corpus, model or alignment; not a method selection that the pair cannot serve (its results are still those shown)
        // and every run of the history with them
        workspace.corpusProperty().addListener((o, a, b) -> {
            history.clear();
            results.reset(b);
        });
        for (var input : List.of(workspace.modelAProperty(), workspace.modelBProperty(), workspace.alignProperty())) {
            input.addListener((o, a, b) -> {
                history.clear();
                results.reset(workspace.corpusProperty().get());
            });
        }
        inputs = new InputsViewModel(workspace, executor, storage.recentFiles(), messages);
        run = new RunViewModel(workspace, history, executor, storage.ratesFile(), messages);
        scatter = new ScatterViewModel(results, selectedDocument, () -> openDocumentScreen.run());
        brackets = new BracketsViewModel(results, selectedDocument, () -> openDocumentScreen.run());
        table = new VarianceTableViewModel(results);
        curves = new CurvesViewModel(workspace, executor);
        document = new DocumentScreenViewModel(workspace, results, executor, run.temperaturesProperty(), run.burnInProperty(), selectedDocument);
        teaching = new TeachingViewModel(workspace, executor);
        whichK = new WhichKViewModel(workspace, executor, messages, storage.ratesFile());
        covariates = new CovariatesViewModel(results, workspace, executor, messages);
        results.setInputs(workspace::comparisonInputs);
        answer = new AnswerLine(results, run.runningProperty());
        scatter.followRun(run.runningProperty());
        // nothing not saved is dropped without asking: new inputs, a session or results opened, a run of another plan
        BiPredicate<String, String> ask = (title, question) -> confirm.test(title, question);
        inputs.setResultsGuard(action -> mayDiscard(action, false));
        workspace.setResultsGuard(action -> mayDiscard(action, false));
        curves.setConfirmHandler(ask);
        resultsCaption = new PlanCaption<>("Results", results.planProperty(), run.formPlanProperty(), JobDescription::of,
                ComparisonJob::usedSettings, ComparisonJob::userSettings);
        resultsCaption.setPutBack(this::putShownPlanInForm, messages);
        disagreement = new DisagreementNotice(results);
        // the run compared with the one on screen: a second layer of the scatter, extra columns of the table
        scatter.beside().follow(history.compareResultsProperty(), history.compareProperty());
        table.follow(history.compareResultsProperty(), history.compareProperty());
        Reopening reopening = new Reopening(workspace, history, inputs, messages, this::mayDiscard);
        files = new ResultsFiles(workspace, history, run, messages, reopening);
        sessions = new Sessions(workspace, history, run, curves, teaching, whichK, files, messages, reopening);
        report = new ReportExport(workspace, results, curves, executor, messages);
        javafx.beans.property.ReadOnlyDoubleProperty unknown = new javafx.beans.property.SimpleDoubleProperty(-1);
        work = new BackgroundWork(List.of(new BackgroundWork.Job("iteration curves", curves.runningProperty(), curves.progressProperty()),
                new BackgroundWork.Job("Which K? scores", whichK.runningProperty(), whichK.progressProperty()),
                new BackgroundWork.Job("covariates analysis", covariates.runningProperty(), covariates.progressProperty()),
                new BackgroundWork.Job("teaching experiment", teaching.experiment().runningProperty(), teaching.experiment().progressProperty()),
                new BackgroundWork.Job("the document's re-run", document.busyProperty(), unknown)));
    }

    /** The status bar's line: the views' jobs running now, with their progress ({@link BackgroundWork}); empty when none. */
    public javafx.beans.property.ReadOnlyStringProperty backgroundWorkProperty() {
        return work.textProperty();
    }

    /** Writes the results on screen as one self-contained HTML page, off the FX thread: {@link ReportExport}. */
    public void exportReport(Path path) {
        report.export(path);
    }

    /**
     * The per-document results in the columns of the command line's compare output, after the provenance lines of the
     * plan that made them: {@link ResultsFiles#exportResults}.
     */
    public void exportResults(Path path) throws IOException {
        files.exportResults(path);
    }

    /** Opens a {@code compare} output as a session: {@link ResultsFiles#openResults}. */
    public void openResults(Path path) {
        files.openResults(path);
    }

    /** Saves the inputs, the forms, the results, the curves and the teaching view: {@link Sessions#saveSession}. */
    public void saveSession(Path path) throws IOException {
        sessions.saveSession(path);
    }

    /** Reopens a session (or a {@code compare} output): {@link Sessions#openSession}. */
    public void openSession(Path path) {
        sessions.openSession(path);
    }

    /**
     * Asked (title, question) before work that is not saved would be lost (quitting, new inputs, a session or results
     * opened, a run of another plan); true goes ahead. The workbench shows a confirmation dialog; tests answer.
     */
    public void setConfirmHandler(BiPredicate<String, String> handler) {
        this.confirm = handler;
    }

    /** "Results of: ..." above the comparison views (scatter, brackets, table, document), and how the run form differs since. */
    public PlanCaption<ComparisonJob> resultsCaption() {
        return resultsCaption;
    }

    /** The banner above the comparison views when two methods' corpus intervals exclude each other. */
    public DisagreementNotice disagreement() {
        return disagreement;
    }

    /** Brings the document screen forward (a click on a scatter point). */
    public void setOnOpenDocument(Runnable r) {
        this.openDocumentScreen = r;
    }

    /** The version of the running build. */
    public String version() {
        return Provenance.version();
    }

    /** The About box's text: what this is, its version and where its results say they came from. */
    public String aboutText() {
        return "tmeval " + version() + ": an evaluation workbench for topic models. It compares two models on held-out documents with"
                + " ratio-AIS in both directions (Foulds and Smyth) and with the single-model estimators of Wallach et al. (AIS,"
                + " left-to-right, Chib-style), differenced.\n\nEvery exported file begins with the provenance lines that"
                + " reproduce it from the command line.";
    }

    public void openSampleData() {
        Path dir;
        try {
            dir = SampleDataCopy.locate();
        } catch (java.io.IOException | tmeval.io.InputException e) {
            messages.error("No sample data", e.getMessage());
            return;
        }
        if (dir == null) {
            messages.error("No sample data", "the sample-data folder was not found beside the jar or in the working directory, and the jar"
                    + " carries no copy");
            return;
        }
        inputs.loadSampleData(dir);
    }

    /**
     * Whether work on screen that is not saved may be dropped for {@code action}: yes when there is none or the user says so.
     *
     * @param curvesToo whether the action replaces the iteration curves too (a session does), not only the comparison results
     */
    boolean mayDiscard(String action, boolean curvesToo) {
        List<String> unsaved = new ArrayList<>();
        unsaved.addAll(history.unsaved());
        if (curvesToo && curves.unsavedProperty().get() && !curves.points().isEmpty()) {
            unsaved.add("the iteration curves (" + curves.points().size() + " points)");
        }
        return unsaved.isEmpty() || confirm.test("Drop what is not saved?", action + " drops " + String.join(" and ", unsaved)
                + ", not saved.\n\nGo ahead? (File > Save session, Ctrl+S, keeps them.)");
    }

    /**
     * Whether the window may close: nothing is lost (a job running, results or curves not saved, which-K scores, which a
     * session does not keep), or the user says so.
     */
    public boolean mayQuit() {
        List<String> unsaved = new ArrayList<>();
        if (run.runningProperty().get() || !run.queue().isEmpty()) {
            unsaved.add("the comparison still running (it is stopped)");
        }
        unsaved.addAll(history.unsaved());
        if (curves.unsavedProperty().get() && !curves.points().isEmpty()) {
            unsaved.add("the iteration curves (" + curves.points().size() + " points)");
        }
        if (!whichK.rows().isEmpty()) {
            unsaved.add("the which-K scores of " + whichK.rows().size() + " models (a session does not keep them)");
        }
        return unsaved.isEmpty() || confirm.test("Quit without saving?", "Quitting drops " + String.join(", ", unsaved)
                + ".\n\nQuit anyway? (File > Save session, Ctrl+S, keeps the results and the curves.)");
    }

    public void shutdown() {
        run.cancel();
        curves.cancel();
        whichK.cancel();
        executor.shutdown();
    }

    public Workspace workspace() {
        return workspace;
    }

    public Results results() {
        return results;
    }

    /** Every run, the one on screen and the one drawn beside it. */
    public RunHistory history() {
        return history;
    }

    /** Puts the plan of the run on screen back in the run form; returns what the form cannot hold (see {@link RunViewModel#apply}). */
    public List<String> putShownPlanInForm() {
        ComparisonJob made = results.planProperty().get();
        return made == null ? List.of() : run.apply(made);
    }

    /** Deletes a run of the history, asking first when it is not saved. */
    public boolean deleteRun(RunHistory.Run r) {
        return history.delete(r, confirm);
    }

    public IntegerProperty selectedDocumentProperty() {
        return selectedDocument;
    }

    public InputsViewModel inputs() {
        return inputs;
    }

    public RunViewModel run() {
        return run;
    }

    public ScatterViewModel scatter() {
        return scatter;
    }

    public BracketsViewModel brackets() {
        return brackets;
    }

    public VarianceTableViewModel table() {
        return table;
    }

    public CurvesViewModel curves() {
        return curves;
    }

    public DocumentScreenViewModel document() {
        return document;
    }

    public TeachingViewModel teaching() {
        return teaching;
    }

    public CovariatesViewModel covariates() {
        return covariates;
    }

    /** The answer first: the line above the comparison views that opens {@code compare}'s summary. */
    public AnswerLine answer() {
        return answer;
    }

    /** Another view was brought forward: no hover text of the one left stays on screen. */
    public void viewChanged() {
        scatter.hover().hide();
        brackets.hover().hide();
    }

    public WhichKViewModel whichK() {
        return whichK;
    }
}
