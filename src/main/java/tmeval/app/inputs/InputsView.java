package tmeval.app.inputs;

import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tooltip;
import javafx.scene.input.DragEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import tmeval.app.common.NumberField;
import tmeval.run.plan.Setting;
import tmeval.app.common.Workspace.Slot;

import java.io.File;
import java.nio.file.Path;

/**
 * The side panel: models A and B, the held-out corpus and a model series, each with its summary, an Open button,
 * a recent-files menu, and a drop target for files dragged from the desktop.
 */
public final class InputsView {
    private final VBox root = new VBox(10);
    private final VBox footer = new VBox(6);
    private final InputsViewModel inputs;

    public InputsView(InputsViewModel inputs, Runnable openSampleData) {
        this.inputs = inputs;
        root.setPadding(new Insets(8));
        root.setPrefWidth(290);
        root.getStyleClass().add("inputs-panel");
        Label pair = new Label();
        pair.setWrapText(true);
        pair.setId("pair-summary");
        pair.getStyleClass().add("hint");
        pair.textProperty().bind(inputs.pairSummary());
        ProgressBar progress = new ProgressBar(ProgressBar.INDETERMINATE_PROGRESS);
        progress.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(progress, javafx.scene.layout.Priority.ALWAYS);
        Button stop = new Button("Stop");
        stop.setId("cancel-loads");
        stop.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        stop.setTooltip(new Tooltip("Stop reading: the inputs keep what they had"));
        stop.setOnAction(e -> inputs.cancelLoads());
        HBox loading = new HBox(6, progress, stop);
        loading.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        loading.visibleProperty().bind(inputs.loadingProperty());
        loading.managedProperty().bind(inputs.loadingProperty());
        Label status = new Label();
        status.setWrapText(true);
        status.getStyleClass().add("hint");
        status.textProperty().bind(inputs.statusProperty());
        Button sample = new Button("Reload sample data");
        sample.setId("reload-sample");
        sample.setMinWidth(Region.USE_PREF_SIZE);
        sample.setTooltip(new Tooltip("Load the bundled sample models, held-out corpus and series again"));
        sample.setOnAction(e -> openSampleData.run());
        VBox corpusCard = card(Slot.CORPUS, "Held-out corpus", "corpus");
        Spinner<Number> minTokens = NumberField.whole(inputs.form(), Setting.MIN_TOKENS, inputs.minTokensProperty(), 10);
        minTokens.setId("corpus-min-tokens");
        minTokens.setPrefWidth(80);
        minTokens.setTooltip(new Tooltip("Only documents with at least this many tokens take part (results are cleared)"));
        HBox filter = new HBox(6, new Label("min. tokens per document"), minTokens);
        filter.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        corpusCard.getChildren().add(2, filter);
        // the unknown words per model, as the command line prints them; the warning above 2% stands out
        Label unknown = new Label();
        unknown.setId("corpus-unknown-words");
        unknown.setWrapText(true);
        unknown.getStyleClass().add("hint");
        unknown.textProperty().bind(inputs.unknownWordsProperty());
        Label warning = new Label();
        warning.setId("corpus-unknown-warning");
        warning.setWrapText(true);
        warning.getStyleClass().add("warning");
        warning.textProperty().bind(inputs.unknownWordsWarningProperty());
        for (Label l : new Label[] {unknown, warning}) {
            l.visibleProperty().bind(l.textProperty().isNotEmpty());
            l.managedProperty().bind(l.visibleProperty());
        }
        corpusCard.getChildren().add(2, unknown);
        corpusCard.getChildren().add(2, warning);
        root.getChildren().addAll(
                card(Slot.MODEL_A, "Model A", "model-a"),
                card(Slot.MODEL_B, "Model B", "model-b"),
                pair,
                corpusCard,
                card(Slot.SERIES, "Model series (curves)", "series"));
        // what the user acts on while reading stays in sight below the cards, however far they are scrolled
        footer.setPadding(new Insets(6, 8, 8, 8));
        footer.getStyleClass().add("inputs-footer");
        footer.getChildren().addAll(loading, status, sample);
    }

    private VBox card(Slot slot, String title, String id) {
        Label heading = new Label(title);
        heading.getStyleClass().add("section-title");
        Label text = new Label();
        text.setId(id + "-summary");
        text.setWrapText(true);
        text.textProperty().bind(inputs.summary(slot));
        Button open = new Button("Open...");
        open.setId(id + "-open");
        open.setTooltip(new Tooltip("Choose a file (or drop one on this box)"));
        open.setOnAction(e -> choose(slot, open));
        MenuButton recent = new MenuButton("Recent");
        recent.setId(id + "-recent");
        recent.setTooltip(new Tooltip("Files recently loaded as " + slot.label() + " (a file that failed to load is dropped)"));
        recent.setOnShowing(e -> {
            recent.getItems().clear();
            for (String p : inputs.recentFiles(slot)) {
                MenuItem item = new MenuItem(p);
                item.setOnAction(a -> inputs.load(slot, Path.of(p)));
                recent.getItems().add(item);
            }
            if (recent.getItems().isEmpty()) {
                MenuItem none = new MenuItem("(no recent files)");
                none.setDisable(true);
                recent.getItems().add(none);
            }
        });
        HBox buttons = new HBox(6, open, recent);
        VBox card = new VBox(4, heading, text, buttons);
        card.getStyleClass().add("input-card");
        card.setId(id + "-card");
        card.setOnDragOver((DragEvent e) -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        card.setOnDragDropped((DragEvent e) -> {
            boolean done = false;
            if (e.getDragboard().hasFiles() && !e.getDragboard().getFiles().isEmpty()) {
                inputs.load(slot, e.getDragboard().getFiles().get(0).toPath());
                done = true;
            }
            e.setDropCompleted(done);
            e.consume();
        });
        return card;
    }

    private void choose(Slot slot, Region owner) {
        File file;
        if (slot == Slot.SERIES) {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle("Folder of snapshots (iter-N.tsv[.gz] or MALLET states name.N)");
            file = chooser.showDialog(owner.getScene().getWindow());
        } else {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Open " + slot.label());
            if (slot == Slot.CORPUS) {
                chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("All files", "*"),
                        new FileChooser.ExtensionFilter("UCI, LDA-C, token lines, text", "*.txt", "*.gz", "*.dat", "*.tsv"));
            } else {
                chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("All files", "*"),
                        new FileChooser.ExtensionFilter("tmeval model or MALLET state", "*.tsv", "*.gz"));
            }
            file = chooser.showOpenDialog(owner.getScene().getWindow());
        }
        if (file != null) {
            inputs.load(slot, file.toPath());
        }
    }

    public Region root() {
        ScrollPane scroll = new ScrollPane(root);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setPrefWidth(300);
        javafx.scene.layout.BorderPane panel = new javafx.scene.layout.BorderPane(scroll);
        panel.setBottom(footer);
        panel.setPrefWidth(300);
        panel.setMinWidth(260);
        panel.setId("inputs-panel");
        return panel;
    }
}
