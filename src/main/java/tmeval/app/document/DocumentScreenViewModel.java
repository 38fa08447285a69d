package tmeval.app.document;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableIntegerValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import tmeval.anneal.Schedule;
import tmeval.app.common.FigureText;
import tmeval.app.common.Results;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.Workspace;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ComparisonTable;
import tmeval.compare.ComparisonTable.PairedEstimate;
import tmeval.compare.Direction;
import tmeval.compare.ModelPair;
import tmeval.compare.RatioAis;
import tmeval.estimate.EstimateResult;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.LeftToRight;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.certify.Verdict;
import tmeval.sampling.DocumentView;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;

/**
 * View-model of the document screen: for the selected document, each word's contribution under A and B (the
 * left-to-right decomposition log P(w_n | w_&lt;n), 20 particles), the exact log-likelihoods where the document is
 * short enough, the running AIS log-weight of ratio-AIS (convex path) in both directions across temperatures, the
 * estimates of every method run so far, the forward/reverse gaps the engine pairs and flags, and the document's verdict by
 * each method (certified or not, and why).
 */
public final class DocumentScreenViewModel {
    /** The analysis of one document. */
    public record Analysis(int documentIndex, Document document, String[] words, double[] logPA, double[] logPB,
                           Double exactA, Double exactB, List<double[]> forwardTrace, List<double[]> reverseTrace,
                           double forwardEstimate, double reverseEstimate) {
    }

    /** A token row: position, word, log P(w_n | w_&lt;n) under A and B. */
    public record Token(int position, String word, double logA, double logB) {
        /** A per-word difference this small is no preference. */
        private static final double NOTABLE = 0.05;

        public double difference() {
            return logA - logB;
        }

        /** "A" or "B" where one model predicts the word clearly better, else "". */
        public String favours() {
            return Math.abs(difference()) <= NOTABLE ? "" : difference() > 0 ? "A" : "B";
        }
    }

    /**
     * A row of the estimates table; run is the run's number, {@link #MEAN_RUN} for the mean of a method's runs, or
     * {@link #CHART_RUN} for the chart's own re-run. The spread across runs is a property of the runs together, so only
     * the mean's row has it (null elsewhere and with fewer than two runs): {@code runSpread} the standard deviation of the
     * document's runs (the error of one run's estimate), {@code standardError} that over the square root of the runs
     * (the error of the mean).
     */
    public record EstimateRow(String method, String direction, String run, double logRatio, double perplexityRatio, Double runSpread,
                              Double standardError) {
        /** "± 0.0123", or "" where there is no standard error. */
        public String standardErrorText() {
            return text(standardError);
        }

        /** "± 0.0174", or "" where there is no spread. */
        public String runSpreadText() {
            return text(runSpread);
        }

        /** "0.0174 / 0.0123" (the runs' spread / the mean's standard error) on the mean's row, else "". */
        public String spreadText() {
            return runSpread == null || standardError == null ? "" : String.format(Locale.ROOT, "%.4f / %.4f", runSpread, standardError);
        }

        private static String text(Double value) {
            return value == null ? "" : String.format(Locale.ROOT, "\u00b1 %.4f", value);
        }
    }

    /** The run column of the mean of a method's runs. */
    public static final String MEAN_RUN = "mean";

    /** The run column of the chart's re-run, which is not one of the comparison's runs. */
    public static final String CHART_RUN = "chart";
    /** How the chart's re-run is named wherever its numbers appear (table rows, legend, title). */
    public static final String RERUN = "re-run for the chart";

    /** The log-weight traces to draw (beta, log-weight), and the exact log ratio where known. */
    public record Trace(String forwardLabel, List<double[]> forward, String reverseLabel, List<double[]> reverse, Double exactLogRatio,
                        int temperatures) {
        /** The chart's title: it is a run of its own, not the runs in the table. */
        public String title() {
            return String.format(Locale.ROOT, "%s: %s, n = %d, own seeds (rows \"%s\")", RERUN, ComparisonMethods.RATIO_CONVEX,
                    temperatures, CHART_RUN);
        }
    }

    static final int PARTICLES = 20;
    /** The trace is for looking at: more temperatures than this add nothing visible and cost seconds. */
    private static final int MAX_TRACE_TEMPERATURES = 5000;
    /** Below the engine's default limit: the document screen answers at once, so exact values only where they are quick. */
    private static final long EXACT_STATES = 200_000;

