package tmeval.app.shell;

import javafx.beans.property.IntegerProperty;
import tmeval.anneal.Schedule;
import tmeval.app.common.Results;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.Workspace;
import tmeval.app.common.Workspace.Slot;
import tmeval.app.curves.CurvesViewModel;
import tmeval.app.document.DocumentScreenViewModel;
import tmeval.app.inputs.InputsViewModel;
import tmeval.app.inputs.RecentFiles;
import tmeval.app.run.RunViewModel;
import tmeval.app.scatter.ScatterViewModel;
import tmeval.app.table.VarianceTableViewModel;
import tmeval.app.teaching.TeachingViewModel;
import tmeval.io.InputException;
import tmeval.io.OutputFile;
import tmeval.io.SampleData;
import tmeval.model.Corpus;
import tmeval.run.ComparisonPlan;
import tmeval.run.ComparisonRows;
import tmeval.run.ComparisonRunner;
import tmeval.run.Provenance;
import tmeval.run.SessionFile;
import tmeval.run.Throughput;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

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

    /** Session keys of the inputs. */
    private static final Map<String, Slot> SESSION_INPUTS = sessionInputs();

    private final TaskExecutor executor;
    private final Workspace workspace = new Workspace();
    private final Results results = new Results();
    private final IntegerProperty selectedDocument = results.selectedDocumentProperty();
    private final InputsViewModel inputs;
    private final RunViewModel run;
    private final ScatterViewModel scatter;
    private final VarianceTableViewModel table;
    private final CurvesViewModel curves;
    private final DocumentScreenViewModel document;
    private final TeachingViewModel teaching;
    private BiConsumer<String, String> errorHandler = (title, message) -> { };
    private Runnable openDocumentScreen = () -> { };

    public WorkbenchViewModel(TaskExecutor executor, Storage storage) {
        this.executor = executor;
        BiConsumer<String, String> onError = (title, message) -> errorHandler.accept(title, message);
        workspace.setErrorHandler(onError);
        // new inputs void the results (registered first: the screens below see the reset before the new inputs)
        workspace.corpusProperty().addListener((o, a, b) -> results.reset(b));
        workspace.pairProperty().addListener((o, a, b) -> results.reset(workspace.corpusProperty().get()));
        inputs = new InputsViewModel(workspace, executor, storage.recentFiles());
        inputs.setErrorHandler(onError);
        run = new RunViewModel(workspace, results, executor, storage.ratesFile());
        run.setErrorHandler(onError);
        scatter = new ScatterViewModel(results, selectedDocument, () -> openDocumentScreen.run());
        table = new VarianceTableViewModel(results);
        curves = new CurvesViewModel(workspace, executor);
        document = new DocumentScreenViewModel(workspace, results, executor, run.temperaturesProperty(), run.burnInProperty(), selectedDocument);
        teaching = new TeachingViewModel(workspace, executor);
    }

    private static Map<String, Slot> sessionInputs() {
        Map<String, Slot> m = new LinkedHashMap<>();
        m.put("modelA", Slot.MODEL_A);
        m.put("modelB", Slot.MODEL_B);
        m.put("corpus", Slot.CORPUS);
        m.put("series", Slot.SERIES);
        return m;
    }

    /** Receives (title, message) of every problem to show; the workbench shows a dialog, tests record them. */
    public void setErrorHandler(BiConsumer<String, String> handler) {
        this.errorHandler = handler;
    }

    /** Brings the document screen forward (a click on a scatter point). */
    public void setOnOpenDocument(Runnable r) {
        this.openDocumentScreen = r;
    }

    public void openSampleData() {
        Path dir = SampleData.locate();
        if (dir == null) {
            errorHandler.accept("No sample data", "the sample-data folder was not found beside the jar or in the working directory");
            return;
        }
        inputs.loadSampleData(dir);
    }

    /**
     * The per-document results in the columns of the command line's compare output ({@link ComparisonRows}), after
     * the provenance lines of the plan that produced them (the last run's; the form's when the results came from a
     * session) and of the loaded models and corpus.
     */
    public void exportResults(Path path) throws IOException {
        ComparisonPlan plan = run.lastPlanProperty().get() != null ? run.lastPlanProperty().get() : run.plan();
        try (OutputFile file = OutputFile.create(path)) {
            Writer w = file.writer();
            w.write(Provenance.header(plan.settingsText(), workspace.comparisonInputs(), true));
            w.write(ComparisonRows.HEADER);
            for (ComparisonRunner.Result r : results.all()) {
                String line = ComparisonRows.line(r, true);
                if (line != null) {
                    w.write(line);
                }
            }
            file.commit();
        }
    }

    public void saveSession(Path path) throws IOException {
        Map<String, Path> in = new LinkedHashMap<>();
        SESSION_INPUTS.forEach((name, slot) -> in.put(name, workspace.path(slot)));
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("temperatures", Integer.toString(run.temperaturesProperty().get()));
        settings.put("samples", Integer.toString(run.samplesProperty().get()));
        settings.put("burnIn", Integer.toString(run.burnInProperty().get()));
        settings.put("schedule", run.scheduleProperty().get().label());
        settings.put("runs", Integer.toString(run.runsProperty().get()));
        settings.put("seed", Integer.toString(run.seedProperty().get()));
        settings.put("threads", Integer.toString(run.threadsProperty().get()));
        settings.put("reference", run.referenceProperty().get().label());
        settings.put("align", Boolean.toString(workspace.alignProperty().get()));
        settings.put("minTokens", Integer.toString(workspace.minTokensProperty().get()));
        settings.put("methods", String.join(",", run.selectedMethods()));
        SessionFile.write(new SessionFile.Session(in, settings, results.all()), path);
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
        try {
            applySettings(session.settings());
        } catch (IllegalArgumentException e) {
            errorHandler.accept("Cannot open the session", path + ": a setting is invalid: " + e.getMessage());
            return;
        }
        // the results are applied once every input of the session is in its slot, whichever finishes last
        int[] pending = {session.inputs().size()};
        Runnable oneDone = () -> {
            if (--pending[0] == 0) {
                applyResults(session.results());
            }
        };
        if (pending[0] == 0) {
            applyResults(session.results());
        }
        session.inputs().forEach((name, p) -> inputs.load(SESSION_INPUTS.get(name), p, oneDone));
    }

    private void applySettings(Map<String, String> s) {
        setInt(s, "temperatures", run.temperaturesProperty());
        setInt(s, "samples", run.samplesProperty());
        setInt(s, "burnIn", run.burnInProperty());
        setInt(s, "runs", run.runsProperty());
        setInt(s, "seed", run.seedProperty());
        setInt(s, "threads", run.threadsProperty());
        setInt(s, "minTokens", workspace.minTokensProperty());
        if (s.containsKey("schedule")) {
            run.scheduleProperty().set(Schedule.parse(s.get("schedule")));
        }
        if (s.containsKey("reference")) {
            run.referenceProperty().set(ComparisonPlan.Reference.parse(s.get("reference")));
        }
        if (s.containsKey("align")) {
            workspace.alignProperty().set(Boolean.parseBoolean(s.get("align")));
        }
        if (s.containsKey("methods")) {
            List<String> on = List.of(s.get("methods").split(","));
            run.methods().forEach((name, p) -> p.set(on.contains(name)));
        }
    }

    /** The saved results that fit the loaded corpus (same document at the same position); the others are reported. */
    private void applyResults(List<ComparisonRunner.Result> saved) {
        Corpus corpus = workspace.corpusProperty().get();
        if (corpus == null) {
            return;
        }
        List<ComparisonRunner.Result> valid = saved.stream()
                .filter(r -> r.documentIndex() < corpus.size() && corpus.document(r.documentIndex()).id().equals(r.documentId()))
                .toList();
        results.reset(corpus);
        results.addAll(valid);
        if (valid.size() < saved.size()) {
            errorHandler.accept("Session results do not all fit the corpus", (saved.size() - valid.size())
                    + " results name documents the loaded corpus does not have at that position; they were left out");
        }
    }

    private static void setInt(Map<String, String> s, String key, IntegerProperty p) {
        if (s.containsKey(key)) {
            p.set(Integer.parseInt(s.get(key).trim()));
        }
    }

    public void shutdown() {
        run.cancel();
        curves.cancel();
        executor.shutdown();
    }

    public Workspace workspace() {
        return workspace;
    }

    public Results results() {
        return results;
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
}
