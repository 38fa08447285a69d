package tmeval.app.scatter;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ComparisonTable.PairedEstimate;
import tmeval.compare.ConvergenceCheck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * View-model of the scatter (Foulds and Smyth's Figure 1): per method, one point per document whose two estimates
 * are in, paired by the engine ({@link tmeval.compare.ComparisonTable#paired}: forward against reverse for a ratio
 * path, run 1 against run 2 for a baseline), the documents it flags, which methods are drawn, the axis range and
 * the summary under the plot.
 */
public final class ScatterViewModel {
    /** What the plot shows: the points of each method in the order methods appeared, and the flagged ones. */
    public record Plot(Map<String, List<PairedEstimate>> points, List<PairedEstimate> flagged) {
        public int pointCount() {
            return points.values().stream().mapToInt(List::size).sum();
        }
    }

    /** The common range of both log axes; the diagonal spans it. */
    public record Range(double low, double high) {
    }

    private final Results results;
    private final IntegerProperty selectedDocument;
    private final Runnable openDocument;
    private final ObservableList<String> methods = FXCollections.observableArrayList();
    private final Map<String, BooleanProperty> visible = new LinkedHashMap<>();
    private final ReadOnlyObjectWrapper<Plot> plot = new ReadOnlyObjectWrapper<>(new Plot(Map.of(), List.of()));
    private final ReadOnlyObjectWrapper<Range> range = new ReadOnlyObjectWrapper<>(new Range(0.5, 2));
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper();

    /**
     * @param selectedDocument the document the document screen shows
     * @param openDocument brings the document screen forward
     */
    public ScatterViewModel(Results results, IntegerProperty selectedDocument, Runnable openDocument) {
        this.results = results;
        this.selectedDocument = selectedDocument;
        this.openDocument = openDocument;
        results.onAdded(batch -> refresh());
        results.onReset(this::refresh);
        refresh();
    }

    private void refresh() {
        Map<String, List<PairedEstimate>> points = new LinkedHashMap<>();
        List<PairedEstimate> flagged = new ArrayList<>();
        if (results.corpus() != null) {
            for (String method : results.table().methods()) {
                List<PairedEstimate> pairs = results.paired(method);
                if (!pairs.isEmpty()) {
                    points.put(method, pairs);
                    pairs.stream().filter(PairedEstimate::flagged).forEach(flagged::add);
                }
            }
        }
        if (points.isEmpty()) {
            methods.clear();
            visible.clear();
        }
        for (String m : points.keySet()) {
            if (!visible.containsKey(m)) {
                BooleanProperty shown = new SimpleBooleanProperty(true);
                shown.addListener((o, a, b) -> fitRange());
                visible.put(m, shown);
                methods.add(m);
            }
        }
        plot.set(new Plot(points, flagged));
        fitRange();
        summary.set(describe());
    }

    /**
     * Axes fitted to the visible methods other than ais-diff, whose spread would squeeze every other method into a
     * dot (Foulds and Smyth bound their Figure 1 the same way); ais-diff alone is fitted to itself.
     */
    private void fitRange() {
        Map<String, List<PairedEstimate>> points = plot.get().points();
        boolean onlyDifferenced = points.keySet().stream().filter(this::isVisible).allMatch(m -> m.equals(ComparisonMethods.AIS_DIFF));
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (var e : points.entrySet()) {
            if (!isVisible(e.getKey()) || (!onlyDifferenced && e.getKey().equals(ComparisonMethods.AIS_DIFF))) {
                continue;
            }
            for (PairedEstimate p : e.getValue()) {
                lo = Math.min(lo, Math.min(p.firstPerplexityRatio(), p.secondPerplexityRatio()));
                hi = Math.max(hi, Math.max(p.firstPerplexityRatio(), p.secondPerplexityRatio()));
            }
        }
        if (!(hi > 0) || lo == Double.POSITIVE_INFINITY) {
            return;
        }
        lo = Math.min(lo, 0.999);
        hi = Math.max(hi, 1.001);
        double pad = Math.pow(hi / lo, 0.05);
        range.set(new Range(lo / pad, hi * pad));
    }

    private String describe() {
        int points = plot.get().pointCount();
        if (points == 0) {
            return "No results yet: choose methods in the run panel and press Run. Each document appears as its estimates finish.";
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%d points; %d ratio-AIS documents far from the diagonal (ringed: forward and reverse differ by more than %s nat)."
                        + " Axes fit the visible methods other than " + ComparisonMethods.AIS_DIFF + ", whose points may fall outside.",
                points, plot.get().flagged().size(), threshold()));
        for (ConvergenceCheck check : results.checks()) {
            sb.append("\n").append(check.verdict());
        }
        return sb.toString();
    }

    private String threshold() {
        double t = results.gapThreshold();
        return t == Math.rint(t) ? String.format(Locale.ROOT, "%.0f", t) : String.format(Locale.ROOT, "%s", t);
    }

    /** The legend of the rings. */
    public String flaggedLabel() {
        return "far from the diagonal (gap > " + threshold() + " nat)";
    }

    private boolean isVisible(String method) {
        BooleanProperty p = visible.get(method);
        return p == null || p.get();
    }

    /** The hover text of a point. */
    public String tooltip(String method, PairedEstimate p) {
        return String.format(Locale.ROOT, "document %s (N = %d)%n%s: x = %.5f, y = %.5f%nclick to open", p.documentId(), p.length(),
                method, p.firstPerplexityRatio(), p.secondPerplexityRatio());
    }

    /** A click on a point: the document screen shows its document. */
    public void open(PairedEstimate p) {
        selectedDocument.set(p.document());
        openDocument.run();
    }

    /** Number of points drawn for a method (all documents whose two estimates are in). */
    public int pointCount(String method) {
        List<PairedEstimate> p = plot.get().points().get(method);
        return p == null ? 0 : p.size();
    }

    /** Methods with points, in the order they appeared (their colour is their position). */
    public ObservableList<String> methods() {
        return methods;
    }

    public BooleanProperty visibleProperty(String method) {
        return visible.get(method);
    }

    public ReadOnlyObjectProperty<Plot> plotProperty() {
        return plot.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Range> rangeProperty() {
        return range.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }
}