    private final Workspace inputs;
    private final Results results;
    private final ObservableIntegerValue temperatures;
    private final ObservableIntegerValue burnIn;
    private final IntegerProperty selected;
    private final ObservableList<String> documentLabels = FXCollections.observableArrayList();
    private final ObjectProperty<Analysis> analysis = new SimpleObjectProperty<>();
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final ObservableList<Token> tokens = FXCollections.observableArrayList();
    private final ObservableList<EstimateRow> estimates = FXCollections.observableArrayList();
    private static final String NO_DOCUMENT = "Click a point of the scatter plot, or choose a document.";
    /** The empty tables' words (issue 39: "No estimates for this document yet" showed when no document was chosen). */
    static final String CHOOSE = "No document chosen: click a point of the scatter plot or a bracket, or choose one in the Document list above.";
    static final String NO_ESTIMATES = "No estimates of this document yet: a comparison's rows for it appear here as they finish (Run, Ctrl+R).";
    static final String READING = "Scoring this document's words under A and B...";
    private final ReadOnlyStringWrapper estimatesPlaceholder = new ReadOnlyStringWrapper(CHOOSE);
    private final ReadOnlyStringWrapper tokensPlaceholder = new ReadOnlyStringWrapper(CHOOSE);
    private final ReadOnlyStringWrapper header = new ReadOnlyStringWrapper(NO_DOCUMENT);
    private final ReadOnlyStringWrapper gaps = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper verdicts = new ReadOnlyStringWrapper("");
    private final ObjectProperty<Trace> trace = new SimpleObjectProperty<>();
    /** The analysis of the document shown: choosing another cancels the one still going. */
    private final BackgroundJob<Analysis> analysing;

    /**
     * @param temperatures the run screen's temperatures (the trace uses as many, up to 5000)
     * @param burnIn the run screen's burn-in
     * @param selected the document shown (-1: none), shared with the scatter
     */
    public DocumentScreenViewModel(Workspace inputs, Results results, TaskExecutor executor, ObservableIntegerValue temperatures,
                                   ObservableIntegerValue burnIn, IntegerProperty selected) {
        this.inputs = inputs;
        this.results = results;
        this.analysing = new BackgroundJob<>(executor);
        busy.bind(analysing.runningProperty());
        busy.addListener((o, a, b) -> showTokensPlaceholder());
        this.temperatures = temperatures;
        this.burnIn = burnIn;
        this.selected = selected;
        inputs.corpusProperty().addListener((o, a, c) -> {
            List<String> ids = new ArrayList<>();
            if (c != null) {
                c.documents().forEach(d -> ids.add(d.id() + "  (N = " + d.length() + ")"));
            }
            documentLabels.setAll(ids);
        });
        selected.addListener((o, a, b) -> {
            showTokensPlaceholder();
            clear();
            if (b.intValue() >= 0) {
                inspect(b.intValue());
            }
            showEstimates(b.intValue());
        });
        // another pair of models or another corpus: the words, their log p and the re-run were of the inputs before
        inputs.pairProperty().addListener((o, a, b) -> reinspect());
        inputs.corpusProperty().addListener((o, a, b) -> reinspect());
        analysis.addListener((o, a, b) -> show(b));
        results.onAdded(batch -> {
            if (selected.get() >= 0 && batch.stream().anyMatch(r -> r.documentIndex() == selected.get())) {
                showEstimates(selected.get());
            }
        });
        results.onReset(() -> showEstimates(selected.get()));
    }

    private void showTokensPlaceholder() {
        tokensPlaceholder.set(selected.get() < 0 ? CHOOSE : busy.get() ? READING : "No words: they are scored once models A and B and the held-out corpus are loaded.");
    }

    /** Forgets the document's words, header and re-run (and stops the re-run under way): they were of other inputs. */
    private void clear() {
        analysing.cancel();
        analysis.set(null);
        tokens.clear();
        header.set(NO_DOCUMENT);
        trace.set(null);
    }

    /** The selected document again on the inputs now loaded, or nothing when there is none. */
    private void reinspect() {
        clear();
        int d = selected.get();
        if (d >= 0) {
            inspect(d);
        }
        showEstimates(d);
    }

    /** The document chosen in the screen's own list. */
    public void choose(int documentIndex) {
        if (documentIndex >= 0 && documentIndex != selected.get()) {
            selected.set(documentIndex);
        }
    }

