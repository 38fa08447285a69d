package tmeval.app.common;

import tmeval.compare.ComparisonTable;
import tmeval.compare.ConvergenceCheck;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.run.ComparisonPlan;
import tmeval.run.ComparisonRunner;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * The per-document comparison results of the workbench, fed in batches on the FX thread as documents finish;
 * the scatter, the table and the document view all observe it. Lives on the FX thread only.
 */
public final class Results {
    private final List<ComparisonRunner.Result> all = new ArrayList<>();
    private final List<Consumer<List<ComparisonRunner.Result>>> addListeners = new ArrayList<>();
    private final List<Runnable> resetListeners = new ArrayList<>();
    private Corpus corpus;
    private ComparisonTable cachedTable; // rebuilt only after the results change, not once per observing view
    private double gapThreshold = ComparisonPlan.DEFAULT_GAP_THRESHOLD;
    private final javafx.beans.property.StringProperty partial = new javafx.beans.property.SimpleStringProperty("");

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

    /** Starts over for a corpus (new inputs). */
    public void reset(Corpus corpus) {
        this.corpus = corpus;
        partial.set("");
        all.clear();
        cachedTable = null;
        derived.clear();
        cachedChecks = null;
        resetListeners.forEach(Runnable::run);
    }

    /** Drops earlier results of these method/direction keys, before they are run again. */
    public void forget(List<String> armKeys) {
        boolean removed = all.removeIf(r -> armKeys.contains(key(r)));
        if (removed) {
            cachedTable = null;
            derived.clear();
            cachedChecks = null;
            resetListeners.forEach(Runnable::run);
            List<ComparisonRunner.Result> kept = List.copyOf(all);
            addListeners.forEach(l -> l.accept(kept));
        }
    }

    public void addAll(List<ComparisonRunner.Result> batch) {
        all.addAll(batch);
        if (cachedTable != null && batch.stream().allMatch(r -> r.run() <= tableRuns)) {
            // recording a batch into the table gives the table a rebuild would: a batch costs its size, not the corpus's
            batch.forEach(r -> ComparisonRunner.record(cachedTable, r));
        } else {
            cachedTable = null;
        }
        derived.clear();
        cachedChecks = null;
        addListeners.forEach(l -> l.accept(batch));
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

    public static String key(ComparisonRunner.Result r) {
        return r.reference() ? "reference" : r.method() + "/" + r.direction().label();
    }

    /** The summary table of everything so far (rows per method and direction), with the forward/reverse checks. */
    public ComparisonTable table() {
        if (cachedTable == null) {
            cachedTable = buildTable();
        }
        return cachedTable;
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
            lengths[d] = doc.length();
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

    public void setGapThreshold(double threshold) {
        this.gapThreshold = threshold;
        derived.clear();
        cachedChecks = null;
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
