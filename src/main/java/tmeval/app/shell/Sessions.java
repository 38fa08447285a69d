package tmeval.app.shell;

import tmeval.estimate.MethodOption;
import tmeval.run.plan.AdaptiveBudget;
import tmeval.run.plan.CurvePlan;

import tmeval.app.common.Results;
import tmeval.app.common.RunHistory;
import tmeval.run.plan.ComparisonJob;
import tmeval.app.common.DocMethod;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.app.common.Workspace.Slot;
import tmeval.app.curves.CurvesViewModel;
import tmeval.app.run.RunViewModel;
import tmeval.app.teaching.TeachingViewModel;
import tmeval.app.whichk.WhichKViewModel;
import tmeval.model.Corpus;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.output.ComparisonResults;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.plan.CurvePlan;
import tmeval.run.exec.CurveRunner;
import tmeval.run.output.SessionFile;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.SettingsReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * Sessions: the inputs, the forms, the results with the plan that made them, the curves and the teaching view, saved
 * as one plain TSV ({@link SessionFile}) and reopened, every setting checked before any is applied.
 */
final class Sessions {
    /** Session keys of the inputs. */
    private static final Map<String, Slot> SESSION_INPUTS = sessionInputs();
    /** Session settings: the run form's plan ({@code form.} and its provenance names), the results' plan, the curves' plan. */
    private static final String FORM = "form.";
    private static final String RESULTS = "results.";
    private static final String CURVES_SHOWN = "curves.shown.";
    /** The run form's settings in a session saved before sessions kept its whole plan, and their provenance names. */
    private static final Map<String, String> LEGACY_FORM_SETTINGS = Map.of(SettingName.METHODS.key(), SettingName.METHODS.key(),
            MethodOption.TEMPERATURES.setting(), MethodOption.TEMPERATURES.setting(), MethodOption.SAMPLES.setting(), MethodOption.SAMPLES.setting(),
            "burnIn", MethodOption.BURN_IN.setting(), MethodOption.SCHEDULE.setting(), MethodOption.SCHEDULE.setting(),
            SettingName.RUNS.key(), SettingName.RUNS.key(), SettingName.SEED.key(), SettingName.SEED.key(),
            SettingName.REFERENCE.key(), SettingName.REFERENCE.key(), "referenceParticles", SettingName.REFERENCE_PARTICLES.key(),
            SettingName.ALIGN.key(), SettingName.ALIGN.key());

    private final Workspace workspace;
    private final Results results;
    private final RunHistory history;
    private final RunViewModel run;
    private final UserMessages messages;
    private final Reopening reopening;
    private final CurvesViewModel curves;
    private final TeachingViewModel teaching;
    private final ResultsFiles files;
    private final WhichKViewModel whichK;

    Sessions(Workspace workspace, RunHistory history, RunViewModel run, CurvesViewModel curves,
             TeachingViewModel teaching, WhichKViewModel whichK, ResultsFiles files, UserMessages messages, Reopening reopening) {
        this.whichK = whichK;
        this.workspace = workspace;
        this.history = history;
        this.results = history.results();
        this.run = run;
        this.curves = curves;
        this.teaching = teaching;
        this.files = files;
        this.messages = messages;
        this.reopening = reopening;
    }

