package tmeval.app.common;

import tmeval.run.plan.ComparisonJob;
import tmeval.architecture.UsesNoSceneGraph;
import tmeval.compare.ComparisonTable;
import tmeval.compare.ConvergenceCheck;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.output.Provenance;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleIntegerProperty;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The per-document comparison results of the workbench, fed in batches on the FX thread as documents finish;
 * the scatter, the table and the document view all observe it. Lives on the FX thread only.
 */
@UsesNoSceneGraph
public final class Results {
    private final List<ComparisonRunner.Result> all = new ArrayList<>();
    private final List<Consumer<List<ComparisonRunner.Result>>> addListeners = new ArrayList<>();
    private final List<Runnable> resetListeners = new ArrayList<>();
    private Corpus corpus;
    private ComparisonTable cachedTable; // rebuilt only after the results change, not once per observing view
    private List<ComparisonTable.Row> cachedRows; // the table's rows (a bootstrap each): computed once per change, for every view
    private final ResultVerdicts verdicts = new ResultVerdicts();
    private double gapThreshold = ComparisonPlan.DEFAULT_GAP_THRESHOLD;
    private final javafx.beans.property.StringProperty partial = new javafx.beans.property.SimpleStringProperty("");
    private final ReadOnlyObjectWrapper<ComparisonJob> plan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper unsaved = new ReadOnlyBooleanWrapper(false);
    private Supplier<List<Provenance.Input>> inputs = List::of;

    /**
     * Empty when the results are all a job meant to produce; otherwise why not ("partial: cancelled after 120 of 300
     * documents"). The run screen sets it; the table shows it.
     */
    public javafx.beans.property.StringProperty partialProperty() {
        return partial;
    }
    private int tableRuns;
    /** {@link #paired} and {@link #checks} of the current results, computed once for all the screens that ask. */
    private final Map<String, List<ComparisonTable.PairedEstimate>> derived = new HashMap<>();
    private List<ConvergenceCheck> cachedChecks;
    private final IntegerProperty selectedDocument = new SimpleIntegerProperty(-1);
    /** The last adaptive round of each (document, method): absent for results of a plain run. */
    private final Map<DocMethod, Round> rounds = new HashMap<>();

    /**
     * The budget of an adaptive round ({@code compare --adaptive}): the temperatures it used and whether its directions
     * agreed (null for a method that does not anneal between the models).
     */
    public record Round(int temperatures, Boolean converged) {
        /** As the command line's {@code temperatures} and {@code converged} columns say it. */
        public String describe() {
            return String.format(Locale.ROOT, "%d temperatures, %s", temperatures,
                    converged == null ? "no directions" : converged ? "converged" : "not converged");
        }
    }

    /**
     * What the results were at one moment, to be put back: a job cancelled before its end must not replace the results
     * that were on screen before it started.
     */
    public record Snapshot(Corpus corpus, List<ComparisonRunner.Result> rows, Map<DocMethod, Round> rounds, ComparisonJob plan, String partial,
                           boolean unsaved) {
        public boolean isEmpty() {
            return rows.isEmpty();
        }

        /** The same rows, now in a file. */
        public Snapshot saved() {
            return new Snapshot(corpus, rows, rounds, plan, partial, false);
        }
    }

    public Snapshot snapshot() {
        return new Snapshot(corpus, List.copyOf(all), Map.copyOf(rounds), plan.get(), partial.get(), unsaved.get());
    }

    /** Puts a snapshot's results back, unless the corpus has changed since (then they describe other documents). */
    public void restore(Snapshot s) {
        if (s.corpus() != corpus) {
            return;
        }
        all.clear();
        all.addAll(s.rows());
        rounds.clear();
        rounds.putAll(s.rounds());
        partial.set(s.partial());
        plan.set(s.plan());
        gapThreshold = s.plan() == null ? ComparisonPlan.DEFAULT_GAP_THRESHOLD : s.plan().plan().gapThreshold();
        unsaved.set(s.unsaved());
        replaced();
    }

    /** The plan that made the results (null when there are none), as an export records it and the views name it. */
    public ReadOnlyObjectProperty<ComparisonJob> planProperty() {
        return plan.getReadOnlyProperty();
    }

    /**
     * The results on screen are now those of this plan, whose settings but the methods are theirs (a job of more methods
     * joined them): the same gap threshold.
     */
    public void setPlan(ComparisonJob p) {
        if (p == null || plan.get() == null || !plan.get().joins(p)) {
            throw new IllegalArgumentException("the results of one plan do not become another's: reset them for it");
        }
        plan.set(p);
    }

    /** Where the files the results compare are found: the workspace's models and corpus ({@link Workspace#comparisonInputs}). */
    public void setInputs(Supplier<List<Provenance.Input>> inputs) {
        this.inputs = inputs;
    }

