package tmeval.app.run;

import tmeval.app.common.Form;
import tmeval.app.common.NumberField;
import tmeval.estimate.MethodOption;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import javafx.beans.binding.Bindings;
import javafx.beans.property.Property;
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

import java.util.List;
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
        CheckBox auto = new CheckBox("auto");
        auto.setId("method-auto");
        auto.setMinWidth(Region.USE_PREF_SIZE);
        auto.selectedProperty().bindBidirectional(run.autoProperty());
        auto.setTooltip(wrapped("compare's default: a pilot on a few documents measures " + String.join(", ", tmeval.run.auto.AutoComparison.CANDIDATES)
                + ", chooses the one that certifies at the least cost, and doubles each document's budget until it is certified."
                + " Ticking a method names the methods instead; Run > Preset: Foulds & Smyth Table 1 gives the paper's four."));
        methods.getChildren().add(auto);
        // auto chooses the method and its budget: the named methods and the settings it chooses step back while it is on
        javafx.beans.binding.DoubleBinding faded = Bindings.when(run.autoProperty()).then(0.5).otherwise(1.0);
        run.methods().forEach((name, on) -> {
            CheckBox box = new CheckBox(name);
            box.opacityProperty().bind(faded);
            box.setId("method-" + name);
            box.setMinWidth(Region.USE_PREF_SIZE);
            Tooltip help = new Tooltip();
            help.textProperty().bind(Bindings.createStringBinding(() -> run.methodHelp(name), run.temperaturesProperty(),
                    run.samplesProperty(), run.burnInProperty()));
            help.setWrapText(true);
            help.setMaxWidth(460);
            help.setShowDuration(javafx.util.Duration.seconds(30));
            box.setTooltip(help);
            box.selectedProperty().bindBidirectional(on);
            methods.getChildren().add(box);
        });
        CheckBox align = new CheckBox("align topics (Hungarian)");
        // not bound both ways: the workspace may refuse the change (it would clear results the user keeps), and the box shows what it holds
        align.setSelected(run.alignProperty().get());
        align.selectedProperty().addListener((o, was, now) -> {
            run.alignProperty().set(now);
            align.setSelected(run.alignProperty().get());
        });
        run.alignProperty().addListener((o, was, now) -> align.setSelected(now));
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
        Form form = run.form();
        methods.getChildren().addAll(labelled("reference", reference),
                labelled("ref. particles", spinner(form, run.referenceParticlesProperty(), Setting.REFERENCE_PARTICLES, 10,
                        SettingName.REFERENCE_PARTICLES.key(),
                        "Particles of the left-to-right reference run per document (more: a closer reference, a longer job)")));

        FlowPane parameters = new FlowPane(8, 4);
        parameters.setAlignment(Pos.CENTER_LEFT);
        parameters.getChildren().addAll(
                labelled(MethodOption.TEMPERATURES.setting(), spinner(form, run.temperaturesProperty(), Setting.TEMPERATURES, 100,
                        MethodOption.TEMPERATURES.setting(),
                        "n: intermediate distributions of each annealing run (Foulds and Smyth's n). More temperatures: less"
                                + " bias and variance, cost grows linearly")),
                labelled(MethodOption.SAMPLES.setting(), spinner(form, run.samplesProperty(), Setting.SAMPLES, 1, MethodOption.SAMPLES.setting(),
                        "S: independent annealing runs averaged per estimate; cost grows linearly")),
                labelled(MethodOption.BURN_IN.setting(), spinner(form, run.burnInProperty(), Setting.BURN_IN, 10, MethodOption.BURN_IN.setting(),
                        "B: Gibbs sweeps under the starting model before annealing begins")),
                labelled(SettingName.RUNS.key(), spinner(form, run.runsProperty(), Setting.RUNS, 1, SettingName.RUNS.key(),
                        "Repetitions with different random streams; 2 or more give the table's variance column")),
                labelled(SettingName.SEED.key(), spinner(form, run.seedProperty(), Setting.SEED, 1, SettingName.SEED.key(),
                        "Master seed: the same seed and settings give the same numbers, whatever the thread count")),
                labelled(SettingName.THREADS.key(), spinner(form, run.threadsProperty(), Setting.THREADS, 1, SettingName.THREADS.key(),
                        "Documents evaluated in parallel; more than the machine's cores gains nothing")));
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
        schedule.setTooltip(new Tooltip("How the temperatures are spaced between 0 and 1 (the papers use a sigmoid or geometric schedule)"));
        parameters.getChildren().add(labelled(MethodOption.SCHEDULE.setting(), schedule));
        CheckBox adaptive = new CheckBox(SettingName.ADAPTIVE.key());
        adaptive.setId("setting-adaptive");
        adaptive.setMinWidth(Region.USE_PREF_SIZE);
        adaptive.selectedProperty().bindBidirectional(run.adaptiveProperty());
        adaptive.setTooltip(wrapped("compare --adaptive: run each ratio path both ways; documents whose directions disagree by more than"
                + " 'agree within' nats run again with twice the temperatures, until they agree or reach 'max temp.'. Their points"
                + " move as they converge."));
        Spinner<Number> agree = NumberField.decimal(form, Setting.AGREE_WITHIN, run.agreeWithinProperty(), 0.1);
        agree.setId("setting-agree-within");
        agree.setPrefWidth(70);
        agree.setMinWidth(Region.USE_PREF_SIZE);
        agree.setTooltip(wrapped("--agree-within: the forward/reverse agreement sought, in nats"));
        Spinner<Number> maxTemperatures = spinner(form, run.maxTemperaturesProperty(), Setting.MAX_TEMPERATURES, 1000,
                SettingName.MAX_TEMPERATURES.key(),
                "--max-temperatures: the most temperatures a document gets (doubling from n)");
        HBox adaptiveBox = new HBox(6, adaptive, labelled("agree within", agree), labelled("max temp.", maxTemperatures));
        adaptiveBox.setAlignment(Pos.CENTER_LEFT);
        agree.disableProperty().bind(run.adaptiveProperty().not());
        maxTemperatures.disableProperty().bind(run.adaptiveProperty().not());
        parameters.getChildren().add(adaptiveBox);
        for (javafx.scene.Node chosenByAuto : List.of(parameters.getChildren().get(0), parameters.getChildren().get(1), parameters.getChildren().get(2),
                parameters.getChildren().get(3), schedule, adaptiveBox, reference)) {
            chosenByAuto.disableProperty().bind(run.autoProperty());
        }

        Button start = new Button("Run");
        start.setId("run-button");
        // not the default button: Enter in a field only commits the field; Ctrl+R (Run menu) runs
        start.setMinWidth(Region.USE_PREF_SIZE);
        start.setPrefWidth(70);
        start.setTooltip(new Tooltip("Run the selected methods (Ctrl+R); while a job runs, queue them"));
        start.setOnAction(e -> run.start());
        start.textProperty().bind(Bindings.when(run.runningProperty()).then("Queue").otherwise("Run"));
        Button cancel = new Button("Cancel");
        cancel.setId("cancel-button");
        cancel.disableProperty().bind(run.runningProperty().not());
        cancel.setOnAction(e -> run.cancel());
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setTooltip(new Tooltip("Stop the running job and drop the queue (Ctrl+.)"));
        ProgressBar progress = new ProgressBar(0);
        progress.setId("run-progress");
        progress.setPrefWidth(200);
        progress.setMinWidth(120);
        progress.progressProperty().bind(run.progressProperty());
        Label cost = new Label();
        cost.setId("run-cost");
        cost.setWrapText(true);
        cost.textProperty().bind(Bindings.concat("cost: ", run.costProperty()));
        Label message = new Label();
        message.setId("run-message");
        message.setWrapText(true);
        message.textProperty().bind(run.messageProperty());
        Label eta = new Label();
        eta.setId("run-eta");
        eta.setMinWidth(Region.USE_PREF_SIZE);
        eta.textProperty().bind(run.etaProperty());
        // the queue has a fixed slot on the buttons' line, one line high (the whole of it in its tooltip): a job
        // queued or started never moves the views below
        Label queued = new Label();
        queued.setId("run-queue");
        queued.setWrapText(false);
        queued.setTextOverrun(javafx.scene.control.OverrunStyle.ELLIPSIS);
        queued.setMaxWidth(260);
        queued.textProperty().bind(run.queueTextProperty());
        Tooltip queuedAll = new Tooltip();
        queuedAll.textProperty().bind(run.queueTextProperty());
        queued.setTooltip(queuedAll);
        // the buttons, the bar and the ETA keep their size; the progress text and the cost wrap on their own lines
        HBox actions = new HBox(8, start, cancel, progress, eta, queued);
        actions.setAlignment(Pos.CENTER_LEFT);
        VBox texts = new VBox(2, message, cost);
        HBox.setHgrow(texts, Priority.ALWAYS);
        HBox line = new HBox(12, actions, texts);
        line.setAlignment(Pos.CENTER_LEFT);
        // a job predicted over an hour: say so, with the time, and offer the commands that run it elsewhere
        Label tooBig = new Label();
        tooBig.setId("run-too-big");
        tooBig.setWrapText(true);
        tooBig.getStyleClass().add("too-big");
        tooBig.setStyle("-fx-text-fill: #a33a00; -fx-font-weight: bold;");
        tooBig.textProperty().bind(run.tooBigTextProperty());
        Button commands = new Button("Shard or Spark commands...");
        commands.setId("cluster-commands");
        commands.setMinWidth(Region.USE_PREF_SIZE);
        commands.setTooltip(new Tooltip("The exact command of this plan as N shards (GNU parallel, Slurm job array) and their merge, or as spark-submit"));
        commands.setOnAction(e -> ClusterCommandsView.show(run, root.getScene() == null ? null : root.getScene().getWindow()));
        HBox tooBigLine = new HBox(10, tooBig, commands);
        tooBigLine.setAlignment(Pos.CENTER_LEFT);
        tooBigLine.visibleProperty().bind(run.tooBigTextProperty().isNotEmpty());
        tooBigLine.managedProperty().bind(tooBigLine.visibleProperty());
        // the settings of an opened plan that the form has no control for: named, run, and reset with one press
        Label others = new Label();
        others.setId("run-other-settings");
        others.setWrapText(true);
        others.textProperty().bind(run.otherSettingsProperty());
        others.setTooltip(wrapped("Settings of the plan last opened (a results file or a session) that the form has no control for: Run"
                + " runs them as they are; Reset puts them back to the command line's defaults."));
        Button resetOthers = new Button("Reset");
        resetOthers.setId("reset-other-settings");
        resetOthers.setMinWidth(Region.USE_PREF_SIZE);
        resetOthers.setOnAction(e -> run.resetOtherSettings());
        HBox othersLine = new HBox(8, others, resetOthers);
        othersLine.setAlignment(Pos.CENTER_LEFT);
        othersLine.visibleProperty().bind(run.otherSettingsProperty().isNotEmpty());
        othersLine.managedProperty().bind(othersLine.visibleProperty());
        root.getChildren().addAll(methods, parameters, othersLine, line, tooBigLine);
    }

    private static Tooltip wrapped(String text) {
        Tooltip tip = new Tooltip(text);
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        return tip;
    }

    private static HBox labelled(String label, javafx.scene.Node control) {
        Label l = new Label(label);
        l.setMinWidth(Region.USE_PREF_SIZE);
        l.setLabelFor(control);
        HBox box = new HBox(4, l, control);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /** A number field of the form over the setting's one rule ({@link Setting}): typed text is checked as the command line checks it. */
    private static Spinner<Number> spinner(Form form, Property<Number> property, Setting.Whole rule, long step, String id, String help) {
        Spinner<Number> s = NumberField.whole(form, rule, property, step);
        Tooltip tip = new Tooltip(help);
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        s.setTooltip(tip);
        s.setId("setting-" + id);
        boolean wide = id.equals(MethodOption.TEMPERATURES.setting()) || id.equals(SettingName.MAX_TEMPERATURES.key());
        s.setPrefWidth(wide ? 100 : id.equals(SettingName.SEED.key()) ? 80 : 70);
        s.setMinWidth(Region.USE_PREF_SIZE);
        return s;
    }

    public VBox root() {
        return root;
    }
}