    private static Map<String, Slot> sessionInputs() {
        Map<String, Slot> m = new LinkedHashMap<>();
        m.put("modelA", Slot.MODEL_A);
        m.put("modelB", Slot.MODEL_B);
        m.put("corpus", Slot.CORPUS);
        m.put("series", Slot.SERIES);
        return m;
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
        settings.put(SettingName.THREADS.key(), Integer.toString(run.threadsProperty().get()));
        settings.put("minTokens", Integer.toString(workspace.minTokensProperty().get()));
        settings.put(SettingName.AUTO.key(), Boolean.toString(run.autoProperty().get()));
        settings.put(SettingName.ADAPTIVE.key(), Boolean.toString(run.adaptiveProperty().get()));
        settings.put("agreeWithin", Double.toString(run.agreeWithinProperty().get()));
        settings.put("maxTemperatures", Integer.toString(run.maxTemperaturesProperty().get()));
        // the history of runs: which is on screen and which beside it (each run's plan goes with its rows)
        if (history.shownProperty().get() != null) {
            settings.put("history.shown", Integer.toString(history.shownProperty().get().id()));
        }
        if (history.compareProperty().get() != null) {
            settings.put("history.compare", Integer.toString(history.compareProperty().get().id()));
        }
        // the iteration curves: their form, the points on screen and the plan that drew them
        settings.put("curves.methods", String.join(",", curves.methods().entrySet().stream().filter(e -> e.getValue().get())
                .map(Map.Entry::getKey).toList()));
        settings.put("curves.temperatures", Integer.toString(curves.temperaturesProperty().get()));
        settings.put("curves.runs", Integer.toString(curves.runsProperty().get()));
        settings.put("curves.points", SessionFile.curvePointsText(curves.points()));
        CurvePlan drawn = curves.shownPlanProperty().get();
        if (drawn != null) {
            settings.put(CURVES_SHOWN + SettingName.METHODS.key(), String.join(",", drawn.methods()));
            settings.put(CURVES_SHOWN + Setting.TEMPERATURES.name(), Integer.toString(drawn.settings().temperatures()));
            settings.put(CURVES_SHOWN + SettingName.RUNS.key(), Integer.toString(drawn.runs()));
        }
        // the teaching view: its document, model and AIS settings
        if (teaching.documentProperty().get() != null) {
            settings.put("teaching.document", teaching.documentProperty().get().id());
        }
        settings.put("teaching.model", teaching.whichProperty().get().name());
        settings.put("teaching.temperatures", Integer.toString(teaching.temperaturesProperty().get()));
        settings.put("teaching.samples", Integer.toString(teaching.samplesProperty().get()));
        settings.put("teaching.tokens", Integer.toString(teaching.tokensProperty().get()));
        // Which K?'s scores: the models' rows and points, the per-K table with its verdict and provenance
        settings.putAll(whichK.sessionSettings());
        SessionFile.write(new SessionFile.Session(in, settings, List.of(), List.of(), SessionRuns.blocks(history)), path);
        history.markAllSaved();
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
        ComparisonResults.Kind kind = reopening.read("the session", path, "", () -> ComparisonResults.kind(path));
        if (kind == ComparisonResults.Kind.OUTPUT) {
            files.openResults(path);
            return;
        }
        ComparisonResults.Opened read = kind == null ? null
                : reopening.read("the session", path, "a setting is invalid", () -> ComparisonResults.open(path));
        if (read == null) {
            return;
        }
        SessionFile.Session session = read.session();
        if (!read.source().warnings().isEmpty()) {
            messages.error("The session's inputs are not checked", path + ":\n" + String.join("\n", read.source().warnings()));
        }
        Opened opened = reopening.read("the session", path, "a setting is invalid", () -> new Opened(settingsOf(session.settings()),
                resultsPlanOf(session.settings()), SessionRuns.plans(session.runs())));
        if (opened == null || !reopening.clearIfAgreed("Opening the session " + path.getFileName(), true)) {
            return;
        }
        opened.applySettings().run();
        Map<Slot, Path> load = new LinkedHashMap<>();
        session.inputs().forEach((name, p) -> load.put(SESSION_INPUTS.get(name), p));
        // the results are applied once every input of the session is in its slot, whichever finishes last
        reopening.loadThen(load, () -> {
            if (session.runs().isEmpty()) { // a session saved before sessions kept runs: its results are one run
                applyResults(session.results(), session.rounds(), opened.made());
                if (!results.all().isEmpty()) {
                    history.adopt(modified(path));
                }
            } else {
                applyRuns(session, opened.runPlans());
            }
            applyTeaching(session.settings());
            whichK.restore(session.settings());
        });
    }

