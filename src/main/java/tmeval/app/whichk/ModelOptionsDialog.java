package tmeval.app.whichk;

import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Which K?'s "Add with options...": one model file and the options {@code estimate} takes for it (alpha file, beta or
 * the MALLET file to read it from, vocabulary, matrix header, renormalise), laid out as fields; the view-model checks and
 * reads them ({@link WhichKModelFile#read}).
 */
final class ModelOptionsDialog {
    private ModelOptionsDialog() {
    }

    /** Shows the dialog; empty when cancelled or no model file was chosen. */
    static Optional<WhichKModelFile> show(Window owner) {
        Dialog<WhichKModelFile> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Add a model with its options");
        dialog.setHeaderText("A MALLET weights or counts file, or a topic-word matrix, with what estimate's options give it");
        TextField model = new TextField();
        TextField alpha = new TextField();
        TextField vocabulary = new TextField();
        TextField beta = new TextField();
        TextField betaFrom = new TextField();
        ChoiceBox<String> header = new ChoiceBox<>();
        header.getItems().addAll("auto", "yes", "no");
        header.setValue("auto");
        CheckBox renormalize = new CheckBox("rescale topics that do not sum to 1");
        model.setId("whichk-option-model");
        alpha.setId("whichk-option-alpha");
        beta.setId("whichk-option-beta");
        betaFrom.setId("whichk-option-beta-from");
        beta.setPromptText("e.g. 0.01");
        GridPane grid = new GridPane();
        grid.setHgap(6);
        grid.setVgap(6);
        int row = 0;
        grid.addRow(row++, new Label("Model file"), browse(model, owner, "Model file"));
        grid.addRow(row++, new Label("Alpha file (--alpha-file)"), browse(alpha, owner, "Alpha: K values or MALLET's topic keys"));
        grid.addRow(row++, new Label("Beta (--beta)"), beta);
        grid.addRow(row++, new Label("or beta from (--beta-from)"), browse(betaFrom, owner, "MALLET's state or train-topics log"));
        grid.addRow(row++, new Label("Vocabulary (--vocab-file)"), browse(vocabulary, owner, "Vocabulary, one word per line"));
        grid.addRow(row++, new Label("Matrix header (--matrix-header)"), header);
        grid.addRow(row, new Label(""), renormalize);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(ButtonType.OK).disableProperty().bind(model.textProperty().isEmpty());
        dialog.setResultConverter(b -> b != ButtonType.OK ? null : new WhichKModelFile(Path.of(model.getText().strip()), path(alpha),
                path(vocabulary), header.getValue(), beta.getText(), path(betaFrom), renormalize.isSelected()));
        return dialog.showAndWait();
    }

    private static Path path(TextField field) {
        return field.getText().isBlank() ? null : Path.of(field.getText().strip());
    }

    /** A path field with a Browse button beside it. */
    private static Node browse(TextField field, Window owner, String title) {
        field.setPrefColumnCount(28);
        Button choose = new Button("Browse...");
        choose.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(title);
            File f = chooser.showOpenDialog(owner);
            if (f != null) {
                field.setText(f.getPath());
            }
        });
        return new HBox(4, field, choose);
    }
}
