package tmeval.app.whichk;

import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ObservableList;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

import java.util.List;
import java.util.function.Function;

/**
 * Which K?'s table of the models scored: the answer first (score, perplexity, intervals), the bookkeeping after, short
 * headers explained in their tooltips, the model's name given the spare width.
 */
final class ModelScoresTable {
    private ModelScoresTable() {
    }

    /** The table of the models scored, a row each as it finishes. */
    static TableView<WhichKRows.Row> of(ObservableList<WhichKRows.Row> rows, javafx.beans.value.ObservableStringValue empty) {
        TableView<WhichKRows.Row> t = new TableView<>(rows);
        t.setId("whichk-table");
        Label placeholder = new Label();
        placeholder.textProperty().bind(empty);
        placeholder.setWrapText(true);
        t.setPlaceholder(placeholder);
        // the answer first (score, perplexity, intervals), the bookkeeping after: at 1280 pixels the answer fits; short
        // headers, each explained in its tooltip, and never narrower than their header (none is cut off)
        t.getColumns().add(column("#", "the model's number (the pairwise table's columns)", WhichKRows.Row::number, 28));
        TableColumn<WhichKRows.Row, String> name = text("model", "the model's name", WhichKRows.Row::label, 120);
        name.setCellFactory(c -> new PairwiseTable.WrappedName<>()); // in full, over two lines if it must
        t.getColumns().add(name);
        t.getColumns().add(column("K", "number of topics", WhichKRows.Row::numTopics, 38));
        t.getColumns().add(text("by", "the method and budget the model was scored by: the form's, or auto's choice for it with the budget"
                + " it started from (+: doubled for the documents not yet certified)", WhichKRows.Row::by, 160));
        t.getColumns().add(text("nats/token", "held-out log-likelihood per token (higher is better)", WhichKRows.Row::perToken, 80));
        t.getColumns().add(text("perplexity", "corpus perplexity, exp(-log-likelihood / tokens) (lower is better)", WhichKRows.Row::perplexity, 78));
        t.getColumns().add(text("95% CI", "95% interval of the perplexity: the Monte Carlo interval over the runs with two or more runs, the"
                + " bootstrap over documents with one", WhichKRows.Row::perplexityInterval, 118));
        t.getColumns().add(text("certified", "documents certified, of those with a verdict (estimators.md, Certified answers)",
                WhichKRows.Row::certified, 78));
        t.getColumns().add(warning());
        t.getColumns().add(text("library's", "the number the model's library prints (scikit-learn's perplexity(), gensim's log_perplexity(),"
                + " recomputed from the export; a reported ELBO or completion perplexity) and its gap to this held-out log-likelihood, nats per"
                + " token (formats.md, The libraries' own numbers)", WhichKRows.Row::library, 150));
        t.getColumns().add(text("log-lik", "corpus log-likelihood (nats)", WhichKRows.Row::logLikelihood, 78));
        t.getColumns().add(text("95% CI ", "95% interval of the corpus log-likelihood: the Monte Carlo interval over the runs with two or"
                + " more runs, the bootstrap over documents with one", WhichKRows.Row::interval, 128));
        t.getColumns().add(text("doc. ppl.", "median per-document perplexity", WhichKRows.Row::medianDocumentPerplexity, 76));
        t.getColumns().add(text("unknown", "held-out tokens not in the model's vocabulary, dropped (and their share)", WhichKRows.Row::unknown, 90));
        t.getColumns().add(column("V", "vocabulary size", WhichKRows.Row::vocabulary, 54));
        t.getColumns().add(column("tokens", "tokens scored", WhichKRows.Row::tokens, 62));
        t.getColumns().add(text("refused", "runs the method refused", WhichKRows.Row::refused, 62));
        t.getColumns().stream().filter(c -> !List.of("model", "by", "unknown", "warning", "library's").contains(c.getUserData()))
                .forEach(c -> c.getStyleClass().add("numeric"));
        fillWithModelColumn(t, t.getColumns().get(1), 120);
        return t;
    }

    /** The model's warning beside its numbers, in the warning style; why, in full, in the tooltip. */
    private static TableColumn<WhichKRows.Row, String> warning() {
        TableColumn<WhichKRows.Row, String> c = text("warning", "runs below the vb floor and documents not certified; hover a cell for why",
                WhichKRows.Row::warning, 230);
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(String v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : v);
                getStyleClass().remove("warning-cell");
                if (!empty && v != null && !v.isEmpty()) {
                    getStyleClass().add("warning-cell");
                }
                WhichKRows.Row row = empty || getTableRow() == null ? null : getTableRow().getItem();
                Tooltip why = row == null || row.why().isEmpty() ? null : new Tooltip(row.why());
                if (why != null) {
                    why.setWrapText(true);
                    why.setMaxWidth(560);
                }
                setTooltip(why);
            }
        });
        return c;
    }

    static <S, T> TableColumn<S, T> column(String title, String tip, Function<S, T> value, double width) {
        TableColumn<S, T> c = new TableColumn<>();
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(value.apply(f.getValue())));
        return header(c, title, tip, width);
    }

    static <S> TableColumn<S, String> text(String title, String tip, Function<S, String> value, double width) {
        TableColumn<S, String> c = new TableColumn<>();
        c.setCellValueFactory(f -> new ReadOnlyStringWrapper(value.apply(f.getValue())));
        return header(c, title, tip, width);
    }

    /** A column headed by a short title with its meaning in a tooltip, never narrower than the title needs. */
    static <S, T> TableColumn<S, T> header(TableColumn<S, T> c, String title, String tip, double width) {
        Label heading = new Label(title);
        heading.setTooltip(new Tooltip(tip));
        heading.setMinWidth(Region.USE_PREF_SIZE);
        c.setGraphic(heading);
        c.setUserData(title.strip());
        c.setPrefWidth(width);
        // the header's text, its padding and the sort arrow's room
        c.minWidthProperty().bind(heading.widthProperty().add(18));
        return c;
    }

    /** Gives a table's spare width to its model-name column (never below {@code least}): long names on a wide screen. */
    private static void fillWithModelColumn(TableView<?> table, TableColumn<?, ?> name, double least) {
        double others = table.getColumns().stream().filter(c -> c != name).mapToDouble(TableColumn::getPrefWidth).sum();
        name.prefWidthProperty().bind(Bindings.max(least, table.widthProperty().subtract(others + 24)));
    }
}
