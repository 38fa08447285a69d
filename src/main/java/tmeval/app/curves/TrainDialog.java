package tmeval.app.curves;

import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Run > Train: the training corpus, the new folder for its snapshots, and {@code train}'s K, iterations, snapshot
 * interval and seed; the held-out corpus is the one loaded, scored as each snapshot lands.
 */
public final class TrainDialog {
    private TrainDialog() {
    }

    /** The run asked for, or empty when cancelled. */
    public static Optional<TrainRequest> ask(Window owner) {
        Dialog<TrainRequest> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Train and watch its curve");
        dialog.setHeaderText("Collapsed Gibbs LDA (train's defaults: asymmetric alpha, optimised), a snapshot every N sweeps;\n"
                + "each snapshot's held-out curve point, step and verdict are drawn as it lands.");
        dialog.getDialogPane().setId("train-dialog");
        TextField corpus = new TextField();
        corpus.setId("train-corpus");
        corpus.setPromptText("training corpus file");
        TextField folder = new TextField();
        folder.setId("train-series");
        folder.setPromptText("a new or empty folder for the snapshots");
        Spinner<Integer> topics = spinner(1, 100_000, 20, "train-topics");
        Spinner<Integer> iterations = spinner(1, 10_000_000, 1000, "train-iterations");
        Spinner<Integer> every = spinner(1, 10_000_000, 10, "train-snapshot-every");
        Spinner<Integer> seed = spinner(0, Integer.MAX_VALUE, 1, "train-seed");
        Button chooseCorpus = new Button("Choose...");
        chooseCorpus.setOnAction(e -> {
            FileChooser c = new FileChooser();
            c.setTitle("Training corpus");
            File f = c.showOpenDialog(dialog.getDialogPane().getScene().getWindow());
            if (f != null) {
                corpus.setText(f.getPath());
            }
        });
        Button chooseFolder = new Button("Choose...");
        chooseFolder.setOnAction(e -> {
            DirectoryChooser c = new DirectoryChooser();
            c.setTitle("Folder for the snapshots");
            File f = c.showDialog(dialog.getDialogPane().getScene().getWindow());
            if (f != null) {
                folder.setText(f.getPath());
            }
        });
        Label problem = new Label();
        problem.setId("train-problem");
        problem.setWrapText(true);
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        grid.setPadding(new Insets(10));
        grid.addRow(0, new Label("training corpus"), corpus, chooseCorpus);
        grid.addRow(1, new Label("snapshots folder"), folder, chooseFolder);
        grid.addRow(2, new Label("topics K"), topics);
        grid.addRow(3, new Label(tmeval.run.plan.SettingName.ITERATIONS.key()), iterations);
        grid.addRow(4, new Label("snapshot every (sweeps)"), every);
        grid.addRow(5, new Label(tmeval.run.plan.SettingName.SEED.key()), seed);
        grid.add(problem, 0, 6, 3, 1);
        corpus.setPrefColumnCount(32);
        dialog.getDialogPane().setContent(grid);
        ButtonType start = new ButtonType("Start", javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(start, ButtonType.CANCEL);
        TrainRequest[] request = {null};
        // Start is off, and the line under the fields says why, until the corpus and the folder are chosen
        javafx.beans.binding.StringBinding missing = javafx.beans.binding.Bindings.createStringBinding(
                () -> TrainRequest.missing(corpus.getText(), folder.getText()), corpus.textProperty(), folder.textProperty());
        dialog.getDialogPane().lookupButton(start).disableProperty().bind(missing.isNotNull());
        missing.addListener((o, a, b) -> problem.setText(b == null ? "" : b));
        problem.setText(missing.get());
        dialog.getDialogPane().lookupButton(start).addEventFilter(ActionEvent.ACTION, e -> {
            try {
                request[0] = new TrainRequest(Path.of(corpus.getText().strip()), Path.of(folder.getText().strip()), topics.getValue(),
                        iterations.getValue(), every.getValue(), seed.getValue());
            } catch (IllegalArgumentException ex) {
                problem.setText(ex.getMessage());
                e.consume(); // the dialog stays open with the problem said
            }
        });
        dialog.setResultConverter(b -> b == start ? request[0] : null);
        return dialog.showAndWait();
    }

    private static Spinner<Integer> spinner(int min, int max, int value, String id) {
        Spinner<Integer> s = new Spinner<>(min, max, value);
        s.setEditable(true);
        s.setId(id);
        s.setPrefWidth(130);
        return s;
    }
}
