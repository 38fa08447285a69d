package tmeval.app.scatter;

import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;

/**
 * The controls under the scatter: a check box per method (drawn or not), the axes (perplexity ratios or log-ratios),
 * Reset zoom, the flagged documents to open, and the search by document id.
 */
final class ScatterControls {
    private final ScatterViewModel model;
    private final HBox toggles = new HBox(10);
    private final FlowPane root;

    /** @param resetZoom puts the axes back to the range fitted to the visible methods */
    ScatterControls(ScatterViewModel model, Runnable resetZoom) {
        this.model = model;
        CheckBox logRatio = new CheckBox("log-ratio axes (nats per token)");
        logRatio.setId("scatter-log-ratio");
        logRatio.setTooltip(new Tooltip("(log P(w|A) - log P(w|B)) / N on linear axes instead of perp(A)/perp(B) on log axes"));
        logRatio.selectedProperty().bindBidirectional(model.logRatioAxesProperty());
        Button reset = new Button("Reset zoom");
        reset.setId("scatter-reset-zoom");
        reset.setTooltip(new Tooltip("Back to the axes fitted to the visible methods"));
        reset.setOnAction(e -> resetZoom.run());
        ComboBox<String> flagged = new ComboBox<>(model.flaggedDocuments());
        flagged.setId("scatter-flagged");
        flagged.setPromptText("Open a flagged document");
        flagged.setPrefWidth(260);
        flagged.setOnAction(e -> model.openFlagged(flagged.getSelectionModel().getSelectedIndex()));
        ScatterSelection selection = model.selection();
        TextField search = new TextField();
        search.setId("scatter-search");
        search.setPromptText("document id");
        search.setPrefColumnCount(10);
        search.textProperty().bindBidirectional(selection.searchProperty());
        search.setOnAction(e -> selection.find());
        Button find = new Button("Open");
        find.setId("scatter-find");
        find.setOnAction(e -> selection.find());
        Label searchMessage = new Label();
        searchMessage.getStyleClass().add("hint");
        searchMessage.textProperty().bind(selection.searchMessageProperty());
        toggles.setAlignment(Pos.CENTER_LEFT);
        root = new FlowPane(10, 6, toggles, logRatio, reset, flagged, new HBox(4, search, find), searchMessage);
        root.setAlignment(Pos.CENTER_LEFT);
        model.methods().addListener((ListChangeListener<String>) c -> showToggles());
        showToggles();
    }

    private void showToggles() {
        toggles.getChildren().clear();
        for (String m : model.methods()) {
            CheckBox show = new CheckBox(m);
            show.setId("scatter-show-" + m);
            show.selectedProperty().bindBidirectional(model.visibleProperty(m));
            toggles.getChildren().add(show);
        }
    }

    FlowPane root() {
        return root;
    }
}
