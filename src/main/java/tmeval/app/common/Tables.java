package tmeval.app.common;

import javafx.collections.ListChangeListener;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

import java.util.function.Function;

/**
 * How the workbench's tables are sized so that none is cut (issue 39: numbers read "0.9992 to 1...", headers "log-ratio
 * (n...", and a banner left a table its header alone): each column at least as wide as its header and its widest
 * cell, as the table's font draws them (a table wider than its pane scrolls sideways), and each table at least
 * {@link #ROWS} rows high (all of its rows when it has fewer), so that no message under or over it takes them.
 */
public final class Tables {
    /** The rows a table always shows (all of them when it has fewer). */
    public static final int ROWS = 8;
    /** A row's height and the header's, in ems: Modena's cell is its text's line and a sixth of an em above and below. */
    private static final double ROW_EMS = 1.95;
    private static final double HEADER_EMS = 2.1;
    /** A cell's padding either side, its border, and the header's sort arrow. */
    private static final double CELL_PADDING = 14;
    private static final double SORT_ARROW = 16;

    private Tables() {
    }

    /**
     * Keeps the table at least {@code rows} rows high (all its rows when it has fewer), each {@code rowLines} lines of
     * text high, under its header of {@code headerLines} lines, and room for a sideways scroll bar.
     */
    public static <T> void showRows(TableView<T> table, int rows, double rowLines, double headerLines) {
        Runnable fit = () -> {
            double em = font(table).getSize();
            int shown = Math.max(1, Math.min(rows, table.getItems().size()));
            double row = table.getFixedCellSize() > 0 ? table.getFixedCellSize() : ROW_EMS * em + (rowLines - 1) * 1.35 * em;
            double header = HEADER_EMS * em + (headerLines - 1) * 1.35 * em;
            table.setMinHeight(Math.ceil(header + shown * row + 18 + table.snappedTopInset() + table.snappedBottomInset()));
        };
        table.itemsProperty().addListener((o, a, b) -> {
            fit.run();
            b.addListener((ListChangeListener<T>) c -> fit.run());
        });
        table.getItems().addListener((ListChangeListener<T>) c -> fit.run());
        fit.run();
    }

    /** As {@link #showRows(TableView, int, double, double)}: {@link #ROWS} rows of one line under a header of one. */
    public static <T> void showRows(TableView<T> table) {
        showRows(table, ROWS, 1, 1);
    }

    /**
     * Keeps the column at least as wide as its header and the widest of its cells' texts ({@code text} of each row, as
     * its cells show it), again whenever the table's rows change; returns the fitting, for a change the rows do not
     * show (the values of another run shown beside them).
     */
    public static <T> Runnable fitColumn(TableView<T> table, TableColumn<T, ?> column, Function<T, String> text) {
        Runnable fit = () -> {
            Font font = font(table);
            double widest = width(header(column), font) + SORT_ARROW;
            for (T row : table.getItems()) {
                String s = row == null ? null : text.apply(row);
                if (s != null) {
                    widest = Math.max(widest, width(s, font));
                }
            }
            column.setMinWidth(Math.ceil(widest + CELL_PADDING));
            if (column.getPrefWidth() < column.getMinWidth()) {
                column.setPrefWidth(column.getMinWidth());
            }
        };
        table.getItems().addListener((ListChangeListener<T>) c -> fit.run());
        table.itemsProperty().addListener((o, a, b) -> {
            fit.run();
            b.addListener((ListChangeListener<T>) c -> fit.run());
        });
        column.textProperty().addListener((o, a, b) -> fit.run());
        fit.run();
        return fit;
    }

    /**
     * Lays the table's columns out at their own widths (a table wider than its pane scrolls sideways: a constrained
     * table would squeeze its columns, or leave those past its edge out of reach) and gives the spare width, when there
     * is some, to {@code filler}.
     */
    public static <T> void fill(TableView<T> table, TableColumn<T, ?> filler) {
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        Runnable fit = () -> {
            double others = table.getVisibleLeafColumns().stream().filter(c -> c != filler).mapToDouble(TableColumn::getWidth).sum();
            double spare = table.getWidth() - table.snappedLeftInset() - table.snappedRightInset() - others - 18; // the scroll bar's room
            filler.setPrefWidth(Math.max(filler.getMinWidth(), Math.floor(spare)));
        };
        table.widthProperty().addListener((o, a, b) -> fit.run());
        table.getVisibleLeafColumns().addListener((ListChangeListener<TableColumn<T, ?>>) c -> fit.run());
        for (TableColumn<T, ?> c : table.getColumns()) {
            if (c != filler) {
                c.widthProperty().addListener((o, a, b) -> fit.run());
            }
        }
        filler.minWidthProperty().addListener((o, a, b) -> fit.run());
    }

    private static String header(TableColumn<?, ?> column) {
        if (column.getText() != null && !column.getText().isEmpty()) {
            return column.getText();
        }
        return column.getGraphic() instanceof Labeled l && l.getText() != null ? l.getText() : "";
    }

    /** The font the table's cells are drawn in: the table's own (the cells inherit it), else the default. */
    private static Font font(TableView<?> table) {
        javafx.scene.Node cell = table.lookup(".table-cell");
        if (cell instanceof Labeled l) {
            return l.getFont();
        }
        return Font.getDefault();
    }

    static double width(String s, Font font) {
        Text t = new Text(s);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }
}