    /** The files of the comparison (model A, model B, the corpus), for the provenance and captions of what is exported. */
    public List<Provenance.Input> inputs() {
        return inputs.get();
    }

    /** Whether a job has added results since they were last saved (a session, an export) or opened. */
    public ReadOnlyBooleanProperty unsavedProperty() {
        return unsaved.getReadOnlyProperty();
    }

    /** The results are in a file now (a session, an export, or they were opened from one). */
    public void markSaved() {
        unsaved.set(false);
    }

    /** The results in words, for a question before they are dropped: "the results of" their plan ({@link JobDescription#of}) and "(24 rows)". */
    public String describe() {
        return String.format(Locale.ROOT, "the results of %s (%,d rows)", plan.get() == null ? "an unknown plan" : JobDescription.of(plan.get()), all.size());
    }

    /** Starts over for a corpus (new inputs). */
    public void reset(Corpus corpus) {
        reset(corpus, null);
    }

    /**
     * Starts over for the results of a plan (null: none yet) on a corpus; the views, told of the reset, already see the
     * plan's gap threshold.
     */
    public void reset(Corpus corpus, ComparisonJob made) {
        if (made == null || corpus != this.corpus) {
            // new inputs, or results of other documents: the selected document is not theirs
            selectedDocument.set(-1);
        }
        this.corpus = corpus;
        partial.set("");
        all.clear();
        rounds.clear();
        plan.set(made);
        gapThreshold = made == null ? ComparisonPlan.DEFAULT_GAP_THRESHOLD : made.plan().gapThreshold();
        unsaved.set(false);
        cachedTable = null;
        derived.clear();
        cachedChecks = null;
        cachedRows = null;
        verdicts.replaced(all);
        resetListeners.forEach(Runnable::run);
    }

    /** Drops earlier results of these methods and directions (and the rounds of those methods), before they are run again. */
    public void forget(List<ArmKey> arms) {
        boolean removed = all.removeIf(r -> arms.contains(ArmKey.of(r)));
        rounds.keySet().removeIf(k -> arms.stream().anyMatch(a -> !a.isReference() && a.method().equals(k.method())));
        if (removed) {
            replaced();
        }
    }

    /** After rows were removed or superseded: caches dropped, the views told by a reset and then everything kept. */
    private void replaced() {
        cachedTable = null;
        derived.clear();
        cachedChecks = null;
        cachedRows = null;
        verdicts.replaced(all);
        resetListeners.forEach(Runnable::run);
        List<ComparisonRunner.Result> kept = List.copyOf(all);
        addListeners.forEach(l -> l.accept(kept));
    }

    public void addAll(List<ComparisonRunner.Result> batch) {
        all.addAll(batch);
        unsaved.set(unsaved.get() || !batch.isEmpty());
        if (cachedTable != null && batch.stream().allMatch(r -> r.run() <= tableRuns)) {
            // recording a batch into the table gives the table a rebuild would: a batch costs its size, not the corpus's
            batch.forEach(r -> ComparisonRunner.record(cachedTable, r));
        } else {
            cachedTable = null;
        }
        derived.clear();
        cachedChecks = null;
        cachedRows = null;
        verdicts.added(batch);
        addListeners.forEach(l -> l.accept(batch));
    }

    /**
     * Adds adaptive rounds (each the rows of one (document, method) at one budget, in the order they ran): a round
     * replaces every earlier row of its (document, method), here or earlier in the list, so a document re-run with
     * more temperatures moves its point instead of adding one. When a row is superseded the views are told as after
     * {@link #forget}: a reset, then everything kept.
     */
    public void addRounds(List<List<AdaptiveComparison.Row>> roundsInOrder) {
        Map<DocMethod, List<AdaptiveComparison.Row>> last = new LinkedHashMap<>();
        for (List<AdaptiveComparison.Row> round : roundsInOrder) {
            if (!round.isEmpty()) {
                ComparisonRunner.Result first = round.get(0).result();
                DocMethod k = new DocMethod(first.documentIndex(), first.method());
                last.remove(k); // re-inserted at the end: the batch keeps the order the rounds finished in
                last.put(k, round);
            }
        }
        boolean superseded = all.removeIf(r -> !r.reference() && last.containsKey(new DocMethod(r.documentIndex(), r.method())))
                || last.values().stream().mapToInt(List::size).sum() < roundsInOrder.stream().mapToInt(List::size).sum();
        List<ComparisonRunner.Result> batch = new ArrayList<>();
        last.forEach((k, round) -> {
            rounds.put(k, new Round(round.get(0).temperatures(), round.get(0).converged()));
            round.forEach(row -> batch.add(row.result()));
        });
        if (!superseded) {
            addAll(batch);
            return;
        }
        all.addAll(batch);
        unsaved.set(true);
        replaced();
    }

