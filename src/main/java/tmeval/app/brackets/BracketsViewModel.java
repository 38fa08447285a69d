package tmeval.app.brackets;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import tmeval.app.common.ResultVerdicts;
import tmeval.app.common.ResultSentences;
import tmeval.app.common.FigureText;
import tmeval.app.common.HoverText;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonTable;
import tmeval.compare.Decided;
import tmeval.compare.ComparisonTable.PairedEstimate;
import tmeval.compare.ComparisonTable.Verdict;
import tmeval.compare.Direction;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * View-model of the brackets screen. For a ratio path run in both directions, forward annealing is a stochastic lower
 * bound on log P(w|A) - log P(w|B) and reverse an upper one (Jensen), so each document's two estimates (run 1, the
 * pair {@link ComparisonTable#paired} gives the scatter) bracket its log ratio. The documents are sorted by the middle
 * of their bracket and classified by {@link PairedEstimate#verdict()}, the classification behind the counts of
 * {@link ComparisonTable#brackets()} that the table and {@code tmeval compare} print; each bracket also carries its
 * document's verdict by the method (certified or not, and why), and no count of decided documents goes without saying
 * how many of them are not certified.
 * <p>
 * The sorted list is built when asked for after results change (each batch shifts every rank, so the view redraws
 * the whole list, at most a few times a second): sorting 20,000 documents takes milliseconds.
 */
public final class BracketsViewModel {
    /**
     * A document's bracket, in the units shown: its rank (1 = lowest middle), the estimates, what the bracket decides, and
     * the document's verdict by the method (over all its runs, the compare file's certified column).
     */
    public record Bracket(int rank, PairedEstimate pair, Verdict verdict, double low, double high, tmeval.run.certify.Verdict certification) {
        public boolean certified() {
            return certification != null && certification.certified();
        }

        public double middle() {
            return (low + high) / 2;
        }

        /** Forward above reverse: the opposite of what Jensen's inequality gives in expectation (noise, or no convergence). */
        public boolean inverted() {
            return pair.first() > pair.second();
        }
    }

    /**
     * What the chart draws: the brackets of one method in rank order, the counts of each verdict, and of those the
     * documents not certified.
     */
    public record Drawing(String method, boolean perToken, List<Bracket> brackets, Map<Verdict, Integer> counts, Map<Verdict, Integer> uncertified,
                          int inverted) {
        public int count(Verdict v) {
            return counts.getOrDefault(v, 0);
        }

        /** The documents of a verdict whose value is not certified. */
        public int uncertified(Verdict v) {
            return uncertified.getOrDefault(v, 0);
        }

        /** The documents certified. */
        public int certified() {
            return brackets.size() - uncertified.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private final Results results;
    private final IntegerProperty selectedDocument;
    private final Runnable openDocument;
    private final ObservableList<String> methods = FXCollections.observableArrayList();
    private final StringProperty method = new SimpleStringProperty();
    private final HoverText hover;
    private final BooleanProperty perToken = new SimpleBooleanProperty(true);
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper();
    private final List<Runnable> changeListeners = new ArrayList<>();
    private Drawing drawing;

    /**
     * @param selectedDocument the document every screen highlights ({@link Results#selectedDocumentProperty()})
     * @param openDocument brings the document screen forward
     */
    public BracketsViewModel(Results results, IntegerProperty selectedDocument, Runnable openDocument) {
        this.results = results;
        this.selectedDocument = selectedDocument;
        this.openDocument = openDocument;
        this.hover = new HoverText(results);
        results.onAdded(batch -> changed());
        results.onReset(this::changed);
        method.addListener((o, a, b) -> changed());
        perToken.addListener((o, a, b) -> changed());
        selectedDocument.addListener((o, a, b) -> changeListeners.forEach(Runnable::run));
        changed();
    }

    private void changed() {
        drawing = null;
        List<String> directional = new ArrayList<>();
        if (results.corpus() != null) {
            for (ComparisonTable.Brackets b : results.table().brackets()) {
                directional.add(b.method());
            }
        }
        if (directional.size() >= methods.size() && directional.subList(0, methods.size()).equals(methods)) {
            // only appended: a choice box keeps showing its value (replacing its items can leave it blank)
            methods.addAll(directional.subList(methods.size(), directional.size()));
        } else {
            methods.setAll(directional);
        }
        if (method.get() == null || !directional.contains(method.get())) {
            String first = directional.isEmpty() ? null : directional.get(0);
            if (!java.util.Objects.equals(first, method.get())) {
                method.set(first); // which calls back here
                return;
            }
        }
        caption.set(describe());
        changeListeners.forEach(Runnable::run);
    }

    /** The brackets of the chosen method, sorted; built once per change of the results. */
    public Drawing drawing() {
        if (drawing == null) {
            drawing = build();
        }
        return drawing;
    }

    private Drawing build() {
        String m = method.get();
        boolean tokens = perToken.get();
        List<Bracket> unsorted = new ArrayList<>();
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        Map<Verdict, Integer> uncertified = new EnumMap<>(Verdict.class);
        int inverted = 0;
        if (m != null && results.corpus() != null) {
            for (PairedEstimate p : results.paired(m)) {
                if (!p.directional()) {
                    continue;
                }
                double scale = tokens ? p.length() : 1;
                Bracket b = new Bracket(0, p, p.verdict(), Math.min(p.first(), p.second()) / scale, Math.max(p.first(), p.second()) / scale,
                        results.verdicts().of(p.document(), m));
                unsorted.add(b);
                counts.merge(b.verdict(), 1, Integer::sum);
                if (!b.certified()) {
                    uncertified.merge(b.verdict(), 1, Integer::sum);
                }
                inverted += b.inverted() ? 1 : 0;
            }
        }
        unsorted.sort(Comparator.comparingDouble(Bracket::middle).thenComparingInt(b -> b.pair().document()));
        List<Bracket> sorted = new ArrayList<>(unsorted.size());
        for (int i = 0; i < unsorted.size(); i++) {
            Bracket b = unsorted.get(i);
            sorted.add(new Bracket(i + 1, b.pair(), b.verdict(), b.low(), b.high(), b.certification()));
        }
        return new Drawing(m, tokens, List.copyOf(sorted), counts, uncertified, inverted);
    }

    private String describe() {
        if (methods.isEmpty()) {
            return "No brackets yet: run a ratio path (" + String.join(", ", ratioPaths()) + ") in both directions. Forward annealing"
                    + " is a stochastic lower bound on the log ratio and reverse an upper one, so the two bracket it.";
        }
        Drawing d = drawing();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%s, %d documents with both directions in (run 1): %d decided for A, %d for B, %d undecided (a bracket is %s"
                        + " of its ends across runs).", d.method(), d.brackets().size(), d.count(Verdict.FOR_A),
                d.count(Verdict.FOR_B), d.count(Verdict.UNDECIDED), Decided.rule()));
        sb.append(String.format(Locale.ROOT, " Certified: %d of %d.", d.certified(), d.brackets().size()));
        if (d.certified() < d.brackets().size()) {
            sb.append(String.format(Locale.ROOT, " Not certified (dashed): %d of those decided for A, %d of those for B, %d undecided; hover for why.",
                    d.uncertified(Verdict.FOR_A), d.uncertified(Verdict.FOR_B), d.uncertified(Verdict.UNDECIDED)));
        }
        if (d.inverted() > 0) {
            sb.append(String.format(Locale.ROOT, " Forward above reverse on %d (expected below: noise, or a direction that did not"
                    + " converge; the bracket is drawn between the two either way).", d.inverted()));
        }
        for (String line : ResultSentences.brackets(results)) {
            if (!line.startsWith(d.method() + " ")) {
                sb.append("\n").append(line);
            }
        }
        return sb.toString();
    }

    private static List<String> ratioPaths() {
        List<String> out = new ArrayList<>();
        for (var m : tmeval.compare.ComparisonMethods.all()) {
            if (m.directional()) {
                out.add(m.name());
            }
        }
        return out;
    }

    /**
     * The legend text of a verdict's certified brackets (solid) or of those not certified (dashed): what they mean and how
     * many documents they are.
     */
    public String legendLabel(Verdict v, boolean certified) {
        int not = drawing().uncertified(v);
        if (!certified) {
            return switch (v) {
                case FOR_A -> "for A, not certified: " + not;
                case FOR_B -> "for B, not certified: " + not;
                case UNDECIDED -> "undecided, not certified: " + not;
            };
        }
        int n = drawing().count(v) - not;
        return switch (v) {
            case FOR_A -> "decided for A, certified: " + n + " (above 0 by more than its noise)";
            case FOR_B -> "decided for B, certified: " + n + " (below 0 by more than its noise)";
            case UNDECIDED -> "undecided, certified: " + n + " (0 within the bracket and its noise)";
        };
    }

    public String[] axisLabels() {
        return new String[] {"documents, sorted by the middle of their bracket",
                perToken.get() ? "log P(w|A) - log P(w|B) per token (nats)" : "log P(w|A) - log P(w|B) (nats)"};
    }

    /** The bracket drawn nearest a rank (the chart's x), or null when there is none. */
    public Bracket at(double rank) {
        return at(drawing().brackets(), rank);
    }

    /** The bracket of a sorted list nearest a rank, or null when there is none. */
    public static Bracket at(List<Bracket> all, double rank) {
        if (all.isEmpty() || Double.isNaN(rank)) {
            return null;
        }
        int i = (int) Math.round(rank) - 1;
        return all.get(Math.max(0, Math.min(all.size() - 1, i)));
    }

    /** The selected document's bracket in the drawing, or null. */
    public Bracket selected() {
        int d = selectedDocument.get();
        if (d < 0) {
            return null;
        }
        for (Bracket b : drawing().brackets()) {
            if (b.pair().document() == d) {
                return b;
            }
        }
        return null;
    }

    /** The hover text of a bracket: the document, both ends with their standard errors across runs, what it decides, the verdict. */
    public String tooltip(Bracket b) {
        PairedEstimate p = b.pair();
        String m = p.method();
        ComparisonTable table = results.table();
        return String.format(Locale.ROOT, "document %s (N = %d), rank %d of %d%n%s%nforward (lower) %s%nreverse (upper) %s%n%s%nclick to open",
                p.documentId(), p.length(), b.rank(), drawing().brackets().size(), m,
                withError(p.first(), table.spread(m, Direction.FORWARD, p.document())),
                withError(p.second(), table.spread(m, Direction.REVERSE, p.document())), b.verdict().label()
                        + (b.inverted() ? " (forward above reverse)" : "") + "\n"
                        + ResultVerdicts.inLines(b.certification()));
    }

    /** "1.2345 nats", with "± se" (one run's standard error across the runs) when there are two runs or more. */
    static String withError(double value, ComparisonTable.Spread spread) {
        return spread == null ? String.format(Locale.ROOT, "%.4f nats", value)
                : String.format(Locale.ROOT, "%.4f \u00b1 %.4f nats (se across %d runs)", value, spread.runStandardError(), spread.runs());
    }

    /** A click on a bracket: the document screen shows its document. */
    public void open(Bracket b) {
        selectedDocument.set(b.pair().document());
        openDocument.run();
    }

    /** Called after every change the chart must show (results, method, units, selection). */
    public void onChange(Runnable listener) {
        changeListeners.add(listener);
    }

    /** The ratio paths with both directions, in the order they appeared. */
    public ObservableList<String> methods() {
        return methods;
    }

    /** The method drawn. */
    /** The hover text of the bracket under the pointer: gone with the results it describes, or when another view is shown. */
    public HoverText hover() {
        return hover;
    }

    /** The title and caption of an export: the path, the models, the plan, what is certified, the date; nothing of the screen's state. */
    public FigureText figure() {
        return FigureText.of(results, "Forward and reverse bracket of each document by " + method.get());
    }

    public StringProperty methodProperty() {
        return method;
    }

    /** Log ratios per token (the default; long documents do not dwarf short ones) or per document. */
    public BooleanProperty perTokenProperty() {
        return perToken;
    }

    /** The counts under the chart, the same sentences as the table's, and what a bracket means. */
    public ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
    }
}
