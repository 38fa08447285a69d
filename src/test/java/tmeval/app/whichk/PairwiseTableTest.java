package tmeval.app.whichk;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.FxThread;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Which K?'s pairwise table fits its pane (no scrolling sideways) and names every model in full. */
@ExtendWith(FxThread.class)
class PairwiseTableTest {
    /** The pane's width beside the chart at 1280x800 (the screenshot's: about 300 pixels). */
    private static final double PANE_WIDTH = 300;

    /** Every Text drawn in a node, in order, joined. */
    private static String texts(Node node) {
        if (node instanceof Text t) {
            return t.getText();
        }
        return node instanceof javafx.scene.Parent p ? p.getChildrenUnmodifiable().stream().map(PairwiseTableTest::texts).reduce("", String::concat) : "";
    }

    @Test
    void fiveModelsFitThePaneWithTheirNamesInFull() {
        List<String> names = List.of("1: KOS K=5 asymmetric alpha", "2: KOS K=10 asymmetric alpha", "3: KOS K=20 asymmetric alpha",
                "4: KOS K=20 symmetric alpha", "5: KOS K=40 asymmetric alpha");
        ObservableList<WhichKRows.PairRow> rows = FXCollections.observableArrayList();
        ObservableList<String> columns = FXCollections.observableArrayList();
        PairwiseTable pairs = new PairwiseTable(rows, columns, "help");
        new Scene(pairs.root(), PANE_WIDTH, 400);
        for (int j = 0; j < names.size(); j++) {
            columns.add(Integer.toString(j + 1));
        }
        List<WhichKRows.PairRow> filled = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            List<String> cells = new ArrayList<>();
            for (int j = 0; j < names.size(); j++) {
                cells.add(i == j ? "-" : Integer.toString(1000 + i * 10 + j));
            }
            filled.add(new WhichKRows.PairRow(names.get(i), cells));
        }
        rows.setAll(filled);
        pairs.root().applyCss();
        pairs.root().layout();
        assertEquals(names.size() + 1, pairs.table().getColumns().size());
        for (Node n : pairs.table().lookupAll(".scroll-bar")) {
            if (n instanceof ScrollBar bar && bar.getOrientation() == Orientation.HORIZONTAL) {
                assertFalse(bar.isVisible(), "no scrolling sideways");
            }
        }
        List<String> drawn = new ArrayList<>();
        for (Node n : pairs.table().lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> cell && cell.getTableColumn() == pairs.table().getColumns().get(0) && !cell.isEmpty()) {
                // the text as drawn, its lines joined: a name cut off ends in an ellipsis
                drawn.add(texts(cell).replaceAll("\\s+", " ").strip());
            }
        }
        assertEquals(names, drawn.stream().sorted().toList(), "every model named in full");
        // every count drawn whole (the sample's four-digit counts: a corpus of thousands of documents)
        for (Node n : pairs.table().lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> cell && cell.getTableColumn() != pairs.table().getColumns().get(0) && !cell.isEmpty()) {
                assertEquals(cell.getText(), texts(cell), "a count cut off");
            }
        }
        assertEquals("against 3: KOS K=20 asymmetric alpha",
                ((javafx.scene.control.Label) pairs.table().getColumns().get(3).getGraphic()).getTooltip().getText(), "a column's header names its model");
    }
}
