package tmeval.app.run;

import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.IOException;
import java.nio.file.Path;

/** The window of a too-big job's commands: shards or Spark, their options, the text to copy or save. */
public final class ClusterCommandsView {
    private ClusterCommandsView() {
    }

    /** Opens the window for the form's current job. */
    public static Stage show(RunViewModel run, Window owner) {
        ClusterCommands commands = run.clusterCommands();
        ChoiceBox<ClusterCommands.Kind> kind = new ChoiceBox<>(FXCollections.observableArrayList(ClusterCommands.Kind.values()));
        kind.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(ClusterCommands.Kind k) {
                return k == null ? "" : k.label();
            }

            @Override
            public ClusterCommands.Kind fromString(String s) {
                return null;
            }
        });
        kind.valueProperty().bindBidirectional(commands.kindProperty());
        Spinner<Integer> shards = new Spinner<>(1, 100_000, commands.shardsProperty().get(), 1);
        shards.setEditable(true);
        shards.setPrefWidth(90);
        shards.valueProperty().addListener((o, a, b) -> commands.shardsProperty().set(b));
        shards.disableProperty().bind(commands.kindProperty().isEqualTo(ClusterCommands.Kind.SPARK));
        shards.setTooltip(new Tooltip("N: each shard evaluates documents I, I+N, I+2N, ... (suggested: about half an hour of this machine each)"));
        CheckBox noTiming = new CheckBox("--no-timing");
        noTiming.setMinWidth(Region.USE_PREF_SIZE);
        noTiming.selectedProperty().bindBidirectional(commands.noTimingProperty());
        noTiming.setTooltip(new Tooltip("0 in the millis column and no time in the provenance: the merged file is the unsharded run's, byte for byte"));
        TextField out = new TextField(commands.outProperty().get().toString());
        out.setPrefColumnCount(30);
        out.setOnAction(e -> commands.outProperty().set(Path.of(out.getText())));
        out.focusedProperty().addListener((o, a, focused) -> {
            if (!focused) {
                commands.outProperty().set(Path.of(out.getText()));
            }
        });
        out.setTooltip(new Tooltip("The merged results file (shards go to shards/ beside it); open it afterwards with File > Open session"));
        HBox options = new HBox(8, label("run as"), kind, label("shards"), shards, noTiming, label("merged file"), out);
        options.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(out, Priority.ALWAYS);

        TextArea text = new TextArea();
        text.setId("cluster-commands-text");
        text.setEditable(false);
        text.setWrapText(false);
        text.getStyleClass().add("monospace");
        text.setStyle("-fx-font-family: monospace;");
        text.textProperty().bind(commands.textProperty());
        VBox.setVgrow(text, Priority.ALWAYS);

        Label status = new Label();
        status.setWrapText(true);
        Button copy = new Button("Copy");
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(commands.textProperty().get());
            javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
            status.setText("copied to the clipboard");
        });
        Stage stage = new Stage();
        Button save = new Button("Save...");
        save.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setInitialFileName(commands.kindProperty().get() == ClusterCommands.Kind.SPARK ? "spark-submit.sh" : "shards.sh");
            java.io.File f = chooser.showSaveDialog(stage);
            if (f != null) {
                try {
                    commands.save(f.toPath());
                    status.setText("saved " + f);
                } catch (IOException ex) {
                    status.setText("cannot save " + f + ": " + ex.getMessage());
                }
            }
        });
        Button close = new Button("Close");
        close.setOnAction(e -> stage.close());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, status, gap, copy, save, close);
        buttons.setAlignment(Pos.CENTER_LEFT);

        Label warning = new Label();
        warning.setWrapText(true);
        warning.textProperty().bind(run.tooBigTextProperty());
        warning.getStyleClass().add("too-big");
        VBox root = new VBox(8, warning, options, text, buttons);
        root.setPadding(new Insets(10));
        stage.setTitle("Run beyond this machine");
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.setScene(new Scene(root, 1100, 620));
        stage.show();
        return stage;
    }

    private static Label label(String text) {
        Label l = new Label(text);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
