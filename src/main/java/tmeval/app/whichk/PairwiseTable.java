package tmeval.app.whichk;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

/**
 * Which K?'s pairwise table: a row per model, named in full (wrapped, never cut), and a narrow column per model by
 * its number (its name in the header's tooltip), each cell the documents decided for the row's model against the
 * column's. The name column takes what the numbers leave, so the table fits its pane without scrolling sideways.
 */
final class PairwiseTable {
    /** A count column's width: the header's number or "n/a" and three digits; more for longer counts, never cut. */
    static final double COUNT_WIDTH = 34;
    /** What one more character of a count takes (digits are about 7 pixels wide at the table's font). */
    private static final double PER_CHARACTER = 8;
    /** The least the name column is given: a few words a line. */
    static final double NAME_WIDTH = 90;

    private final TableView<WhichKRows.PairRow> table = new TableView<>();
    private final ObservableList<String> columns;
    private final VBox root;

    /**
     * @param rows the table's rows, each a model's name and its counts against every model
     * @param columns the column titles, the models' numbers, in the rows' order
     * @param help what a count means, the table's tooltip
     */
    PairwiseTable(ObservableList<WhichKRows.PairRow> rows, ObservableList<String> columns, String help) {
        this.columns = columns;
        table.setId("whichk-pairs");
        Label waiting = new Label("pairwise decided counts appear when every model is scored");
        waiting.setWrapText(true);
        waiting.setPadding(new Insets(6));
        table.setPlaceholder(waiting);
        table.setTooltip(new Tooltip(help));
        table.setItems(rows);
        // the columns fill the width, never more: the counts are fixed, so the names take the rest
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        // the columns follow the rows (set after the titles): a header's tooltip names its model
        rows.addListener((ListChangeListener<WhichKRows.PairRow>) c -> rebuild());
        columns.addListener((ListChangeListener<String>) c -> rebuild());
        Label title = new Label("Pairwise: documents decided for the row's model against the column's");
        title.getStyleClass().add("section-title");
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        root = new VBox(4, title, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        root.setPadding(new Insets(4, 0, 0, 4));
    }

    private void rebuild() {
        table.getColumns().clear();
        TableColumn<WhichKRows.PairRow, String> name = new TableColumn<>("model");
        name.setCellValueFactory(f -> new ReadOnlyStringWrapper(f.getValue().label()));
        name.setCellFactory(c -> new WrappedName<>());
        name.setMinWidth(NAME_WIDTH);
        table.getColumns().add(name);
        // as wide as the longest count (a corpus of thousands of documents has four-digit counts)
        int longest = table.getItems().stream().flatMap(r -> r.cells().stream()).mapToInt(String::length).max().orElse(0);
        double width = Math.max(COUNT_WIDTH, COUNT_WIDTH + PER_CHARACTER * (longest - 3));
        for (int j = 0; j < columns.size(); j++) {
            int col = j;
            TableColumn<WhichKRows.PairRow, String> c = new TableColumn<>();
            Label heading = new Label(columns.get(j));
            if (j < table.getItems().size()) {
                heading.setTooltip(new Tooltip("against " + table.getItems().get(j).label()));
            }
            c.setGraphic(heading);
            c.setCellValueFactory(f -> new ReadOnlyStringWrapper(f.getValue().cells().get(col)));
            c.setMinWidth(width);
            c.setPrefWidth(width);
            c.setMaxWidth(width);
            c.setSortable(false);
            c.getStyleClass().add("numeric");
            table.getColumns().add(c);
        }
    }

    /**
     * A model's name over as many lines as its column's width needs, and in a tooltip (this table's and the models
     * table's): drawn as a Text wrapped at the column's width, as a cell's own wrapped text keeps the row one line high.
     */
    static final class WrappedName<S> extends TableCell<S, String> {
        private final Text text = new Text();

        WrappedName() {
            text.wrappingWidthProperty().bind(tableColumnProperty().flatMap(TableColumn::widthProperty).map(w -> w.doubleValue() - 10).orElse(0.0));
            text.fillProperty().bind(textFillProperty()); // white on a selected row, as the other cells
            text.fontProperty().bind(fontProperty());
            setPrefHeight(Region.USE_COMPUTED_SIZE);
        }

        @Override
        protected void updateItem(String name, boolean empty) {
            super.updateItem(name, empty);
            text.setText(empty || name == null ? "" : name);
            setGraphic(empty || name == null ? null : text);
            setTooltip(empty || name == null ? null : new Tooltip(name));
        }
    }

    TableView<WhichKRows.PairRow> table() {
        return table;
    }

    Region root() {
        return root;
    }
}
