package tmeval.app.table;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import tmeval.app.common.FigureText;
import tmeval.app.common.ResultSentences;
import tmeval.app.common.Results;
import tmeval.run.plan.ComparisonJob;
import tmeval.run.output.ComparisonAnswer;
import tmeval.run.output.Provenance;
import tmeval.run.output.ProvenanceHeader;
import tmeval.compare.ComparisonTable;
import tmeval.io.OutputFile;
import tmeval.report.LatexTable;

import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import tmeval.compare.ConvergenceCheck;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;
import java.util.Locale;

/**
 * View-model of the variance table (Foulds and Smyth's Tables 1 and 2): the rows of the results' summary table,
 * kept up to date as results arrive, with the documents each method certifies (and why the others are not), and the
 * table as delimited text for the clipboard and the CSV export.
 */
public final class VarianceTableViewModel {
    private final Results results;
    private final ObservableList<ComparisonTable.Row> rows = FXCollections.observableArrayList();
    private final StringProperty verdicts = new SimpleStringProperty("");
    /** Another run of the history shown beside in extra columns (null: none), and what names it. */
    private final javafx.beans.property.ObjectProperty<Results> beside = new javafx.beans.property.SimpleObjectProperty<>();
    private final StringProperty besideName = new SimpleStringProperty("");

    public VarianceTableViewModel(Results results) {
        this.results = results;
        results.onAdded(b -> refresh());
        results.onReset(this::refresh);
        refresh(); // results already there are shown at once
    }

    private void refresh() {
        rows.setAll(results.rows());
        // the same verdicts, one line per method that anneals both ways, as 'tmeval compare' prints under its table
        List<String> lines = new ArrayList<>();
        for (ConvergenceCheck check : results.checks()) {
            lines.add(check.verdict());
        }
        // the documents each path's forward/reverse bracket decides, as 'tmeval compare' prints them, and how many are certified
        lines.addAll(ResultSentences.brackets(results));
        lines.addAll(ResultSentences.adaptive(results)); // an adaptive run: how many documents agreed, and at what budget
        // how many documents each method certifies and why the others are not, as 'tmeval compare' prints it
        lines.addAll(results.verdicts().counts().report().lines().toList());
        verdicts.set(String.join("\n", lines));
    }

    /** Shows another run's rows beside (the history's "compare with"): the columns follow {@code other} (null: none). */
    public void follow(javafx.beans.value.ObservableValue<Results> other, javafx.beans.value.ObservableValue<?> run) {
        other.addListener((o, a, b) -> {
            besideName.set(b == null ? "" : "run " + run.getValue());
            beside.set(b);
            refresh(); // a new value of the rows list: the table redraws its cells
        });
    }

    /** The run shown beside, null when none: its columns are visible then. */
    public javafx.beans.property.ReadOnlyObjectProperty<Results> besideProperty() {
        return beside;
    }

    /** "run #2 ..." naming the run beside, or empty. */
    public StringProperty besideNameProperty() {
        return besideName;
    }

    /** The row of the run beside for the same method and direction, null when it has none or none is shown. */
    public ComparisonTable.Row besideRow(ComparisonTable.Row row) {
        Results other = beside.get();
        if (other == null || other.corpus() == null) {
            return null;
        }
        return other.rows().stream().filter(r -> r.method().equals(row.method()) && r.direction() == row.direction()).findFirst().orElse(null);
    }

    /** The convergence verdict of each ratio method with both directions ({@link ConvergenceCheck#verdict()}), one a line. */
    public StringProperty verdictsProperty() {
        return verdicts;
    }

    /** "partial: cancelled after 120 of 300 documents" while the results are not all their job meant to produce, or empty. */
    public StringProperty partialProperty() {
        return results.partialProperty();
    }

    public ObservableList<ComparisonTable.Row> rows() {
        return rows;
    }

    /** "299 of 300": the documents of a method certified, of those with its results (the certified column). */
    public String certified(String method) {
        return results.verdicts().certifiedOf(method);
    }

    /** Why the documents of a method not certified are not: the line the summary of {@code compare} prints for it. */
    public String certifiedWhy(String method) {
        return results.verdicts().line(method);
    }

    /**
     * The table as delimited text, header first, rows in result order, the 95% intervals, then the verdict columns: the
     * documents certified, of how many, and the method's {@link #status}.
     */
    public String text(char separator) {
        StringBuilder sb = new StringBuilder();
        String s = String.valueOf(separator);
        sb.append(String.join(s, "method", "direction", "documents", "percentAWins", "correlation", "varianceOfPerplexityRatio",
                "corpusPerplexityRatio", "siteUpdates", "seconds", "percentAWinsLow95", "percentAWinsHigh95", "corpusPerplexityRatioLow95",
                "corpusPerplexityRatioHigh95", "certified", "certifiedOf", "status")).append('\n');
        for (ComparisonTable.Row r : rows) {
            sb.append(String.join(s, r.method(), r.direction().label(), Integer.toString(r.documents()),
                    String.format(Locale.ROOT, "%.2f", r.percentAWins()), r.correlation() == null ? "" : Double.toString(r.correlation()),
                    r.variance() == null ? "" : Double.toString(r.variance()), Double.toString(r.corpusPerplexityRatio()),
                    Long.toString(r.siteUpdates()), String.format(Locale.ROOT, "%.3f", r.seconds()), end(r.winsInterval(), 0),
                    end(r.winsInterval(), 1), end(r.ratioInterval(), 0), end(r.ratioInterval(), 1),
                    Integer.toString(results.verdicts().counts().certified(r.method())),
                    Integer.toString(results.verdicts().counts().documents(r.method())), status(r.method())))
                    .append('\n');
        }
        return sb.toString();
    }

    /** The method's {@link ComparisonAnswer#status}, with "partial: " while the results are not all their job's. */
    private String status(String method) {
        return (results.partialProperty().get().isEmpty() ? "" : "partial: ") + ComparisonAnswer.status(method, rows);
    }

    /** One end of a 95% interval, empty where there is none. */
    private static String end(double[] interval, int i) {
        return interval == null ? "" : Double.toString(interval[i]);
    }

    /**
     * Writes the table as CSV, complete or not at all: the provenance lines of the results' plan and inputs first (as
     * {@code compare}'s output starts, with the {@code # partial} line of a run that stopped early), then {@link #text}.
     */
    public void exportCsv(Path file) throws IOException {
        ComparisonJob made = results.planProperty().get();
        if (made == null) {
            throw new IOException("the plan that made these results is not known (a session saved by an earlier version keeps none):"
                    + " the table would not say what made it; run them again");
        }
        try (OutputFile out = OutputFile.create(file)) {
            out.writer().write(Provenance.header(made.toSettings(), results.inputs(), true));
            if (!results.partialProperty().get().isEmpty()) {
                out.writer().write(ProvenanceHeader.partial(results.partialProperty().get()));
            }
            out.writer().write(text(','));
            out.commit();
        }
    }

    /**
     * Writes the table as a LaTeX booktabs table for a paper ({@link LatexTable}: the report's cells, names escaped), its
     * caption the figures' title ({@link FigureText}), complete or not at all.
     */
    public void exportLatex(Path file) throws IOException {
        LatexTable.write(file, null, rows, results.verdicts().counts(), FigureText.of(results, "Variance table").title());
    }

    /** A 95% interval as text ("low to high"), empty where there is none (fewer than two documents). */
    public static String interval(double[] lowHigh, String format) {
        return lowHigh == null ? "" : String.format(java.util.Locale.ROOT, format + " to " + format, lowHigh[0], lowHigh[1]);
    }
}