    /** A session's settings, read and checked before any is applied: the forms' (applied by the runnable), the results' plan, each run's. */
    private record Opened(Runnable applySettings, ComparisonJob made, List<ComparisonJob> runPlans) {
    }

    /** Every run of a session back in the history, each checked against the loaded corpus as its rows go in. */
    private void applyRuns(SessionFile.Session session, List<ComparisonJob> plans) {
        if (workspace.corpusProperty().get() == null) {
            return;
        }
        List<Results.Snapshot> rows = new ArrayList<>();
        List<Integer> ids = new ArrayList<>();
        List<java.time.Instant> started = new ArrayList<>();
        List<RunHistory.Status> status = new ArrayList<>();
        for (int i = 0; i < session.runs().size(); i++) {
            SessionFile.RunBlock b = session.runs().get(i);
            applyResults(b.results(), b.rounds(), plans.get(i));
            results.partialProperty().set(b.partial());
            rows.add(results.snapshot());
            ids.add(b.id());
            started.add(b.started());
            status.add(RunHistory.Status.parse(b.status()));
        }
        history.restore(rows, ids, started, status, runNumber(session.settings().get("history.shown")),
                runNumber(session.settings().get("history.compare")));
    }

    private static Integer runNumber(String text) {
        return text == null ? null : Integer.valueOf(text.trim());
    }

    /** When a file was last written (a session of one run saved before sessions kept its start), or now if unknown. */
    private static java.time.Instant modified(Path path) {
        try {
            return Files.getLastModifiedTime(path).toInstant();
        } catch (IOException e) {
            return java.time.Instant.now();
        }
    }

    /** The session's run form: its plan's settings ({@code form.*}), or, in a session saved before those, the names of the day. */
    private static Map<String, String> formSettings(Map<String, String> s) {
        Map<String, String> form = new LinkedHashMap<>();
        if (s.containsKey(FORM + SettingName.PLAN.key())) {
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
    private static ComparisonJob resultsPlanOf(Map<String, String> s) {
        Map<String, String> made = new LinkedHashMap<>();
        s.forEach((k, v) -> {
            if (k.startsWith(RESULTS)) {
                made.put(k.substring(RESULTS.length()), v);
            }
        });
        return made.isEmpty() ? null : ComparisonJob.fromSettings(made);
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
        boolean adaptive = in.has(SettingName.ADAPTIVE.key()) && in.bool(SettingName.ADAPTIVE.key());
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
        boolean auto = in.has(SettingName.AUTO.key()) && in.bool(SettingName.AUTO.key());
        apply.add(() -> {
            run.apply(new ComparisonJob(form, adaptive ? budget : null));
            run.autoProperty().set(auto);
            run.agreeWithinProperty().set(budget.agreeWithin());
            run.maxTemperaturesProperty().set(budget.maxTemperatures());
        });
        wholeSetting(in, SettingName.THREADS.key(), Setting.THREADS, apply, v -> run.threadsProperty().set((int) v));
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
            CurvePlan drawn = in.has(CURVES_SHOWN + SettingName.METHODS.key()) ? curvePlanOf(in) : null;
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
        String methodList = in.text(CURVES_SHOWN + SettingName.METHODS.key());
        List<String> methods = in.valid(CURVES_SHOWN + SettingName.METHODS.key(), () -> Setting.methods(methodList, CurvePlan.CURVE_METHODS, false));
        int temperatures = (int) in.whole(CURVES_SHOWN + Setting.TEMPERATURES.name(), Setting.TEMPERATURES);
        int curveRuns = (int) in.whole(CURVES_SHOWN + SettingName.RUNS.key(), Setting.RUNS);
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
     * The saved results that fit the loaded corpus (same document at the same position), with their plan (null: a session
     * saved before sessions kept it); the others are reported.
     */
    private void applyResults(List<ComparisonRunner.Result> saved, List<SessionFile.Round> savedRounds, ComparisonJob made) {
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
}
