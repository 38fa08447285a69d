package tmeval.app.table;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.transformation.SortedList;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import tmeval.app.common.Messages;
import tmeval.app.common.Tables;
import tmeval.app.common.UserMessages;
import tmeval.compare.ComparisonTable;

import java.io.File;
import java.io.IOException;
import java.util.Locale;
import java.util.List;
import java.util.function.Function;

/**
 * Foulds and Smyth's Tables 1 and 2: one row per method and direction with the percent of documents where A wins,
 * the correlation with the chosen reference, the variance of the per-document perplexity ratio across runs, the
 * corpus perplexity ratio, site updates and time. Sortable; copy as TSV and export as CSV.
 */
public final class VarianceTableView {
    private final VarianceTableViewModel model;
    private final TableView<ComparisonTable.Row> table = new TableView<>();
    /** The table over its lines: the table keeps its eight rows, the lines' strip gives way first. */
    private final VBox root = new VBox();
    private final Label note = new Label();
    private final UserMessages onError;
    private final java.util.List<Runnable> fits = new java.util.ArrayList<>();
    /** The verdicts' lines under the table shown at once. */
    static final double VERDICT_LINES = 8;

    public VarianceTableView(VarianceTableViewModel model, UserMessages onError) {
        this.model = model;
        this.onError = onError;
        table.setId("variance-table");
        // sorted in the view, so that a column's sort holds while rows arrive
        SortedList<ComparisonTable.Row> sorted = new SortedList<>(model.rows());
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setPlaceholder(new Label("No results yet: run a comparison."));
        table.getColumns().add(column("method", ComparisonTable.Row::label, ComparisonTable.Row::label, 210));
        table.getColumns().add(numeric(column("docs", r -> r.documents(), r -> Integer.toString(r.documents()), 60)));
        table.getColumns().add(numeric(column("A wins %", r -> round(r.percentAWins(), 1), r -> Double.toString(round(r.percentAWins(), 1)), 80)));
        table.getColumns().add(numeric(column("A wins 95%", r -> VarianceTableViewModel.interval(r.winsInterval(), "%.1f"),
                r -> VarianceTableViewModel.interval(r.winsInterval(), "%.1f"), 110)));
        table.getColumns().add(formatted("corr. ref.", r -> r.correlation(), "%.4f", 90));
        table.getColumns().add(formatted("var(ratio)", r -> r.variance(), "%.3e", 100));
        table.getColumns().add(formatted("corpus pr", r -> r.corpusPerplexityRatio(), "%.5f", 90));
        table.getColumns().add(numeric(column("corpus pr 95%", r -> VarianceTableViewModel.interval(r.ratioInterval(), "%.4f"),
                r -> VarianceTableViewModel.interval(r.ratioInterval(), "%.4f"), 130)));
        table.getColumns().add(certified());
        table.getColumns().add(formatted("site updates", r -> (double) r.siteUpdates(), "%.4g", 110));
        table.getColumns().add(formatted("seconds", r -> r.seconds(), "%.2f", 80));
        // the run beside (the history's "compare with"): its corpus ratio and wins for the same method, when it has them
        TableColumn<ComparisonTable.Row, Double> besideRatio = formatted("beside pr", r -> beside(r, ComparisonTable.Row::corpusPerplexityRatio), "%.5f", 120);
        TableColumn<ComparisonTable.Row, Double> besideWins = formatted("beside A %", r -> {
            ComparisonTable.Row b = model.besideRow(r);
            return b == null ? null : round(b.percentAWins(), 1);
        }, "%.1f", 110);
        for (TableColumn<ComparisonTable.Row, ?> c : List.of(besideRatio, besideWins)) {
            c.visibleProperty().bind(model.besideProperty().isNotNull());
            table.getColumns().add(c);
        }
        // the rows of the run beside arrive after this run's: its columns are fitted again then
        model.besideProperty().addListener((o, a, b) -> {
            table.refresh();
            fits.forEach(Runnable::run);
        });
        Tables.showRows(table);
        Tables.fill(table, table.getColumns().get(0));
        for (var c : table.getColumns()) {
            c.setSortable(true);
        }
        Button copy = new Button("Copy");
        copy.setTooltip(new Tooltip("Copy the table as tab-separated text"));
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(model.text('\t'));
            Clipboard.getSystemClipboard().setContent(content);
        });
        Button export = new Button("Export CSV...");
        export.setOnAction(e -> exportCsv());
        Button latex = new Button("LaTeX...");
        latex.setTooltip(new javafx.scene.control.Tooltip("Save the table as a LaTeX booktabs table, for a paper"));
        latex.setOnAction(e -> exportLatex());
        latex.setMinWidth(Region.USE_PREF_SIZE);
        copy.setMinWidth(Region.USE_PREF_SIZE);
        export.setMinWidth(Region.USE_PREF_SIZE);
        Messages.wrapping(note);
        note.getStyleClass().add("hint");
        note.setText("A wins: documents where log P(w|A) > log P(w|B) (mean over runs). Variance: of perp(A)/perp(B) across runs, averaged over"
                + " documents (needs 2 runs). Correlation: Pearson, per-document perplexity ratio against the reference chosen in the run panel."
                + " Certified: documents whose value is within its target (the lines above say why the others are not).");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, note, spacer, copy, export, latex);
        HBox.setHgrow(note, Priority.SOMETIMES);
        Label partial = new Label();
        partial.setId("table-partial");
        partial.getStyleClass().add("warning");
        Messages.wrapping(partial);
        partial.textProperty().bind(model.partialProperty());
        partial.managedProperty().bind(partial.textProperty().isNotEmpty());
        partial.visibleProperty().bind(partial.textProperty().isNotEmpty());
        Label verdicts = new Label();
        verdicts.setId("table-verdicts");
        verdicts.textProperty().bind(model.verdictsProperty());
        // the verdicts' lines under the table, a few at once and the rest scrolled: the table keeps its rows
        VBox bottom = new VBox(4, partial, Messages.capped(verdicts, VERDICT_LINES), bar);
        bottom.getStyleClass().add("chart-footer");
        VBox.setVgrow(table, Priority.ALWAYS);
        root.getChildren().setAll(table, bottom);
    }

    /** Documents of the row's method certified, "X of D"; the tooltip says why the others are not. */
    private TableColumn<ComparisonTable.Row, String> certified() {
        TableColumn<ComparisonTable.Row, String> c = numeric(column("certified", r -> model.certified(r.method()), r -> model.certified(r.method()), 90));
        c.setComparator(java.util.Comparator.comparingInt(text -> Integer.parseInt(text.substring(0, text.indexOf(' ')))));
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(String v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : v);
                ComparisonTable.Row row = empty || getTableRow() == null ? null : getTableRow().getItem();
                setTooltip(row == null ? null : new Tooltip(model.certifiedWhy(row.method())));
            }
        });
        return c;
    }

    private static Double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }

    private Double beside(ComparisonTable.Row r, Function<ComparisonTable.Row, Double> value) {
        ComparisonTable.Row b = model.besideRow(r);
        return b == null ? null : value.apply(b);
    }

    /**
     * A column sorted by {@code value} and showing {@code text}, never narrower than its header and its widest text
     * ({@link Tables#fitColumn}): no number is cut.
     */
    private <T> TableColumn<ComparisonTable.Row, T> column(String title, Function<ComparisonTable.Row, T> value,
                                                          Function<ComparisonTable.Row, String> text, double width) {
        TableColumn<ComparisonTable.Row, T> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(T v, boolean empty) {
                super.updateItem(v, empty);
                ComparisonTable.Row row = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(row == null ? null : text.apply(row));
            }
        });
        c.setPrefWidth(width);
        fits.add(Tables.fitColumn(table, c, text));
        return c;
    }

    /** Numbers line up on their last digit. */
    private static <T> TableColumn<ComparisonTable.Row, T> numeric(TableColumn<ComparisonTable.Row, T> c) {
        c.getStyleClass().add("numeric");
        return c;
    }

    /** A numeric column shown with a format ("-" for none) but sorted by value, right-aligned. */
    private TableColumn<ComparisonTable.Row, Double> formatted(String title, Function<ComparisonTable.Row, Double> value, String format, double width) {
        return numeric(column(title, value, r -> {
            Double v = value.apply(r);
            return v == null ? "-" : String.format(Locale.ROOT, format, v);
        }, width));
    }

    public Region root() {
        return root;
    }

    private void exportLatex() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the variance table as a LaTeX booktabs table");
        chooser.setInitialFileName("comparison-table.tex");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("LaTeX", "*.tex"));
        File file = chooser.showSaveDialog(root.getScene().getWindow());
        if (file != null) {
            try {
                model.exportLatex(file.toPath());
            } catch (IOException e) {
                onError.error("Cannot export the table", file + ": " + e.getMessage());
            }
        }
    }

    private void exportCsv() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the variance table as CSV");
        chooser.setInitialFileName("comparison-table.csv");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
        File file = chooser.showSaveDialog(root.getScene().getWindow());
        if (file != null) {
            try {
                model.exportCsv(file.toPath());
            } catch (IOException e) {
                onError.error("Cannot export the table", file + ": " + e.getMessage());
            }
        }
    }
}
