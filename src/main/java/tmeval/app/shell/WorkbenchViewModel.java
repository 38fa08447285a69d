package tmeval.app.shell;

import tmeval.run.plan.AdaptiveBudget;

import javafx.beans.property.IntegerProperty;
import tmeval.app.common.AnswerLine;
import tmeval.app.common.DisagreementNotice;
import tmeval.app.common.PlanCaption;
import tmeval.app.common.Results;
import tmeval.app.common.ResultsPlan;
import tmeval.app.common.ArmKey;
import tmeval.app.common.DocMethod;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.app.common.Workspace.Slot;
import tmeval.app.curves.CurvesViewModel;
import tmeval.app.document.DocumentScreenViewModel;
import tmeval.app.inputs.InputsViewModel;
import tmeval.app.inputs.RecentFiles;
import tmeval.app.run.RunViewModel;
import tmeval.app.brackets.BracketsViewModel;
import tmeval.app.covariates.CovariatesViewModel;
import tmeval.app.scatter.ScatterViewModel;
import tmeval.app.table.VarianceTableViewModel;
import tmeval.app.teaching.TeachingViewModel;
import tmeval.app.whichk.WhichKViewModel;
import tmeval.io.InputException;
import tmeval.io.OutputFile;
import tmeval.model.Corpus;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.output.ComparisonOutput;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.output.CertifiedRows;
import tmeval.run.output.CompareRowFormat;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.plan.CurvePlan;
import tmeval.run.exec.CurveRunner;
import tmeval.run.output.Provenance;
import tmeval.run.output.ProvenanceHeader;
import tmeval.run.local.SampleDataCopy;
import tmeval.run.output.SessionFile;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingsReader;
import tmeval.run.local.Throughput;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.LongConsumer;

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
    /** Session settings: the run form's plan ({@code form.} and its provenance names), the results' plan, the curves' plan. */
    private static final String FORM = "form.";
    private static final String RESULTS = "results.";
    private static final String CURVES_SHOWN = "curves.shown.";
    /** The run form's settings in a session saved before sessions kept its whole plan, and their provenance names. */
    private static final Map<String, String> LEGACY_FORM_SETTINGS = Map.of("methods", "methods", "temperatures", "temperatures",
            "samples", "samples", "burnIn", "burn-in", "schedule", "schedule", "runs", "runs", "seed", "seed", "reference", "reference",
            "referenceParticles", "reference-particles", "align", "align");

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
    private final CovariatesViewModel covariates;
    private final PlanCaption<ResultsPlan> resultsCaption;
    private final DisagreementNotice disagreement;
    private final AnswerLine answer;
    private final UserMessages messages;
    private BiPredicate<String, String> confirm = (title, question) -> true;
    private Runnable openDocumentScreen = () -> { };

    /** @param messages told of every problem to show: the workbench shows a dialog, tests record them */
    public WorkbenchViewModel(TaskExecutor executor, Storage storage, UserMessages messages) {
        this.executor = executor;
        this.messages = messages;
        // new inputs void the results (registered first: the screens below see the reset before the new inputs): another
        // corpus, model or alignment; not a method selection that the pair cannot serve (its results are still those shown)
        workspace.corpusProperty().addListener((o, a, b) -> results.reset(b));
        for (var input : List.of(workspace.modelAProperty(), workspace.modelBProperty(), workspace.alignProperty())) {
            input.addListener((o, a, b) -> results.reset(workspace.corpusProperty().get()));
        }
        results.setInputs(workspace::comparisonInputs);
        inputs = new InputsViewModel(workspace, executor, storage.recentFiles(), messages);
        run = new RunViewModel(workspace, results, executor, storage.ratesFile(), messages);
        scatter = new ScatterViewModel(results, selectedDocument, () -> openDocumentScreen.run());
        brackets = new BracketsViewModel(results, selectedDocument, () -> openDocumentScreen.run());
        table = new VarianceTableViewModel(results);
        curves = new CurvesViewModel(workspace, executor);
        document = new DocumentScreenViewModel(workspace, results, executor, run.temperaturesProperty(), run.burnInProperty(), selectedDocument);
        teaching = new TeachingViewModel(workspace, executor);
        whichK = new WhichKViewModel(workspace, executor, messages, storage.ratesFile());
        covariates = new CovariatesViewModel(results, workspace, executor, messages);
        // nothing not saved is dropped without asking: new inputs, a session or results opened, a run of another plan
        BiPredicate<String, String> ask = (title, question) -> confirm.test(title, question);
        inputs.setResultsGuard(action -> mayDiscard(action, false));
        workspace.setResultsGuard(action -> mayDiscard(action, false));
        run.setConfirmHandler(ask);
        curves.setConfirmHandler(ask);
        resultsCaption = new PlanCaption<>("Results", results.planProperty(), run.formPlanProperty(), ResultsPlan::describe,
                ResultsPlan::userSettings);
        disagreement = new DisagreementNotice(results);
        answer = new AnswerLine(results, run.runningProperty());
    }

    /**
     * Asked (title, question) before work that is not saved would be lost (quitting, new inputs, a session or results
     * opened, a run of another plan); true goes ahead. The workbench shows a confirmation dialog; tests answer.
     */
    public void setConfirmHandler(BiPredicate<String, String> handler) {
        this.confirm = handler;
    }

    /** "Results of: ..." above the comparison views (scatter, brackets, table, document), and how the run form differs since. */
    public PlanCaption<ResultsPlan> resultsCaption() {
        return resultsCaption;
    }

    /** Another view was brought forward: no hover text of the one left stays on screen. */
    public void viewChanged() {
        scatter.hover().hide();
        brackets.hover().hide();
    }

    /** The answer first: the line above the comparison views that opens {@code compare}'s summary. */
    public AnswerLine answer() {
        return answer;
    }

    /** The banner above the comparison views when two methods' corpus intervals exclude each other. */
    public DisagreementNotice disagreement() {
        return disagreement;
    }

    private static Map<String, Slot> sessionInputs() {
        Map<String, Slot> m = new LinkedHashMap<>();
        m.put("modelA", Slot.MODEL_A);
        m.put("modelB", Slot.MODEL_B);
        m.put("corpus", Slot.CORPUS);
        m.put("series", Slot.SERIES);
        return m;
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
        Path dir = SampleDataCopy.locate();
        if (dir == null) {
            messages.error("No sample data", "the sample-data folder was not found beside the jar or in the working directory, and the copy inside the jar could not be extracted into " + SampleDataCopy.extractionFolder());
            return;
        }
        inputs.loadSampleData(dir);
    }

    /**
     * The per-document results in the columns of the command line's compare output ({@link CompareRowFormat}; an adaptive
     * run's with its temperatures and verdicts), in its order, after the provenance lines of the plan that made them (the
     * plan of the rows, never the form's) and of the loaded models and corpus. A cancelled run's results say so in a
     * {@code # partial} line. Afterwards the results count as saved: the file opens again with every row.
     *
     * @throws IOException also when the plan of the results is not known (a session saved before sessions kept it)
     */
    public void exportResults(Path path) throws IOException {
        ResultsPlan made = results.planProperty().get();
        if (made == null) {
            throw new IOException("the plan that made these results is not known (a session saved by an earlier version keeps none):"
                    + " an export would name another; run them again");
        }
        boolean adaptive = made.rounds();
        try (OutputFile file = OutputFile.create(path)) {
            Writer w = file.writer();
            w.write(Provenance.header(made.toSettings(), workspace.comparisonInputs(), true));
            if (!results.partialProperty().get().isEmpty()) {
                w.write(ProvenanceHeader.partial(results.partialProperty().get()));
            }
            w.write(adaptive ? CompareRowFormat.HEADER_ADAPTIVE : CompareRowFormat.HEADER);
            CertifiedRows rows = new CertifiedRows(w, true);
            try {
                for (ComparisonRunner.Result r : inFileOrder(made.plan(), results.all())) {
                    Results.Round round = results.round(r.documentIndex(), r.method());
                    if (adaptive) {
                        rows.add(new AdaptiveComparison.Row(r, round == null ? made.plan().settings().temperatures() : round.temperatures(),
                                round == null ? null : round.converged()));
                    } else {
                        rows.add(r);
                    }
                }
                rows.finish();
            } catch (java.io.UncheckedIOException e) {
                throw e.getCause();
            }
            file.commit();
        }
        results.markSaved();
    }

    /** The rows as {@code compare} writes them: by document, then method and direction in the plan's order, then run. */
    private static List<ComparisonRunner.Result> inFileOrder(ComparisonPlan plan, List<ComparisonRunner.Result> rows) {
        List<ArmKey> arms = plan.arms().stream().map(ArmKey::of).toList();
        return rows.stream().sorted(Comparator.comparingInt(ComparisonRunner.Result::documentIndex)
                .thenComparingInt(r -> arms.indexOf(ArmKey.of(r)))
                .thenComparingInt(ComparisonRunner.Result::run)).toList();
    }

    /**
     * Saves the inputs, the forms, the results with the plan that made them, the curves with theirs and the teaching view.
     * A run form whose plan is not valid (no method ticked, say) is left out, and said to be.
     */
    public void saveSession(Path path) throws IOException {
        Map<String, Path> in = new LinkedHashMap<>();
        SESSION_INPUTS.forEach((name, slot) -> in.put(name, workspace.path(slot)));
        Map<String, String> settings = new LinkedHashMap<>();
        String formProblem = null;
        try {
            run.plan().toSettings().forEach((k, v) -> settings.put(FORM + k, v));
        } catch (IllegalArgumentException e) {
            formProblem = e.getMessage();
        }
        settings.put("threads", Integer.toString(run.threadsProperty().get()));
        settings.put("minTokens", Integer.toString(workspace.minTokensProperty().get()));
        settings.put("auto", Boolean.toString(run.autoProperty().get()));
        settings.put("adaptive", Boolean.toString(run.adaptiveProperty().get()));
        settings.put("agreeWithin", Double.toString(run.agreeWithinProperty().get()));
        settings.put("maxTemperatures", Integer.toString(run.maxTemperaturesProperty().get()));
        if (results.planProperty().get() != null) {
            results.planProperty().get().toSettings().forEach((k, v) -> settings.put(RESULTS + k, v));
        }
        // the iteration curves: their form, the points on screen and the plan that drew them
        settings.put("curves.methods", String.join(",", curves.methods().entrySet().stream().filter(e -> e.getValue().get())
                .map(Map.Entry::getKey).toList()));
        settings.put("curves.temperatures", Integer.toString(curves.temperaturesProperty().get()));
        settings.put("curves.runs", Integer.toString(curves.runsProperty().get()));
        settings.put("curves.points", SessionFile.curvePointsText(curves.points()));
        CurvePlan drawn = curves.shownPlanProperty().get();
        if (drawn != null) {
            settings.put(CURVES_SHOWN + "methods", String.join(",", drawn.methods()));
            settings.put(CURVES_SHOWN + Setting.TEMPERATURES.name(), Integer.toString(drawn.settings().temperatures()));
            settings.put(CURVES_SHOWN + "runs", Integer.toString(drawn.runs()));
        }
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
        Set<DocMethod> seen = new HashSet<>();
        for (ComparisonRunner.Result r : results.all()) {
            Results.Round round = r.reference() ? null : results.round(r.documentIndex(), r.method());
            if (round != null && seen.add(new DocMethod(r.documentIndex(), r.method()))) {
                rounds.add(new SessionFile.Round(r.documentIndex(), r.method(), round.temperatures(), round.converged()));
            }
        }
        SessionFile.write(new SessionFile.Session(in, settings, results.all(), rounds), path);
        results.markSaved();
        curves.markSaved();
        if (formProblem != null) {
            messages.error("The run form was not saved", path + ": the session keeps the inputs, the results and the curves, but not the"
                    + " run form, whose plan is not valid: " + formProblem);
        }
    }

    /**
     * Reopens a session: every setting read and checked first (an invalid one refuses the whole session, naming it), then,
     * once the user agrees to drop results or curves not saved, the settings at once, the inputs in the background, then
     * the saved results. A {@code compare} output (the merged file of a distributed run, say) opens as a session too:
     * {@link #openResults}.
     */
    public void openSession(Path path) {
        try {
            if (ComparisonOutput.looksLikeOutput(path)) {
                openResults(path);
                return;
            }
        } catch (InputException e) {
            messages.error("Cannot open the session", e.getMessage());
            return;
        }
        SessionFile.Session session;
        Runnable applySettings;
        ResultsPlan made;
        try {
            session = SessionFile.read(path);
            applySettings = settingsOf(session.settings());
            made = resultsPlanOf(session.settings());
        } catch (InputException e) {
            messages.error("Cannot open the session", e.getMessage());
            return;
        } catch (IllegalArgumentException e) {
            messages.error("Cannot open the session", path + ": a setting is invalid: " + e.getMessage());
            return;
        }
        if (!mayDiscard("Opening the session " + path.getFileName(), true)) {
            return;
        }
        results.reset(workspace.corpusProperty().get()); // dropped now, as agreed: nothing below asks again
        applySettings.run();
        // the results are applied once every input of the session is in its slot, whichever finishes last
        int[] pending = {session.inputs().size()};
        Runnable allIn = () -> {
            applyResults(session.results(), session.rounds(), made);
            applyTeaching(session.settings());
        };
        Runnable oneDone = () -> {
            if (--pending[0] == 0) {
                allIn.run();
            }
        };
        if (pending[0] == 0) {
            allIn.run();
        }
        session.inputs().forEach((name, p) -> inputs.load(SESSION_INPUTS.get(name), p, oneDone));
    }

    /**
     * Opens a {@code compare} output (as {@code compare} or {@code merge} wrote it) as a session: the run form takes every
     * setting of its plan (one it cannot hold is named), the inputs its provenance names are loaded where they exist (a
     * message names each one missing or changed since, by its SHA-256), and its rows go to every view, matched to the
     * loaded corpus by document id, with the file's plan as theirs: exported again, they say what the file said.
     */
    public void openResults(Path path) {
        ComparisonOutput.Content content;
        ResultsPlan made;
        try {
            content = ComparisonOutput.read(path);
            made = ResultsPlan.fromSettings(content.settings());
        } catch (InputException e) {
            messages.error("Cannot open the results", e.getMessage());
            return;
        } catch (IllegalArgumentException e) {
            messages.error("Cannot open the results", path + ": a setting of its plan is invalid: " + e.getMessage());
            return;
        }
        if (!mayDiscard("Opening the results " + path.getFileName(), false)) {
            return;
        }
        results.reset(workspace.corpusProperty().get()); // dropped now, as agreed: nothing below asks again
        List<String> notHeld = run.apply(made);
        List<String> problems = new ArrayList<>();
        Map<Slot, Path> load = new LinkedHashMap<>();
        for (ProvenanceHeader.Input in : content.inputs()) {
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
            messages.error("The results' inputs are not all as recorded", path + ":\n" + String.join("\n", problems));
        }
        if (!notHeld.isEmpty()) {
            messages.error("The run form cannot hold all of the results' plan", path + ":\n" + String.join("\n", notHeld)
                    + "\nThe results keep their own plan: the views name it and an export records it.");
        }
        int[] pending = {load.size()};
        Runnable oneDone = () -> {
            if (--pending[0] == 0 && load.containsKey(Slot.CORPUS)) {
                applyOutputRows(path, content, made);
            }
        };
        load.forEach((slot, p) -> inputs.load(slot, p, oneDone));
    }

    /** The rows of an output on the loaded corpus, by document id; rows of documents it does not have are reported. */
    private void applyOutputRows(Path path, ComparisonOutput.Content content, ResultsPlan made) {
        Corpus corpus = workspace.corpusProperty().get();
        if (corpus == null) {
            return;
        }
        Map<String, Integer> positions = new java.util.HashMap<>();
        for (int d = 0; d < corpus.size(); d++) {
            positions.putIfAbsent(corpus.document(d).id(), d);
        }
        results.reset(corpus, made);
        List<ComparisonRunner.Result> plain = new ArrayList<>();
        List<AdaptiveComparison.Row> adaptive = new ArrayList<>();
        int unmatched = 0;
        for (CompareRowFormat.Row row : content.rows()) {
            Integer d = positions.get(row.documentId());
            if (d == null) {
                unmatched++;
                continue;
            }
            ComparisonRunner.Result r = row.result(d);
            if (content.adaptive()) {
                adaptive.add(new AdaptiveComparison.Row(r, row.temperatures(), row.converged()));
            } else {
                plain.add(r);
            }
        }
        results.addAll(plain);
        results.addRoundRows(adaptive);
        results.markSaved();
        if (unmatched > 0) {
            messages.error("The results do not all fit the corpus", path + ": " + unmatched
                    + " rows name documents the loaded corpus does not have; they were left out");
        }
    }

    /** The session's run form: its plan's settings ({@code form.*}), or, in a session saved before those, the names of the day. */
    private static Map<String, String> formSettings(Map<String, String> s) {
        Map<String, String> form = new LinkedHashMap<>();
        if (s.containsKey(FORM + "plan")) {
            s.forEach((k, v) -> {
                if (k.startsWith(FORM)) {
                    form.put(k.substring(FORM.length()), v);
                }
            });
            return form;
        }
        form.putAll(ComparisonPlan.defaults(ComparisonPlan.defaultSelection()).toSettings());
        LEGACY_FORM_SETTINGS.forEach((old, now) -> {
            if (s.containsKey(old)) {
                form.put(now, s.get(old));
            }
        });
        return form;
    }

    /** The plan of a session's results ({@code results.*}), or null in a session saved before sessions kept it. */
    private static ResultsPlan resultsPlanOf(Map<String, String> s) {
        Map<String, String> made = new LinkedHashMap<>();
        s.forEach((k, v) -> {
            if (k.startsWith(RESULTS)) {
                made.put(k.substring(RESULTS.length()), v);
            }
        });
        return made.isEmpty() ? null : ResultsPlan.fromSettings(made);
    }

    /**
     * A session's settings, every one read and checked as the command line checks it (nothing is applied before all are):
     * what puts them in place.
     *
     * @throws IllegalArgumentException naming the first setting that is not valid
     */
    private Runnable settingsOf(Map<String, String> s) {
        SettingsReader in = new SettingsReader(s, Set.of());
        List<Runnable> apply = new ArrayList<>();
        ComparisonPlan form = ComparisonPlan.fromSettings(formSettings(s));
        boolean adaptive = in.has("adaptive") && in.bool("adaptive");
        double agreeWithin = in.has("agreeWithin") ? in.real("agreeWithin", Setting.AGREE_WITHIN) : run.agreeWithinProperty().get();
        int maxTemperatures = in.has("maxTemperatures") ? (int) in.whole("maxTemperatures", Setting.MAX_TEMPERATURES)
                : run.maxTemperaturesProperty().get();
        AdaptiveBudget budget = in.valid("agreeWithin", () -> new AdaptiveBudget(agreeWithin, maxTemperatures));
        if (adaptive) {
            in.valid("maxTemperatures", () -> {
                budget.check(form);
                return budget;
            });
        }
        // a session saved before the form could run auto has no auto setting: its form named its methods
        boolean auto = in.has("auto") && in.bool("auto");
        apply.add(() -> {
            run.apply(new ResultsPlan(form, adaptive ? budget : null));
            run.autoProperty().set(auto);
            run.agreeWithinProperty().set(budget.agreeWithin());
            run.maxTemperaturesProperty().set(budget.maxTemperatures());
        });
        wholeSetting(in, "threads", Setting.THREADS, apply, v -> run.threadsProperty().set((int) v));
        wholeSetting(in, "minTokens", Setting.MIN_TOKENS, apply, v -> workspace.minTokensProperty().set((int) v));
        if (in.has("curves.methods")) {
            String methods = in.text("curves.methods");
            List<String> on = in.valid("curves.methods", () -> Setting.methods(methods, CurvePlan.CURVE_METHODS, true));
            apply.add(() -> curves.methods().forEach((name, p) -> p.set(on.contains(name))));
        }
        wholeSetting(in, "curves.temperatures", Setting.TEMPERATURES, apply, v -> curves.temperaturesProperty().set((int) v));
        wholeSetting(in, "curves.runs", Setting.RUNS, apply, v -> curves.runsProperty().set((int) v));
        if (in.has("curves.points")) {
            String text = in.text("curves.points");
            List<CurveRunner.Point> points = in.valid("curves.points", () -> SessionFile.curvePoints(text));
            CurvePlan drawn = in.has(CURVES_SHOWN + "methods") ? curvePlanOf(in) : null;
            apply.add(() -> curves.restore(points, drawn));
        }
        if (in.has("teaching.model")) {
            String name = in.text("teaching.model");
            TeachingViewModel.Model model = in.valid("teaching.model", () -> TeachingViewModel.Model.valueOf(name));
            apply.add(() -> teaching.whichProperty().set(model));
        }
        wholeSetting(in, "teaching.temperatures", Setting.TEACHING_TEMPERATURES, apply, v -> teaching.temperaturesProperty().set((int) v));
        wholeSetting(in, "teaching.samples", Setting.TEACHING_SAMPLES, apply, v -> teaching.samplesProperty().set((int) v));
        wholeSetting(in, "teaching.tokens", Setting.TEACHING_TOKENS, apply, v -> { }); // set with its document: applyTeaching
        return () -> apply.forEach(Runnable::run);
    }

    /** The plan that drew a session's curves ({@code curves.shown.*}): the curve form's, with these methods, temperatures and runs. */
    private static CurvePlan curvePlanOf(SettingsReader in) {
        String methodList = in.text(CURVES_SHOWN + "methods");
        List<String> methods = in.valid(CURVES_SHOWN + "methods", () -> Setting.methods(methodList, CurvePlan.CURVE_METHODS, false));
        int temperatures = (int) in.whole(CURVES_SHOWN + Setting.TEMPERATURES.name(), Setting.TEMPERATURES);
        int curveRuns = (int) in.whole(CURVES_SHOWN + "runs", Setting.RUNS);
        return CurvesViewModel.planOf(methods, temperatures, curveRuns);
    }

    private static void wholeSetting(SettingsReader in, String key, Setting.Whole rule, List<Runnable> apply, LongConsumer set) {
        if (in.has(key)) {
            long v = in.whole(key, rule);
            apply.add(() -> set.accept(v));
        }
    }

    /** The teaching view's document and prefix, once the session's corpus is in place (the prefix was checked by settingsOf). */
    private void applyTeaching(Map<String, String> s) {
        String id = s.get("teaching.document");
        if (id != null) {
            teaching.documents().stream().filter(d -> d.id().equals(id)).findFirst().ifPresent(teaching::choose);
        }
        if (s.containsKey("teaching.tokens")) {
            teaching.tokensProperty().set(Integer.parseInt(s.get("teaching.tokens").trim()));
        }
    }

    /**
     * Whether work on screen that is not saved may be dropped for {@code action}: yes when there is none or the user says so.
     *
     * @param curvesToo whether the action replaces the iteration curves too (a session does), not only the comparison results
     */
    boolean mayDiscard(String action, boolean curvesToo) {
        List<String> unsaved = new ArrayList<>();
        if (results.unsavedProperty().get() && !results.all().isEmpty()) {
            unsaved.add(results.describe());
        }
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
        if (results.unsavedProperty().get() && !results.all().isEmpty()) {
            unsaved.add(results.describe());
        }
        if (curves.unsavedProperty().get() && !curves.points().isEmpty()) {
            unsaved.add("the iteration curves (" + curves.points().size() + " points)");
        }
        if (!whichK.rows().isEmpty()) {
            unsaved.add("the which-K scores of " + whichK.rows().size() + " models (a session does not keep them)");
        }
        return unsaved.isEmpty() || confirm.test("Quit without saving?", "Quitting drops " + String.join(", ", unsaved)
                + ".\n\nQuit anyway? (File > Save session, Ctrl+S, keeps the results and the curves.)");
    }

    /**
     * The saved results that fit the loaded corpus (same document at the same position), with their plan (null: a session
     * saved before sessions kept it); the others are reported.
     */
    private void applyResults(List<ComparisonRunner.Result> saved, List<SessionFile.Round> savedRounds, ResultsPlan made) {
        Corpus corpus = workspace.corpusProperty().get();
        if (corpus == null) {
            return;
        }
        List<ComparisonRunner.Result> valid = saved.stream()
                .filter(r -> r.documentIndex() < corpus.size() && corpus.document(r.documentIndex()).id().equals(r.documentId()))
                .toList();
        results.reset(corpus, made);
        // rows of an adaptive round go back as that round (its temperatures and verdict), the others as they were
        Map<DocMethod, SessionFile.Round> byKey = new LinkedHashMap<>();
        savedRounds.forEach(round -> byKey.put(new DocMethod(round.documentIndex(), round.method()), round));
        List<ComparisonRunner.Result> plain = new ArrayList<>();
        List<AdaptiveComparison.Row> adaptive = new ArrayList<>();
        for (ComparisonRunner.Result r : valid) {
            SessionFile.Round round = r.reference() ? null : byKey.get(new DocMethod(r.documentIndex(), r.method()));
            if (round == null) {
                plain.add(r);
            } else {
                adaptive.add(new AdaptiveComparison.Row(r, round.temperatures(), round.converged()));
            }
        }
        results.addAll(plain);
        results.addRoundRows(adaptive);
        results.markSaved();
        if (valid.size() < saved.size()) {
            messages.error("Session results do not all fit the corpus", (saved.size() - valid.size())
                    + " results name documents the loaded corpus does not have at that position; they were left out");
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

    public CovariatesViewModel covariates() {
        return covariates;
    }

    public WhichKViewModel whichK() {
        return whichK;
    }
}
