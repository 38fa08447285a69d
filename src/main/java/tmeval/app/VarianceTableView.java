package tmeval.app;

import tmeval.io.OutputFile;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import tmeval.compare.ComparisonTable;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Foulds and Smyth's Tables 1 and 2: one row per method and direction with the percent of documents where A wins,
 * the correlation with the chosen reference, the variance of the per-document perplexity ratio across runs, the
 * corpus perplexity ratio, site updates and time. Sortable; copy as TSV and export as CSV.
 */
final class VarianceTableView {
    private final Results results;
    private final TableView<ComparisonTable.Row> table = new TableView<>();
    private final ObservableList<ComparisonTable.Row> rows = FXCollections.observableArrayList();
    private final BorderPane root = new BorderPane();
    private final Label note = new Label();
    private final BiConsumer<String, String> onError;

    VarianceTableView(Results results, BiConsumer<String, String> onError) {
        this.results = results;
        this.onError = onError;
        table.setId("variance-table");
        table.setItems(rows);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        table.setPlaceholder(new Label("No results yet: run a comparison."));
        table.getColumns().add(column("method", ComparisonTable.Row::label, 210));
        table.getColumns().add(column("docs", r -> r.documents(), 60));
        table.getColumns().add(column("A wins %", r -> round(r.percentAWins(), 1), 80));
        table.getColumns().add(formatted("corr. ref.", r -> r.correlation(), "%.4f", 90));
        table.getColumns().add(formatted("var. perp. ratio", r -> r.variance(), "%.3e", 120));
        table.getColumns().add(formatted("corpus perp. ratio", r -> r.corpusPerplexityRatio(), "%.5f", 130));
        table.getColumns().add(formatted("site updates", r -> (double) r.siteUpdates(), "%.4g", 110));
        table.getColumns().add(formatted("seconds", r -> r.seconds(), "%.2f", 80));
        for (var c : table.getColumns()) {
            c.setSortable(true);
        }
        Button copy = new Button("Copy");
        copy.setTooltip(new Tooltip("Copy the table as tab-separated text"));
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(text('\t'));
            Clipboard.getSystemClipboard().setContent(content);
        });
        Button export = new Button("Export CSV...");
        export.setOnAction(e -> exportCsv());
        copy.setMinWidth(Region.USE_PREF_SIZE);
        export.setMinWidth(Region.USE_PREF_SIZE);
        note.setWrapText(true);
        note.getStyleClass().add("hint");
        note.setText("A wins: documents where log P(w|A) > log P(w|B) (mean over runs). Variance: of perp(A)/perp(B) across runs, averaged over"
                + " documents (needs 2 runs). Correlation: Pearson, per-document perplexity ratio against the reference chosen in the run panel.");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, note, spacer, copy, export);
        HBox.setHgrow(note, Priority.SOMETIMES);
        VBox bottom = new VBox(bar);
        bottom.getStyleClass().add("chart-footer");
        root.setCenter(table);
        root.setBottom(bottom);
        results.onAdded(b -> refresh());
        results.onReset(this::refresh);
    }

    private static Double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }

    private static <T> TableColumn<ComparisonTable.Row, T> column(String title, Function<ComparisonTable.Row, T> value, double width) {
        TableColumn<ComparisonTable.Row, T> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    /** A numeric column shown with a format but sorted by value. */
    private static TableColumn<ComparisonTable.Row, Double> formatted(String title, Function<ComparisonTable.Row, Double> value, String format, double width) {
        TableColumn<ComparisonTable.Row, Double> c = column(title, value, width);
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? (empty ? null : "-") : String.format(Locale.ROOT, format, v));
            }
        });
        return c;
    }

    void refresh() {
        List<ComparisonTable.Row> latest = results.table().rows();
        var order = List.copyOf(table.getSortOrder());
        rows.setAll(latest);
        if (!order.isEmpty()) {
            table.getSortOrder().setAll(order);
            table.sort();
        }
    }

    Region root() {
        return root;
    }

    TableView<ComparisonTable.Row> table() {
        return table;
    }

    /** The table as delimited text, header first. */
    String text(char separator) {
        StringBuilder sb = new StringBuilder();
        String s = String.valueOf(separator);
        sb.append(String.join(s, "method", "direction", "documents", "percentAWins", "correlation", "varianceOfPerplexityRatio",
                "corpusPerplexityRatio", "siteUpdates", "seconds")).append('\n');
        for (ComparisonTable.Row r : rows) {
            sb.append(String.join(s, r.method(), r.direction().label(), Integer.toString(r.documents()),
                    String.format(Locale.ROOT, "%.2f", r.percentAWins()), r.correlation() == null ? "" : Double.toString(r.correlation()),
                    r.variance() == null ? "" : Double.toString(r.variance()), Double.toString(r.corpusPerplexityRatio()),
                    Long.toString(r.siteUpdates()), String.format(Locale.ROOT, "%.3f", r.seconds()))).append('\n');
        }
        return sb.toString();
    }

    private void exportCsv() {
        FileChooser chooser = new FileChooser();
        chooser.setInitialFileName("comparison-table.csv");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
        File file = chooser.showSaveDialog(root.getScene().getWindow());
        if (file != null) {
            try {
                try (OutputFile out = OutputFile.create(file.toPath())) {
                    out.writer().write(text(','));
                    out.commit();
                }
            } catch (IOException e) {
                onError.accept("Cannot export the table", file + ": " + e.getMessage());
            }
        }
    }
}
