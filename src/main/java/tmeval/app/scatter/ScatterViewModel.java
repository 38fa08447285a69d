package tmeval.app.scatter;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import tmeval.app.common.FigureText;
import tmeval.app.common.HoverText;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ComparisonTable.PairedEstimate;
import tmeval.compare.ConvergenceCheck;
import tmeval.model.Corpus;
import tmeval.run.certify.Verdict;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * View-model of the scatter (Foulds and Smyth's Figure 1): per method, one point per document whose two estimates
 * are in, paired by the engine ({@link tmeval.compare.ComparisonTable#paired}: forward against reverse for a ratio
 * path, run 1 against run 2 for a baseline), the documents it flags, which methods are drawn, the axes (perplexity
 * ratios on log axes, or log-ratios per token), each point's verdict (filled when its document is certified by its
 * method) and the summary under the plot; its words are {@link ScatterCaptions}', the axes' ticks {@link tmeval.report.NiceTicks}'.
 * <p>
 * Points only ever arrive: after a batch the new ones are handed to the view as an {@link Update} (the view appends
 * them to its series), and the fitted range follows from a running minimum and maximum per method, so a batch costs
 * the size of the batch on screen, not the size of the corpus.
 */
public final class ScatterViewModel {
    /** What the plot shows: the points of each method in the order methods appeared, and the flagged ones. */
    public record Plot(Map<String, List<PairedEstimate>> points, List<PairedEstimate> flagged) {
        public int pointCount() {
            return points.values().stream().mapToInt(List::size).sum();
        }
    }

    /**
     * What changed since the last update: {@code cleared} means start over (then {@code added} holds everything);
     * otherwise the points to append, per method, and the newly flagged ones.
     */
    public record Update(boolean cleared, Map<String, List<PairedEstimate>> added, List<PairedEstimate> flaggedAdded) {
    }

    /** The common range of both axes; the diagonal spans it. {@code logRatio}: axes in nats per token, not ratios. */
    public record Range(double low, double high, boolean logRatio) {
    }

    /** Running extent of one method's points, as log-ratios per token (the perplexity ratio is exp(-that)). */
    private static final class Extent {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;

        void add(double v) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
    }

    private final Results results;
    private final ScatterCaptions captions;
    /** The selected document, its points, the search: {@link ScatterSelection}. */
    private final ScatterSelection selection;
    private final ObservableList<String> methods = FXCollections.observableArrayList();
    /** Kept across runs and new inputs: a method hidden stays hidden when it is run again. */
    private final Map<String, BooleanProperty> visible = new LinkedHashMap<>();
    private final Map<String, List<PairedEstimate>> points = new LinkedHashMap<>();
    private final Map<String, boolean[]> seen = new HashMap<>();
    private final Map<String, Extent> extents = new HashMap<>();
    private final List<PairedEstimate> flagged = new ArrayList<>();
    private final List<Consumer<Update>> updateListeners = new ArrayList<>();
    private final BooleanProperty logRatioAxes = new SimpleBooleanProperty(false);
    private final ReadOnlyObjectWrapper<Range> range = new ReadOnlyObjectWrapper<>(new Range(0.5, 2, false));
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper();
    private final ObservableList<String> flaggedDocuments = FXCollections.observableArrayList();
    private List<ConvergenceCheck> checks = List.of();
    private final HoverText hover;
    /** Whether a comparison runs ({@link #followRun}). */
    private ObservableBooleanValue running = new SimpleBooleanProperty(false);
    private final ScatterBeside beside = new ScatterBeside();

    /**
     * @param selectedDocument the document every screen highlights ({@link Results#selectedDocumentProperty()})
     * @param openDocument brings the document screen forward
     */
    public ScatterViewModel(Results results, IntegerProperty selectedDocument, Runnable openDocument) {
        this.results = results;
        this.captions = new ScatterCaptions(results);
        this.selection = new ScatterSelection(results, selectedDocument, openDocument, this::drawnOf);
        this.hover = new HoverText(results);
        results.onAdded(batch -> refresh(false));
        results.onReset(() -> refresh(true));
        logRatioAxes.addListener((o, a, b) -> fitRange());
        refresh(true);
    }

    private void refresh(boolean cleared) {
        if (cleared) {
            points.clear();
            seen.clear();
            extents.clear();
            flagged.clear();
        }
        Map<String, List<PairedEstimate>> added = new LinkedHashMap<>();
        List<PairedEstimate> flaggedAdded = new ArrayList<>();
        Corpus corpus = results.corpus();
        if (corpus != null) {
            for (String method : results.table().methods()) {
                List<PairedEstimate> fresh = new ArrayList<>();
                boolean[] known = seen.computeIfAbsent(method, m -> new boolean[corpus.size()]);
                for (PairedEstimate p : results.paired(method)) {
                    if (!known[p.document()]) {
                        known[p.document()] = true;
                        fresh.add(p);
                    }
                }
                if (fresh.isEmpty()) {
                    continue;
                }
                Extent extent = extents.computeIfAbsent(method, m -> new Extent());
                for (PairedEstimate p : fresh) {
                    extent.add(p.first() / p.length());
                    extent.add(p.second() / p.length());
                    if (p.flagged()) {
                        flaggedAdded.add(p);
                    }
                }
                points.computeIfAbsent(method, m -> new ArrayList<>()).addAll(fresh);
                added.put(method, fresh);
            }
        }
        flagged.addAll(flaggedAdded);
        if (cleared) {
            methods.retainAll(points.keySet());
        }
        for (String m : points.keySet()) {
            if (!methods.contains(m)) {
                visible.computeIfAbsent(m, k -> {
                    BooleanProperty shown = new SimpleBooleanProperty(true);
                    shown.addListener((o, a, b) -> {
                        fitRange();
                        selection.refresh();
                        showSummary();
                    });
                    return shown;
                });
                methods.add(m);
            }
        }
        checks = corpus == null ? List.of() : results.checks();
        Update update = new Update(cleared, Collections.unmodifiableMap(added), List.copyOf(flaggedAdded));
        updateListeners.forEach(l -> l.accept(update));
        fitRange();
        if (cleared || !flaggedAdded.isEmpty()) {
            List<String> labels = new ArrayList<>();
            for (PairedEstimate p : flagged) {
                labels.add(flaggedLabel(p));
            }
            flaggedDocuments.setAll(labels);
        }
        selection.refresh();
        showSummary();
    }

    private void showSummary() {
        summary.set(captions.summary(points, methods, this::isVisible, checks, drawnPointCount(), running.get()));
    }

    /**
     * Follows whether a comparison runs, for the summary of an empty plot (issue 39: during a run it said "with no run
     * under way: choose methods ... and press Run").
     */
    public void followRun(ObservableBooleanValue comparisonRunning) {
        running = comparisonRunning;
        comparisonRunning.addListener((o, a, b) -> showSummary());
        showSummary();
    }

    private static String flaggedLabel(PairedEstimate p) {
        return String.format(Locale.ROOT, "%s  (%s, gap %.2f nats)", p.documentId(), p.method(), p.gap());
    }

    /** Axes fitted to the visible methods (see {@link #fittedRange()}). */
    private void fitRange() {
        Range r = fittedRange();
        // with no point to fit, the default range: never the range of results no longer shown
        range.set(r != null ? r : logRatioAxes.get() ? new Range(-0.5, 0.5, true) : new Range(0.5, 2, false));
    }

    /**
     * The range fitted to the visible methods other than ais-diff, whose spread would squeeze every other method into
     * a dot (Foulds and Smyth bound their Figure 1 the same way); ais-diff alone is fitted to itself. Null before any
     * point is visible. Reset-zoom returns to it.
     */
    public Range fittedRange() {
        boolean onlyDifferenced = points.keySet().stream().filter(this::isVisible).allMatch(m -> m.equals(ComparisonMethods.AIS_DIFF));
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (var e : extents.entrySet()) {
            if (!isVisible(e.getKey()) || (!onlyDifferenced && e.getKey().equals(ComparisonMethods.AIS_DIFF))) {
                continue;
            }
            lo = Math.min(lo, e.getValue().min);
            hi = Math.max(hi, e.getValue().max);
        }
        if (!(hi >= lo) || Double.isInfinite(lo) || Double.isInfinite(hi)) {
            return null;
        }
        if (logRatioAxes.get()) {
            lo = Math.min(lo, -0.001);
            hi = Math.max(hi, 0.001);
            double pad = 0.05 * (hi - lo);
            return new Range(lo - pad, hi + pad, true);
        }
        // perp(A)/perp(B) = exp(-log-ratio per token): the largest log-ratio is the smallest perplexity ratio
        double low = Math.min(Math.exp(-hi), 0.999);
        double high = Math.max(Math.exp(-lo), 1.001);
        double pad = Math.pow(high / low, 0.05);
        return new Range(low / pad, high * pad, false);
    }

    /** Where a point is drawn across: its first estimate, as a perplexity ratio or a log-ratio per token. */
    public double x(PairedEstimate p) {
        return logRatioAxes.get() ? p.first() / p.length() : p.firstPerplexityRatio();
    }

    /** Where a point is drawn up: its second estimate. */
    public double y(PairedEstimate p) {
        return logRatioAxes.get() ? p.second() / p.length() : p.secondPerplexityRatio();
    }

    /** The axis titles for the current choice of axes: {x, y}. */
    public String[] axisLabels() {
        return ScatterCaptions.axisLabels(logRatioAxes.get());
    }

    /** The value where A and B tie: 1 for perplexity ratios, 0 for log-ratios. */
    public double tie() {
        return logRatioAxes.get() ? 0 : 1;
    }

    /** Documents far from the diagonal in at least one ratio path, each counted once. */
    public int farDocumentCount() {
        return captions.farDocumentCount();
    }

    /** The legend of the rings. */
    public String flaggedLabel() {
        return captions.flaggedLabel();
    }

    /** Documents far from the diagonal in one ratio path (0 where it has no pairs). */
    public int farDocumentCount(String method) {
        return checks.stream().filter(c -> c.method().equals(method)).mapToInt(c -> c.flagged().size()).findFirst().orElse(0);
    }

    /** The title and caption of an export: the models, the plan, what is certified, the date; nothing of the screen's state. */
    public FigureText figure() {
        return FigureText.of(results, "Per-document estimates (Foulds & Smyth, Figure 1)");
    }

    /** The hover text of the point under the pointer: gone with the results it describes, or when another view is shown. */
    public HoverText hover() {
        return hover;
    }

    /** The selected document, its points drawn, the search by document id. */
    public ScatterSelection selection() {
        return selection;
    }

    private boolean isVisible(String method) {
        BooleanProperty p = visible.get(method);
        return p == null || p.get();
    }

    /** The verdict on a point's document by its method (the compare file's certified column), or null before there is one. */
    public Verdict verdict(PairedEstimate p) {
        return results.verdicts().of(p.document(), p.method());
    }

    /** Whether a point is drawn filled: its document's value by its method is certified. */
    public boolean certified(PairedEstimate p) {
        Verdict v = verdict(p);
        return v != null && v.certified();
    }

    /** The legend of the filled marks. */
    public String certifiedLabel() {
        return "filled: certified";
    }

    /** The legend of the hollow marks. */
    public String uncertifiedLabel() {
        return "hollow: not certified";
    }

    /** The hover text of a point: the document, the method, both estimates and their gap, the verdict; short lines. */
    public String tooltip(String method, PairedEstimate p) {
        return captions.tooltip(method, p);
    }

    /** A choice in the list of flagged documents opens it. */
    public void openFlagged(int index) {
        if (index >= 0 && index < flagged.size()) {
            selection.open(flagged.get(index));
        }
    }

    /** The drawn points (of the visible methods) of document {@code d}. */
    private List<PairedEstimate> drawnOf(int d) {
        List<PairedEstimate> out = new ArrayList<>();
        for (var e : points.entrySet()) {
            if (isVisible(e.getKey())) {
                for (PairedEstimate p : e.getValue()) {
                    if (p.document() == d) {
                        out.add(p);
                    }
                }
            }
        }
        return out;
    }

    /** Number of points of a method (all documents whose two estimates are in). */
    public int pointCount(String method) {
        List<PairedEstimate> p = points.get(method);
        return p == null ? 0 : p.size();
    }

    /** Number of points drawn: those of the visible methods. */
    public int drawnPointCount() {
        int n = 0;
        for (var e : points.entrySet()) {
            n += isVisible(e.getKey()) ? e.getValue().size() : 0;
        }
        return n;
    }

    /** The points of another run drawn beside these (the history's "compare with"). */
    public ScatterBeside beside() {
        return beside;
    }

    /** Everything so far (a snapshot). */
    public Plot plot() {
        Map<String, List<PairedEstimate>> copy = new LinkedHashMap<>();
        points.forEach((m, l) -> copy.put(m, List.copyOf(l)));
        return new Plot(copy, List.copyOf(flagged));
    }

    /** Receives every change of the points; called at once with everything so far. */
    public void onUpdate(Consumer<Update> listener) {
        updateListeners.add(listener);
        Map<String, List<PairedEstimate>> all = new LinkedHashMap<>(plot().points());
        listener.accept(new Update(true, all, List.copyOf(flagged)));
    }

    /** Methods with points, in the order they appeared (their colour is fixed by their name: {@code Charts.colour(String)}). */
    public ObservableList<String> methods() {
        return methods;
    }

    /** Whether a method's points are drawn: the state the check boxes bind to, kept across runs. */
    public BooleanProperty visibleProperty(String method) {
        return visible.get(method);
    }

    /** Axes in log-ratios per token (nats) instead of perplexity ratios. */
    public BooleanProperty logRatioAxesProperty() {
        return logRatioAxes;
    }

    public ReadOnlyObjectProperty<Range> rangeProperty() {
        return range.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** The documents far from the diagonal, as "id (method, gap)", in the order they were flagged. */
    public ObservableList<String> flaggedDocuments() {
        return flaggedDocuments;
    }

}
