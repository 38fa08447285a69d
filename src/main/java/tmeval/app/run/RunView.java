package tmeval.app.run;

import tmeval.run.ComparisonPlan;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import tmeval.anneal.Schedule;

/** The run panel: methods, their parameters, the predicted cost, Run (queues when busy), Cancel, progress and ETA. */
public final class RunView {
    private final VBox root = new VBox(4);

    public RunView(RunViewModel run) {
        root.setPadding(new Insets(6, 8, 6, 8));
        root.getStyleClass().add("run-panel");
        FlowPane methods = new FlowPane(10, 4);
        methods.setAlignment(Pos.CENTER_LEFT);
        Label methodsLabel = new Label("Methods:");
        methodsLabel.getStyleClass().add("section-title");
        methods.getChildren().add(methodsLabel);
        run.methods().forEach((name, on) -> {
            CheckBox box = new CheckBox(name);
            box.setId("method-" + name);
            box.selectedProperty().bindBidirectional(on);
            methods.getChildren().add(box);
        });
        CheckBox align = new CheckBox("align topics (Hungarian)");
        align.selectedProperty().bindBidirectional(run.alignProperty());
        align.setTooltip(new Tooltip("Permute B's topics to A's by minimum total L1 distance before annealing"));
        methods.getChildren().add(align);
        ChoiceBox<ComparisonPlan.Reference> reference = new ChoiceBox<>(FXCollections.observableArrayList(ComparisonPlan.Reference.values()));
        reference.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(ComparisonPlan.Reference r) {
                return r == null ? "" : r.label();
            }

            @Override
            public ComparisonPlan.Reference fromString(String s) {
                return ComparisonPlan.Reference.parse(s);
            }
        });
        reference.valueProperty().bindBidirectional(run.referenceProperty());
        reference.setTooltip(new Tooltip("Reference for the table's correlation column: a long left-to-right run, or exact"));
        methods.getChildren().addAll(labelled("reference", reference),
                labelled("ref. particles", spinner(run.referenceParticlesProperty(), 1, 100_000, 10, "reference-particles")));

        FlowPane parameters = new FlowPane(8, 4);
        parameters.setAlignment(Pos.CENTER_LEFT);
        parameters.getChildren().addAll(
                labelled("temperatures", spinner(run.temperaturesProperty(), 1, 10_000_000, 100, "temperatures")),
                labelled("samples", spinner(run.samplesProperty(), 1, 10_000, 1, "samples")),
                labelled("burn-in", spinner(run.burnInProperty(), 0, 1_000_000, 10, "burn-in")),
                labelled("runs", spinner(run.runsProperty(), 1, 100, 1, "runs")),
                labelled("seed", spinner(run.seedProperty(), 0, Integer.MAX_VALUE, 1, "seed")),
                labelled("threads", spinner(run.threadsProperty(), 1, 256, 1, "threads")));
        ChoiceBox<Schedule> schedule = new ChoiceBox<>(FXCollections.observableArrayList(Schedule.values()));
        schedule.valueProperty().bindBidirectional(run.scheduleProperty());
        schedule.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Schedule s) {
                return s == null ? "" : s.label();
            }

            @Override
            public Schedule fromString(String s) {
                return Schedule.parse(s);
            }
        });
        parameters.getChildren().add(labelled("schedule", schedule));

        Button start = new Button("Run");
        start.setId("run-button");
        start.setDefaultButton(true);
        start.setTooltip(new Tooltip("Run the selected methods; while a job runs, queue them"));
        start.setOnAction(e -> run.start());
        start.textProperty().bind(Bindings.when(run.runningProperty()).then("Queue").otherwise("Run"));
        Button cancel = new Button("Cancel");
        cancel.setId("cancel-button");
        cancel.disableProperty().bind(run.runningProperty().not());
        cancel.setOnAction(e -> run.cancel());
        ProgressBar progress = new ProgressBar(0);
        progress.setId("run-progress");
        progress.setPrefWidth(200);
        progress.progressProperty().bind(run.progressProperty());
        Label cost = new Label();
        cost.setId("run-cost");
        cost.textProperty().bind(Bindings.concat("cost: ", run.costProperty()));
        Label message = new Label();
        message.setId("run-message");
        message.textProperty().bind(run.messageProperty());
        message.setMinWidth(100);
        HBox.setHgrow(message, Priority.ALWAYS);
        message.setMaxWidth(Double.MAX_VALUE);
        Label eta = new Label();
        eta.textProperty().bind(run.etaProperty());
        Label queued = new Label();
        queued.textProperty().bind(Bindings.createStringBinding(() -> run.queue().isEmpty() ? "" : run.queue().size() + " queued", run.queue()));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.SOMETIMES);
        HBox actions = new HBox(8, start, cancel, progress, eta, queued, message, spacer, cost);
        actions.setAlignment(Pos.CENTER_LEFT);
        root.getChildren().addAll(methods, parameters, actions);
    }

    private static HBox labelled(String label, javafx.scene.Node control) {
        HBox box = new HBox(4, new Label(label), control);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private static Spinner<Integer> spinner(IntegerProperty property, int min, int max, int step, String id) {
        Spinner<Integer> s = new Spinner<>(min, max, property.get(), step);
        s.setEditable(true);
        s.setId("setting-" + id);
        s.setPrefWidth(id.equals("temperatures") ? 100 : id.equals("seed") ? 80 : 70);
        s.valueProperty().addListener((o, a, b) -> property.set(b));
        property.addListener((o, a, b) -> {
            if (!b.equals(s.getValue())) {
                s.getValueFactory().setValue(b.intValue());
            }
        });
        return s;
    }

    public VBox root() {
        return root;
    }
}
