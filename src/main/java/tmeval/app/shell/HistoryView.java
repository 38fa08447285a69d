package tmeval.app.shell;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import tmeval.app.common.RunHistory;

import java.util.List;

/**
 * The bar above the results: the run on screen (every view follows it), the run drawn beside it, Delete (the plan line
 * under it offers to put the run's plan back in the form).
 */
final class HistoryView {
    private final HBox root = new HBox(8);

    HistoryView(WorkbenchViewModel model) {
        RunHistory history = model.history();
        root.setId("history-bar");
        root.getStyleClass().add("history-bar");
        root.setPadding(new Insets(2, 8, 2, 8));
        root.setAlignment(Pos.CENTER_LEFT);
        boolean[] renaming = {false}; // the boxes are being set to what the history holds, not by the user
        ComboBox<RunHistory.Run> shown = new ComboBox<>(history.runs());
        shown.setId("history-shown");
        // the box's own text can go blank while its run is named anew (a ComboBox whose item is replaced by itself): its
        // button always shows the run on screen by the history's own name for it
        shown.promptTextProperty().bind(history.shownNameProperty());
        javafx.scene.control.ListCell<RunHistory.Run> button = new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(RunHistory.Run item, boolean empty) {
                super.updateItem(item, empty);
                setText(history.shownNameProperty().get());
            }
        };
        history.shownNameProperty().addListener((o, a, b) -> button.setText(b));
        shown.setButtonCell(button);
        shown.setPrefWidth(300);
        shown.setMinWidth(140);
        // a run's name is longer than the box at 1280 x 800: the box's tooltip gives it whole (issue 39; its button cell
        // takes no pointer, so a tooltip of the cell's own never shows)
        shown.setTooltip(new Tooltip());
        shown.getTooltip().textProperty().bind(javafx.beans.binding.Bindings.concat(history.shownNameProperty(),
                "\n\nThe run every view shows; each Run adds one, at most " + RunHistory.MAX_RUNS + " are kept"));
        shown.setValue(history.shownProperty().get());
        history.shownProperty().addListener((o, a, b) -> shown.setValue(b));
        shown.setOnAction(e -> {
            RunHistory.Run chosen = shown.getValue();
            if (renaming[0]) {
                return;
            }
            if (chosen != null && !history.show(chosen)) {
                shown.setValue(history.shownProperty().get());
            }
        });
        ComboBox<RunHistory.Run> beside = new ComboBox<>(history.others());
        beside.setId("history-compare");
        beside.setPromptText("none");
        // a combo box cleared after a choice shows a blank button, not its prompt: the button says "none" itself
        beside.setButtonCell(new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(RunHistory.Run item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? "none" : item.describe());
            }
        });
        beside.setPrefWidth(260);
        beside.setMinWidth(120);
        beside.setTooltip(new Tooltip());
        beside.getTooltip().textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> (history.compareProperty().get() == null
                ? "none" : history.compareProperty().get().describe()) + "\n\nAnother run drawn beside: grey points under the scatter's, extra"
                + " columns in the table", history.compareProperty(), history.runs()));
        beside.setOnAction(e -> {
            if (!renaming[0]) {
                history.compareWith(beside.getValue());
            }
        });
        history.compareProperty().addListener((o, a, b) -> beside.setValue(b));
        // a run named anew (its status, auto's choice) is replaced in the list: the boxes show the runs they showed
        // (set to none first: a box whose item was replaced by itself would show nothing)
        history.runs().addListener((javafx.collections.ListChangeListener<RunHistory.Run>) c -> {
            renaming[0] = true;
            shown.setValue(null);
            shown.setValue(history.shownProperty().get());
            beside.setValue(null);
            beside.setValue(history.compareProperty().get());
            renaming[0] = false;
        });
        Button clear = new Button("\u00d7");
        clear.setId("history-compare-clear");
        clear.setTooltip(new Tooltip("Compare with no other run"));
        clear.setOnAction(e -> history.compareWith(null));
        clear.disableProperty().bind(history.compareProperty().isNull());
        Button delete = new Button("Delete run");
        delete.setId("history-delete");
        delete.setTooltip(new Tooltip("Delete the run on screen (asks first when it is not saved)"));
        delete.setOnAction(e -> model.deleteRun(history.shownProperty().get()));
        delete.disableProperty().bind(history.shownProperty().isNull());
        Label notice = new Label();
        notice.setId("history-notice");
        notice.getStyleClass().add("hint");
        notice.textProperty().bind(history.noticeProperty());
        notice.setMinWidth(0);
        HBox.setHgrow(notice, Priority.ALWAYS);
        Label runLabel = new Label("Run:");
        Label besideLabel = new Label("compare with:");
        for (javafx.scene.control.Control c : List.of(runLabel, besideLabel, delete, clear)) {
            c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // whole words; the lists give way first
        }
        notice.setTooltip(new Tooltip());
        notice.getTooltip().textProperty().bind(notice.textProperty());
        root.getChildren().addAll(runLabel, shown, delete, besideLabel, beside, clear, notice);
    }

    HBox root() {
        return root;
    }
}
