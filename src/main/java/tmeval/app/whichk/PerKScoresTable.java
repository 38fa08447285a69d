package tmeval.app.whichk;

import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import tmeval.app.common.Messages;
import tmeval.app.common.Tables;
import tmeval.app.common.UserMessages;
import tmeval.run.output.WhichKRowFormat;

import java.io.File;
import java.io.IOException;

/**
 * Which K?'s per-K tab: the models grouped by K (training seeds), each K's mean log-likelihood with its interval over the
 * seeds' spread and the Monte Carlo noise, its coherence and diversity with theirs, and which K is decided; the
 * coherence's reference corpus, and the table's export as TSV or CSV with its provenance.
 */
final class PerKScoresTable {
    private final VBox root;

    PerKScoresTable(WhichKViewModel model, UserMessages onError) {
        ObservableList<WhichKRows.PerKRow> rows = FXCollections.observableArrayList();
        model.perK().addListener((ListChangeListener<WhichKRowFormat.PerK>) c -> rows.setAll(model.perK().stream().map(WhichKRows::perKRow).toList()));
        TableView<WhichKRows.PerKRow> t = new TableView<>(rows);
        t.setId("whichk-per-k-table");
        Label placeholder = new Label();
        placeholder.textProperty().bind(model.perKEmptyProperty());
        t.setPlaceholder(placeholder);
        t.getColumns().add(ModelScoresTable.column("K", "number of topics", WhichKRows.PerKRow::k, 44));
        t.getColumns().add(ModelScoresTable.column("seeds", "models of this K (training seeds, or libraries)", WhichKRows.PerKRow::seeds, 52));
        t.getColumns().add(ModelScoresTable.text("mean log-lik", "the mean corpus log-likelihood of the K's models (nats; higher is better)", WhichKRows.PerKRow::mean, 96));
        t.getColumns().add(ModelScoresTable.text("decided", "best: its mean clears every other K's by more than the seeds' spread and the Monte Carlo noise;"
                + " below K = X: the best K's clears this one's", WhichKRows.PerKRow::decided, 150));
        t.getColumns().add(ModelScoresTable.text("95% CI", "over the spread between the K's models and their Monte Carlo noise (a random-effects model over"
                + " seeds, estimators.md); none with one model per K", WhichKRows.PerKRow::interval, 150));
        t.getColumns().add(ModelScoresTable.text("NPMI", "the mean NPMI coherence over the K's topics, gensim's c_npmi (higher: top words that occur together)",
                WhichKRows.PerKRow::coherence, 64));
        t.getColumns().add(ModelScoresTable.text("95% CI ", "bootstrap over the K's topics, as the coherence command's", WhichKRows.PerKRow::coherenceInterval, 126));
        t.getColumns().add(ModelScoresTable.text("diversity", "the share of distinct words among the topics' top 25, mean over the K's models", WhichKRows.PerKRow::diversity, 70));
        t.getColumns().add(ModelScoresTable.text("95% CI  ", "Student's interval over the K's models", WhichKRows.PerKRow::diversityInterval, 126));
        // the K's models' family: a K has a row per family where the models are of several (which family and which K)
        t.getColumns().add(ModelScoresTable.text("family", "the K's models' family: LDA, or their prior and decoder", WhichKRows.PerKRow::family, 150));
        t.getColumns().stream().filter(c -> !"decided".equals(c.getUserData()) && !"family".equals(c.getUserData()))
                .forEach(c -> c.getStyleClass().add("numeric"));
        Tables.showRows(t);
        Label verdict = new Label();
        verdict.setId("whichk-per-k-verdict");
        verdict.textProperty().bind(model.perKVerdictProperty());
        Messages.wrapping(verdict);
        Label reference = new Label();
        reference.textProperty().bind(Bindings.createStringBinding(() -> "coherence on: " + (model.referenceProperty().get() == null
                ? "the held-out corpus" : model.referenceProperty().get().getFileName()), model.referenceProperty()));
        reference.setMinWidth(Region.USE_PREF_SIZE);
        Button choose = new Button("Reference corpus...");
        choose.setId("whichk-reference");
        choose.setTooltip(new Tooltip("The corpus coherence is judged on (the training text, the held-out text or any other) for the next"
                + " scoring; the held-out corpus when none is chosen"));
        choose.disableProperty().bind(model.runningProperty());
        Button heldOut = new Button("Held-out");
        heldOut.setTooltip(new Tooltip("Judge coherence on the held-out corpus again"));
        heldOut.disableProperty().bind(model.referenceProperty().isNull().or(model.runningProperty()));
        heldOut.setOnAction(e -> model.referenceProperty().set(null));
        Button export = new Button("Export table...");
        export.setId("whichk-per-k-export");
        export.setTooltip(new Tooltip("The per-K table with its provenance: TSV, or CSV for a .csv file"));
        export.disableProperty().bind(Bindings.isEmpty(model.perK()));
        FlowPane bar = new FlowPane(8, 4, reference, choose, heldOut, export);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 6, 4, 6));
        for (var n : bar.getChildren()) {
            ((Region) n).setMinWidth(Region.USE_PREF_SIZE);
        }
        // the answer above the table, as the Scores tab's warnings: at 1280 x 800 under it, it gave way to one line
        root = new VBox(4, Messages.capped(verdict, 3, 2), t, bar);
        VBox.setVgrow(t, Priority.ALWAYS);
        choose.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Reference corpus for coherence");
            File f = chooser.showOpenDialog(root.getScene().getWindow());
            if (f != null) {
                model.referenceProperty().set(f.toPath());
            }
        });
        export.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Export the per-K table");
            chooser.setInitialFileName("which-k-per-k.tsv");
            chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("TSV", "*.tsv"), new FileChooser.ExtensionFilter("CSV", "*.csv"));
            File f = chooser.showSaveDialog(root.getScene().getWindow());
            if (f != null) {
                try {
                    model.exportPerK(f.toPath());
                } catch (IOException ex) {
                    onError.error("Cannot export the table", f + ": " + ex.getMessage());
                }
            }
        });
    }

    Region root() {
        return root;
    }
}
