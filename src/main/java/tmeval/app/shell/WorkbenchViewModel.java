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
import tmeval.app.brackets.BracketsViewModel;
import tmeval.app.scatter.ScatterViewModel;
import tmeval.app.table.VarianceTableViewModel;
import tmeval.app.teaching.TeachingViewModel;
import tmeval.app.whichk.WhichKViewModel;
import tmeval.io.InputException;
import tmeval.io.OutputFile;
import tmeval.io.SampleData;
import tmeval.model.Corpus;
import tmeval.run.AdaptiveComparison;
import tmeval.run.ComparisonOutput;
import tmeval.run.ComparisonPlan;
import tmeval.run.ComparisonRows;
import tmeval.run.ComparisonRunner;
import tmeval.run.CurveRunner;
import tmeval.run.Provenance;
import tmeval.run.SessionFile;
import tmeval.run.Throughput;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

    /** The guide the Help menu (F1) shows: what each part of the window is for, in the order of a first session. */
    static final String GUIDE = """
            tmeval workbench: a guide to the views

            Inputs (left). Model A, model B, the held-out corpus and, for the iteration curves, a series of snapshots. Open a \
            file with Open..., the Recent menu of the card (Ctrl+O opens model A), or drop it on the card. The pair summary \
            under model B says whether the two models can be compared by the selected methods, and how their topics align.

            Run panel (top). Tick the methods, set their parameters (hover over any control for its meaning, bias and cost), \
            and press Run (Ctrl+R). The cost line predicts the job's site updates and time; the progress bar, the ETA and the \
            points in the views move as documents finish. Run while a job runs queues the new one; Cancel (Esc) stops the job \
            and the queue, keeping what finished. Adaptive re-runs the documents whose directions disagree with twice the \
            temperatures, up to a cap: their points move as they converge. A job predicted to take over an hour here is \
            called too big, with the commands that run it as shards on a cluster or with Spark.

            Per-document scatter (Ctrl+1). One point per document: a method's log-ratio estimate against another's, or \
            forward against reverse; points far off the diagonal are documents whose two estimates disagree. Click a point to \
            open the document.

            Brackets (Ctrl+2). For a ratio path run both ways, each document's bracket from its forward estimate (a \
            lower bound on the log ratio, in expectation) to its reverse one (an upper bound), documents sorted by the \
            middle of their bracket; a bracket clear of 0 decides the document for A or B. Click one to open the document.

            Variance table (Ctrl+3). Foulds and Smyth's Tables 1 and 2: per method and direction, the percent of documents \
            where A wins, the correlation with the reference, the variance of the perplexity ratio across runs, the corpus \
            perplexity ratio, cost and time; under it, the convergence verdict of each ratio method (do the two annealing \
            directions agree?) and, after a cancel, how partial the results are.

            Iteration curves (Ctrl+4). Perplexity against training iteration for the model series, by iteration-AIS.

            Document (Ctrl+5). One document's estimates by method, direction and run, and its words under both models.

            Teaching (Ctrl+6). Annealed importance sampling step by step on one short document.

            Which K? (Ctrl+7). Several models (files, the series' snapshots, models A and B) against the held-out corpus: each \
            model's log-likelihood per token or perplexity with its 95% interval, plotted against K, and for every pair the \
            documents decided for each, as tmeval select prints them.

            Sessions. File > Save session (Ctrl+S) keeps the inputs, every setting and the results; Open session or results \
            restores them, and opens the output of compare or merge (a distributed run's results) with the inputs it names.
            """;

    /** Session keys of the inputs. */
    private static final Map<String, Slot> SESSION_INPUTS = sessionInputs();

    private final TaskExecutor executor;
    private final Workspace workspace = new Workspace();
    private final Results results = new Results();
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
        brackets = new BracketsViewModel(results, selectedDocument, () -> openDocumentScreen.run());
        table = new VarianceTableViewModel(results);
        curves = new CurvesViewModel(workspace, executor);
        document = new DocumentScreenViewModel(workspace, results, executor, run.temperaturesProperty(), run.burnInProperty(), selectedDocument);
        teaching = new TeachingViewModel(workspace, executor);
        whichK = new WhichKViewModel(workspace, executor);
        whichK.setErrorHandler(onError);
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
            w.write(Provenance.header(plan.toSettings(), workspace.comparisonInputs(), true));
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
        settings.put("referenceParticles", Integer.toString(run.referenceParticlesProperty().get()));
        settings.put("adaptive", Boolean.toString(run.adaptiveProperty().get()));
        settings.put("agreeWithin", Double.toString(run.agreeWithinProperty().get()));
        settings.put("maxTemperatures", Integer.toString(run.maxTemperaturesProperty().get()));
        // the iteration curves: their form and the points on screen
        settings.put("curves.methods", String.join(",", curves.methods().entrySet().stream().filter(e -> e.getValue().get())
                .map(Map.Entry::getKey).toList()));
        settings.put("curves.temperatures", Integer.toString(curves.temperaturesProperty().get()));
        settings.put("curves.runs", Integer.toString(curves.runsProperty().get()));
        settings.put("curves.points", String.join(";", curves.points().stream().map(WorkbenchViewModel::curvePoint).toList()));
        // the teaching view: its document, model and AIS settings
        if (teaching.documentProperty().get() != null) {
            settings.put("teaching.document", teaching.documentProperty().get().id());
        }
        settings.put("teaching.model", teaching.whichProperty().get().name());
        settings.put("teaching.temperatures", Integer.toString(teaching.temperaturesProperty().get()));
        settings.put("teaching.samples", Integer.toString(teaching.samplesProperty().get()));
        settings.put("teaching.tokens", Integer.toString(teaching.tokensProperty().get()));
        // an adaptive run's last round of each document and method: its temperatures and verdict
        List<SessionFile.Round> rounds = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ComparisonRunner.Result r : results.all()) {
            Results.Round round = r.reference() ? null : results.round(r.documentIndex(), r.method());
            if (round != null && seen.add(r.documentIndex() + "/" + r.method())) {
                rounds.add(new SessionFile.Round(r.documentIndex(), r.method(), round.temperatures(), round.converged()));
            }
        }
        SessionFile.write(new SessionFile.Session(in, settings, results.all(), rounds), path);
    }

    /**
     * Reopens a session: settings at once, inputs in the background, then the saved results. A {@code compare} output
     * (the merged file of a distributed run, say) opens as a session too: {@link #openResults}.
     */
    public void openSession(Path path) {
        try {
            if (ComparisonOutput.looksLikeOutput(path)) {
                openResults(path);
                return;
            }
        } catch (InputException e) {
            errorHandler.accept("Cannot open the session", e.getMessage());
            return;
        }
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
                applyResults(session.results(), session.rounds());
                applyTeaching(session.settings());
            }
        };
        if (pending[0] == 0) {
            applyResults(session.results(), session.rounds());
            applyTeaching(session.settings());
        }
        session.inputs().forEach((name, p) -> inputs.load(SESSION_INPUTS.get(name), p, oneDone));
    }

    /** Provenance setting names (the command line's) to the session's names, where they differ. */
    private static final Map<String, String> PROVENANCE_SETTINGS = Map.of("burn-in", "burnIn", "reference-particles", "referenceParticles",
            "agree-within", "agreeWithin", "max-temperatures", "maxTemperatures");

    /**
     * Opens a {@code compare} output (as {@code compare} or {@code merge} wrote it) as a session: the run form takes its
     * plan, the inputs its provenance names are loaded where they exist (a message names each one missing or changed
     * since, by its SHA-256), and its rows go to every view, matched to the loaded corpus by document id.
     */
    public void openResults(Path path) {
        ComparisonOutput.Content content;
        try {
            content = ComparisonOutput.read(path);
        } catch (InputException e) {
            errorHandler.accept("Cannot open the results", e.getMessage());
            return;
        }
        Map<String, String> settings = new LinkedHashMap<>();
        content.settings().forEach((k, v) -> settings.put(PROVENANCE_SETTINGS.getOrDefault(k, k), v));
        settings.keySet().retainAll(List.of("methods", "temperatures", "samples", "burnIn", "schedule", "runs", "seed", "reference",
                "referenceParticles", "align", "adaptive", "agreeWithin", "maxTemperatures"));
        // a plain run's file names no budget: the adaptive option is then off, whatever the form had
        settings.putIfAbsent("adaptive", "false");
        try {
            applySettings(settings);
        } catch (IllegalArgumentException e) {
            errorHandler.accept("Cannot open the results", path + ": a setting is invalid: " + e.getMessage());
            return;
        }
        List<String> problems = new ArrayList<>();
        Map<Slot, Path> load = new LinkedHashMap<>();
        for (ComparisonOutput.Input in : content.inputs()) {
            Slot slot = List.of(Slot.MODEL_A, Slot.MODEL_B, Slot.CORPUS).stream().filter(s -> s.role().equals(in.role())).findFirst().orElse(null);
            if (slot == null) {
                continue; // an alpha file or a vocabulary: read with its model, as the command line does
            }
            String problem = in.problem();
            if (problem != null) {
                problems.add(problem);
            }
            if (Files.exists(in.path())) {
                load.put(slot, in.path());
            }
        }
        if (!load.containsKey(Slot.CORPUS)) {
            problems.add("no held-out corpus to show the results on: load the one they were made from, then open them again");
        }
        if (!problems.isEmpty()) {
            errorHandler.accept("The results' inputs are not all as recorded", path + ":\n" + String.join("\n", problems));
        }
        int[] pending = {load.size()};
        Runnable oneDone = () -> {
            if (--pending[0] == 0 && load.containsKey(Slot.CORPUS)) {
                applyOutputRows(path, content);
            }
        };
        load.forEach((slot, p) -> inputs.load(slot, p, oneDone));
    }

    /** The rows of an output on the loaded corpus, by document id; rows of documents it does not have are reported. */
    private void applyOutputRows(Path path, ComparisonOutput.Content content) {
        Corpus corpus = workspace.corpusProperty().get();
        if (corpus == null) {
            return;
        }
        Map<String, Integer> positions = new java.util.HashMap<>();
        for (int d = 0; d < corpus.size(); d++) {
            positions.putIfAbsent(corpus.document(d).id(), d);
        }
        results.reset(corpus);
        List<ComparisonRunner.Result> plain = new ArrayList<>();
        List<AdaptiveComparison.Row> adaptive = new ArrayList<>();
        int unmatched = 0;
        for (ComparisonOutput.Row row : content.rows()) {
            Integer d = positions.get(row.documentId());
            if (d == null) {
                unmatched++;
                continue;
            }
            ComparisonRunner.Result r = ComparisonOutput.result(row, d);
            if (content.adaptive()) {
                adaptive.add(new AdaptiveComparison.Row(r, row.temperatures(), row.converged()));
            } else {
                plain.add(r);
            }
        }
        if (content.settings().containsKey("gap-threshold")) {
            results.setGapThreshold(Double.parseDouble(content.settings().get("gap-threshold")));
        }
        results.addAll(plain);
        results.addRoundRows(adaptive);
        if (unmatched > 0) {
            errorHandler.accept("The results do not all fit the corpus", path + ": " + unmatched
                    + " rows name documents the loaded corpus does not have; they were left out");
        }
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
        setInt(s, "referenceParticles", run.referenceParticlesProperty());
        if (s.containsKey("adaptive")) {
            run.adaptiveProperty().set(Boolean.parseBoolean(s.get("adaptive").trim()));
        }
        if (s.containsKey("agreeWithin")) {
            run.agreeWithinProperty().set(Double.parseDouble(s.get("agreeWithin").trim()));
        }
        setInt(s, "maxTemperatures", run.maxTemperaturesProperty());
        if (s.containsKey("curves.methods")) {
            List<String> on = List.of(s.get("curves.methods").split(","));
            curves.methods().forEach((name, p) -> p.set(on.contains(name)));
        }
        setInt(s, "curves.temperatures", curves.temperaturesProperty());
        setInt(s, "curves.runs", curves.runsProperty());
        if (s.containsKey("curves.points")) {
            List<CurveRunner.Point> points = new ArrayList<>();
            for (String p : s.get("curves.points").split(";")) {
                if (!p.isBlank()) {
                    points.add(curvePoint(p));
                }
            }
            curves.restore(points);
        }
        if (s.containsKey("teaching.model")) {
            teaching.whichProperty().set(TeachingViewModel.Model.valueOf(s.get("teaching.model").trim()));
        }
        setInt(s, "teaching.temperatures", teaching.temperaturesProperty());
        setInt(s, "teaching.samples", teaching.samplesProperty());
    }

    /** The teaching view's document and prefix, once the session's corpus is in place. */
    private void applyTeaching(Map<String, String> s) {
        String id = s.get("teaching.document");
        if (id != null) {
            teaching.documents().stream().filter(d -> d.id().equals(id)).findFirst().ifPresent(teaching::choose);
        }
        setInt(s, "teaching.tokens", teaching.tokensProperty());
    }

    private static String curvePoint(CurveRunner.Point p) {
        return String.join(",", Integer.toString(p.iteration()), p.method(), Integer.toString(p.run()), Long.toString(p.tokens()),
                Double.toString(p.logLikelihood()), Long.toString(p.siteUpdates()), Long.toString(p.nanos()),
                p.perDocumentVariance() == null ? "" : p.perDocumentVariance().toString(), Integer.toString(p.refused()));
    }

    private static CurveRunner.Point curvePoint(String text) {
        String[] f = text.split(",", -1);
        if (f.length != 9) {
            throw new IllegalArgumentException("a saved curve point has " + f.length + " fields, not 9: " + text);
        }
        return new CurveRunner.Point(Integer.parseInt(f[0]), f[1], Integer.parseInt(f[2]), Long.parseLong(f[3]), Double.parseDouble(f[4]),
                Long.parseLong(f[5]), Long.parseLong(f[6]), f[7].isEmpty() ? null : Double.valueOf(f[7]), Integer.parseInt(f[8]));
    }

    /** The saved results that fit the loaded corpus (same document at the same position); the others are reported. */
    private void applyResults(List<ComparisonRunner.Result> saved, List<SessionFile.Round> savedRounds) {
        Corpus corpus = workspace.corpusProperty().get();
        if (corpus == null) {
            return;
        }
        List<ComparisonRunner.Result> valid = saved.stream()
                .filter(r -> r.documentIndex() < corpus.size() && corpus.document(r.documentIndex()).id().equals(r.documentId()))
                .toList();
        results.reset(corpus);
        // rows of an adaptive round go back as that round (its temperatures and verdict), the others as they were
        Map<String, SessionFile.Round> byKey = new LinkedHashMap<>();
        savedRounds.forEach(round -> byKey.put(round.documentIndex() + "/" + round.method(), round));
        List<ComparisonRunner.Result> plain = new ArrayList<>();
        List<AdaptiveComparison.Row> adaptive = new ArrayList<>();
        for (ComparisonRunner.Result r : valid) {
            SessionFile.Round round = r.reference() ? null : byKey.get(r.documentIndex() + "/" + r.method());
            if (round == null) {
                plain.add(r);
            } else {
                adaptive.add(new AdaptiveComparison.Row(r, round.temperatures(), round.converged()));
            }
        }
        results.addAll(plain);
        results.addRoundRows(adaptive);
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
        whichK.cancel();
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

    public WhichKViewModel whichK() {
        return whichK;
    }
}