    private void inspect(int documentIndex) {
        ModelPair pair = inputs.pairProperty().get();
        Corpus corpus = inputs.corpusProperty().get();
        if (pair == null || corpus == null || documentIndex < 0 || documentIndex >= corpus.size()) {
            return;
        }
        Document doc = corpus.document(documentIndex);
        int n = Math.min(temperatures.get(), MAX_TRACE_TEMPERATURES);
        int sweeps = burnIn.get();
        analysing.of((sink, cancel) -> {
            LeftToRight lr = LeftToRight.standard(PARTICLES, true);
            EstimateResult a = lr.estimate(doc, pair.a(), RandomStreams.stream(1, documentIndex, 1), cancel);
            EstimateResult b = lr.estimate(doc, pair.b(), RandomStreams.stream(1, documentIndex, 2), cancel);
            ExactEvaluator exact = new ExactEvaluator(EXACT_STATES);
            Double exactA = null;
            Double exactB = null;
            // models of different K: the larger K has the more states
            if (exact.canEvaluate(doc.length(), Math.max(pair.a().numTopics(), pair.b().numTopics()))) {
                exactA = exact.logProbability(DocumentView.of(doc), pair.a(), cancel);
                exactB = exact.logProbability(DocumentView.of(doc), pair.b(), cancel);
            }
            RatioAis convex = new RatioAis(RatioAis.Path.CONVEX, n, 1, sweeps, Schedule.UNIFORM);
            List<double[]> forward = new ArrayList<>();
            List<double[]> reverse = new ArrayList<>();
            double f = convex.estimate(doc, pair.a(), pair.b(), Direction.FORWARD, RandomStreams.stream(1, documentIndex, 3), cancel,
                    (segment, j, beta, logWeight) -> forward.add(new double[] {beta, logWeight})).logRatio();
            double r = convex.estimate(doc, pair.a(), pair.b(), Direction.REVERSE, RandomStreams.stream(1, documentIndex, 4), cancel,
                    (segment, j, beta, logWeight) -> reverse.add(new double[] {beta, -logWeight})).logRatio();
            String[] words = new String[doc.length()];
            for (int i = 0; i < words.length; i++) {
                words[i] = pair.a().vocabulary().word(doc.word(i));
            }
            return new Analysis(documentIndex, doc, words, a.logWeights(), b.logWeights(), exactA, exactB, forward, reverse, f, r);
        }).onSuccess(analysis::set).start();
    }

    private void show(Analysis a) {
        if (a == null) {
            return;
        }
        List<Token> rows = new ArrayList<>();
        double sumA = 0;
        double sumB = 0;
        for (int i = 0; i < a.words().length; i++) {
            rows.add(new Token(i, a.words()[i], a.logPA()[i], a.logPB()[i]));
            sumA += a.logPA()[i];
            sumB += a.logPB()[i];
        }
        tokens.setAll(rows);
        header.set(String.format(Locale.ROOT, "document %s: N = %d; left-to-right (%d particles) log P under A %.3f, under B %.3f%s",
                a.document().id(), a.document().length(), PARTICLES, sumA, sumB,
                a.exactA() == null ? "" : String.format(Locale.ROOT, "; exact %.4f and %.4f", a.exactA(), a.exactB())));
        trace.set(new Trace(RERUN + ": forward (B to A), ends at " + String.format(Locale.ROOT, "%.4f", a.forwardEstimate()), a.forwardTrace(),
                RERUN + ": reverse (A to B), negated, ends at " + String.format(Locale.ROOT, "%.4f", a.reverseEstimate()), a.reverseTrace(),
                a.exactA() == null ? null : a.exactA() - a.exactB(), a.forwardTrace().size()));
        showEstimates(a.documentIndex());
    }

