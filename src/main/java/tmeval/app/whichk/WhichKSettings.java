package tmeval.app.whichk;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.local.Throughput;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * Which K?'s form, with no scene graph: the method (auto by default), the chosen method's budget, runs and seed, the
 * plan they describe ({@link WhichKPlan}, null while a setting is out of range) and its cost preview ({@link WhichKCost})
 * on the held-out corpus and the number of models listed.
 */
public final class WhichKSettings {
    private final StringProperty method = new SimpleStringProperty(WhichKPlan.defaults().method());
    private final IntegerProperty budget = new SimpleIntegerProperty(WhichKPlan.defaultBudget(WhichKPlan.defaults().method()));
    private final IntegerProperty runs = new SimpleIntegerProperty(WhichKPlan.defaults().runs());
    private final LongProperty seed = new SimpleLongProperty(WhichKPlan.defaults().seed());
    private final ReadOnlyStringWrapper cost = new ReadOnlyStringWrapper("");
    private final ObjectProperty<Throughput> rates = new SimpleObjectProperty<>(Throughput.none());
    private final ReadOnlyObjectWrapper<WhichKPlan> plan = new ReadOnlyObjectWrapper<>();
    private final ObservableValue<Corpus> corpus;
    private final IntSupplier models;

    /**
     * @param corpus the held-out corpus the preview prices
     * @param models how many models are listed (the preview follows it when {@link #update} is called)
     */
    WhichKSettings(ObservableValue<Corpus> corpus, IntSupplier models) {
        this.corpus = corpus;
        this.models = models;
        method.addListener((o, a, b) -> {
            // a method's budget is in its own units (temperatures, samples, ...): the field starts at the new one's default
            budget.set(WhichKPlan.defaultBudget(b));
            update();
        });
        budget.addListener((o, a, b) -> update());
        runs.addListener((o, a, b) -> update());
        seed.addListener((o, a, b) -> update());
        corpus.addListener((o, a, b) -> update());
        rates.addListener((o, a, b) -> update());
        update();
    }

    /**
     * The plan the form describes: {@code tmeval select} with the same method, budget, runs and seed (the method's other
     * settings at their defaults, all cores).
     *
     * @throws IllegalArgumentException naming the setting that is out of range
     */
    WhichKPlan plan() {
        return new WhichKPlan(method.get(), budget.get(), runs.get(), seed.get(), WhichKPlan.defaults().threads());
    }

    /** Puts a plan in the form: its method, then its budget (a method's choice resets the budget), runs and seed. */
    void put(WhichKPlan p) {
        method.set(p.method());
        budget.set(p.budget());
        runs.set(p.runs());
        seed.set(p.seed());
    }

    /** The form's plan and its cost again (after a setting, the corpus, the rates or the list of models changed). */
    void update() {
        try {
            WhichKPlan p = plan();
            plan.set(p);
            cost.set(WhichKCost.describe(p, corpus.getValue(), models.getAsInt(), rates.get(),
                    Runtime.getRuntime().availableProcessors()));
        } catch (IllegalArgumentException e) {
            plan.set(null);
            cost.set("cost: " + e.getMessage());
        }
    }

    /** The form's plan, or null while a setting is out of range. */
    ReadOnlyObjectProperty<WhichKPlan> planProperty() {
        return plan.getReadOnlyProperty();
    }

    /** The rates {@code tmeval bench} saved, which price the preview in seconds. */
    void useRates(Throughput measured) {
        rates.set(measured);
    }

    /** The methods the screen offers (every one {@code select} takes): auto first, the default. */
    public List<String> methodNames() {
        List<String> names = new ArrayList<>(List.of(AutoEstimation.NAME));
        names.addAll(Methods.names());
        return names;
    }

    public StringProperty methodProperty() {
        return method;
    }

    /** Whether the form's method is auto, which sets its own runs and budget. */
    public BooleanBinding autoProperty() {
        return method.isEqualTo(AutoEstimation.NAME);
    }

    /** The chosen method's budget, in its own units ({@link #budgetName}); 0 where it has none. */
    public IntegerProperty budgetProperty() {
        return budget;
    }

    /** The budget field's label: what the chosen method's budget counts ("temperatures", "samples", ...), or "budget". */
    public StringBinding budgetName() {
        return Bindings.createStringBinding(() -> {
            String m = method.get();
            return WhichKPlan.defaultBudget(m) == 0 ? "budget" : Methods.budgetOption(m).setting();
        }, method);
    }

    /** Whether the budget field applies: a method with a budget, not auto (which chooses its own). */
    public BooleanBinding budgetApplies() {
        return Bindings.createBooleanBinding(() -> WhichKPlan.defaultBudget(method.get()) > 0, method);
    }

    public IntegerProperty runsProperty() {
        return runs;
    }

    public LongProperty seedProperty() {
        return seed;
    }

    /** The form's job in site updates and, where a rate was measured, seconds; a range for auto. */
    public ReadOnlyStringProperty costProperty() {
        return cost.getReadOnlyProperty();
    }
}