    /**
     * Rows of adaptive rounds read back (a {@code compare --adaptive} output, a session), in any order: grouped by
     * document and method, each group one round, then as {@link #addRounds}.
     */
    public void addRoundRows(List<AdaptiveComparison.Row> rows) {
        Map<DocMethod, List<AdaptiveComparison.Row>> byRound = new LinkedHashMap<>();
        rows.forEach(row -> byRound.computeIfAbsent(new DocMethod(row.result().documentIndex(), row.result().method()), k -> new ArrayList<>()).add(row));
        if (!byRound.isEmpty()) {
            addRounds(List.copyOf(byRound.values()));
        }
    }

    /** The last adaptive round of a document's method, or null when its results came from a plain run. */
    public Round round(int documentIndex, String method) {
        return rounds.get(new DocMethod(documentIndex, method));
    }

    /** The last adaptive round of each (document, method) so far, read only. */
    Map<DocMethod, Round> rounds() {
        return Collections.unmodifiableMap(rounds);
    }

    public void onAdded(Consumer<List<ComparisonRunner.Result>> listener) {
        addListeners.add(listener);
    }

    public void onReset(Runnable listener) {
        resetListeners.add(listener);
    }

    public Corpus corpus() {
        return corpus;
    }

    public List<ComparisonRunner.Result> all() {
        return List.copyOf(all);
    }

    public List<ComparisonRunner.Result> forDocument(int documentIndex) {
        List<ComparisonRunner.Result> out = new ArrayList<>();
        for (ComparisonRunner.Result r : all) {
            if (r.documentIndex() == documentIndex) {
                out.add(r);
            }
        }
        return out;
    }

    /** The summary table of everything so far (rows per method and direction), with the forward/reverse checks. */
    public ComparisonTable table() {
        if (cachedTable == null) {
            cachedTable = buildTable();
        }
        return cachedTable;
    }

    /** The table's rows ({@link ComparisonTable#rows}), computed once per change of the results for all the views that show them. */
    public List<ComparisonTable.Row> rows() {
        if (cachedRows == null) {
            cachedRows = List.copyOf(table().rows());
        }
        return cachedRows;
    }

    /** Each document's verdict by each method, and their counts: what the views show of certification. */
    public ResultVerdicts verdicts() {
        return verdicts;
    }

    private ComparisonTable buildTable() {
        if (corpus == null) {
            return new ComparisonTable(List.of(), new int[0], 1);
        }
        List<String> ids = new ArrayList<>();
        int[] lengths = new int[corpus.size()];
        for (int d = 0; d < corpus.size(); d++) {
            Document doc = corpus.document(d);
            ids.add(doc.id());
            // the tokens the plan's methods compare: the second half for document completion
            lengths[d] = plan.get() == null ? doc.length() : plan.get().plan().scoredTokens(doc.length());
        }
        int runs = 1;
        for (ComparisonRunner.Result r : all) {
            runs = Math.max(runs, r.run());
        }
        tableRuns = runs;
        ComparisonTable table = new ComparisonTable(ids, lengths, runs);
        for (ComparisonRunner.Result r : all) {
            ComparisonRunner.record(table, r);
        }
        return table;
    }

    /** The forward/reverse gap above which a document is flagged: the plan's, set by the run that made the results. */
    public double gapThreshold() {
        return gapThreshold;
    }

    /** Each document's two estimates of a method, flagged against {@link #gapThreshold()} (see {@link ComparisonTable#paired}). */
    public List<ComparisonTable.PairedEstimate> paired(String method) {
        return derived.computeIfAbsent(method, m -> List.copyOf(table().paired(m, gapThreshold)));
    }

    public List<ConvergenceCheck> checks() {
        if (cachedChecks == null) {
            cachedChecks = List.copyOf(table().convergenceChecks(gapThreshold));
        }
        return cachedChecks;
    }

    /**
     * The document every screen highlights (its index in the corpus, -1: none): the scatter rings it, the document
     * screen shows it. Shared here so that no screen needs another.
     */
    public IntegerProperty selectedDocumentProperty() {
        return selectedDocument;
    }

    /**
     * Ids of the documents far from the diagonal, each counted once however many ratio paths flag it: the union of
     * the {@link ConvergenceCheck#flagged} lists the command line prints, in order of first appearance.
     */
    public List<String> flaggedDocumentIds() {
        LinkedHashSet<String> ids = new LinkedHashSet<>();
        for (ConvergenceCheck check : checks()) {
            ids.addAll(check.flagged());
        }
        return List.copyOf(ids);
    }
}