    private void showEstimates(int documentIndex) {
        List<EstimateRow> rows = new ArrayList<>();
        StringBuilder gapText = new StringBuilder();
        if (documentIndex >= 0) {
            ComparisonTable table = results.table();
            // a method and direction's runs together, in run order, then their mean
            // a reference row is grouped apart from a row of the same method and direction
            record Group(boolean reference, String method, tmeval.compare.Direction direction) {
            }
            Map<Group, List<ComparisonRunner.Result>> groups = new LinkedHashMap<>();
            for (ComparisonRunner.Result r : results.forDocument(documentIndex)) {
                if (!r.refused()) {
                    groups.computeIfAbsent(new Group(r.reference(), r.method(), r.direction()), k -> new ArrayList<>()).add(r);
                }
            }
            for (List<ComparisonRunner.Result> group : groups.values()) {
                group.sort(java.util.Comparator.comparingInt(ComparisonRunner.Result::run));
                ComparisonRunner.Result head = group.get(0);
                ComparisonTable.Spread spread = head.reference() ? null : table.spread(head.method(), head.direction(), documentIndex);
                String method = head.reference() ? "reference " + head.method() : head.method();
                for (ComparisonRunner.Result r : group) {
                    rows.add(new EstimateRow(method, r.direction().label(), Integer.toString(r.run()), r.result().logRatio(),
                            r.result().perplexityRatio(r.length()), null, null));
                }
                if (spread != null) {
                    rows.add(new EstimateRow(method, head.direction().label(), MEAN_RUN, spread.mean(), Math.exp(-spread.mean() / head.length()),
                            spread.runStandardError(), spread.meanStandardError()));
                }
            }
            for (String method : results.table().methods()) {
                for (PairedEstimate p : results.paired(method)) {
                    if (p.document() == documentIndex && p.directional()) {
                        Results.Round round = results.round(documentIndex, method); // an adaptive run's budget, or null
                        gapText.append(String.format(Locale.ROOT, "%s: forward - reverse gap %.4f nats%s%s%n", method, p.gap(),
                                p.flagged() ? " (large: this document's annealing did not converge in one direction)" : "",
                                round == null ? "" : "; adaptive: " + round.describe()));
                    }
                }
            }
        }
        Analysis a = analysis.get();
        if (documentIndex >= 0 && a != null && a.documentIndex() == documentIndex) {
            // the chart's traces come from a separate run: its numbers are shown as its own rows, never as the table's
            String method = ComparisonMethods.RATIO_CONVEX + " (" + RERUN + ")";
            int n = a.document().length();
            rows.add(new EstimateRow(method, Direction.FORWARD.label(), CHART_RUN, a.forwardEstimate(), Math.exp(-a.forwardEstimate() / n), null, null));
            rows.add(new EstimateRow(method, Direction.REVERSE.label(), CHART_RUN, a.reverseEstimate(), Math.exp(-a.reverseEstimate() / n), null, null));
            gapText.append(String.format(Locale.ROOT, "%s: forward - reverse gap %.4f nats%n", method, a.forwardEstimate() - a.reverseEstimate()));
        }
        estimates.setAll(rows);
        estimatesPlaceholder.set(documentIndex < 0 ? CHOOSE : NO_ESTIMATES);
        gaps.set(gapText.toString().strip());
        verdicts.set(documentIndex < 0 ? "" : verdictText(results.verdicts().of(documentIndex)));
    }

    /**
     * "ratio-convex: certified: within the target (gap 0.00412, target 0.100 nats); log-ratio 0.2345 nats, bracket
     * 0.2324 to 0.2366", a line per method, by the rule of the compare file's certified column.
     */
    static String verdictText(Map<String, Verdict> byMethod) {
        List<String> lines = new ArrayList<>();
        byMethod.forEach((method, v) -> {
            String value = Double.isNaN(v.value()) ? "no value" : String.format(Locale.ROOT, "log-ratio %.4f nats", v.value())
                    + (v.bracketed() ? String.format(Locale.ROOT, ", bracket %.4f to %.4f", v.low(), v.high()) : "");
            lines.add(method + ": " + v.describe() + "; " + value);
        });
        return String.join("\n", lines);
    }

    public ObservableList<String> documentLabels() {
        return documentLabels;
    }

    /** What the empty estimates table says: to choose a document, or that its estimates are still to come. */
    public ReadOnlyStringProperty estimatesPlaceholderProperty() {
        return estimatesPlaceholder.getReadOnlyProperty();
    }

    /** What the empty words table says: to choose a document, or that its words are being scored. */
    public ReadOnlyStringProperty tokensPlaceholderProperty() {
        return tokensPlaceholder.getReadOnlyProperty();
    }

    public IntegerProperty selectedProperty() {
        return selected;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    public ObservableList<Token> tokens() {
        return tokens;
    }

    public ObservableList<EstimateRow> estimates() {
        return estimates;
    }

    public ReadOnlyStringProperty headerProperty() {
        return header.getReadOnlyProperty();
    }

    /** The forward/reverse gap of each ratio path for this document, flagged where the engine flags it. */
    public ReadOnlyStringProperty gapsProperty() {
        return gaps.getReadOnlyProperty();
    }

    /** The document's verdict by each method, in words, with its value, error, target and bracket: a line per method. */
    public ReadOnlyStringProperty verdictsProperty() {
        return verdicts.getReadOnlyProperty();
    }

    /** The title and caption of an export of the trace: the document, the models, the plan, the date. */
    public FigureText figure() {
        int d = selected.get();
        String document = results.corpus() == null || d < 0 || d >= results.corpus().size() ? "no document" : "document " + results.corpus().document(d).id();
        Trace t = trace.get();
        return FigureText.of(results, "Log-weight across temperatures of " + document + (t == null ? "" : ", " + t.title()));
    }

    public ObjectProperty<Trace> traceProperty() {
        return trace;
    }
}
