package tmeval.app.teaching;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.TaskExecutor;
import tmeval.app.teaching.ToyPosterior.Density;
import tmeval.app.teaching.ToyPosterior.ToyRun;
import tmeval.model.Document;
import tmeval.model.TopicModel;

/**
 * View-model of the teaching screen's distributions tab: AIS on the same document and settings as the rest of the
 * screen, under a toy model of the 2 or 3 topics the document uses most, with the distribution of theta at the step
 * the student is on ({@link ToyPosterior}), where each sample is, and a caption that follows the step.
 */
public final class ToyViewModel {
    /** What the last walk ran on, so that choosing K = 2 or 3 runs it again. */
    private record Inputs(Document document, TopicModel model, int temperatures, int samples, long seed) {
    }

    private final IntegerProperty topics = new SimpleIntegerProperty(2);
    private final ReadOnlyIntegerProperty step;
    private final ReadOnlyObjectWrapper<ToyRun> run = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Density> density = new ReadOnlyObjectWrapper<>();
    /** The same step under the toy model's logistic-normal twin ({@link ToyPosterior#logisticNormalTwin}), drawn beside. */
    private final ReadOnlyObjectWrapper<Density> twinDensity = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper("Choose a document: its toy model's distributions appear here.");
    private final BackgroundJob<ToyRun> job;
    private Inputs last;

    ToyViewModel(TaskExecutor executor, ReadOnlyIntegerProperty step) {
        this.step = step;
        this.job = new BackgroundJob<>(executor);
        topics.addListener((o, a, b) -> start());
        run.addListener((o, a, b) -> show());
        step.addListener((o, a, b) -> show());
    }

    /** Runs AIS under the toy model of this document and model, with the screen's temperatures, samples and seed. */
    void rerun(Document d, TopicModel m, int temperatures, int samples, long seed) {
        last = new Inputs(d, m, temperatures, samples, seed);
        start();
    }

    private void start() {
        Inputs in = last;
        if (in == null) {
            return;
        }
        int k = topics.get();
        job.of((sink, cancel) -> ToyPosterior.run(in.document(), in.model(), k, in.temperatures(), in.samples(), in.seed(), cancel))
                .onSuccess(run::set)
                .onFailure(f -> caption.set("The toy model could not be run: " + f.message()))
                .start();
    }

    void cancel() {
        job.cancel();
    }

    /** The distribution at the step (computed here: a grid of a few thousand cells, quick enough for every step). */
    private void show() {
        ToyRun r = run.get();
        if (r == null) {
            return;
        }
        int j = Math.min(step.get(), r.run().temperatures());
        Density f = ToyPosterior.density(r.model(), r.run().document(), r.run().beta(j));
        twinDensity.set(ToyPosterior.logisticNormalDensity(ToyPosterior.logisticNormalTwin(r.model()), r.run().document(), r.run().beta(j)));
        density.set(f);
        caption.set(ToyPosterior.describe(r, j, f));
    }

    /** Each sample's E[theta | z] at the step shown. */
    public double[][] positions() {
        ToyRun r = run.get();
        return r == null ? new double[0][] : r.positionsAt(step.get());
    }

    /** K of the toy model: 2 (theta on [0, 1]) or 3 (theta on the triangle). */
    public IntegerProperty topicsProperty() {
        return topics;
    }

    public ReadOnlyObjectProperty<ToyRun> runProperty() {
        return run.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Density> densityProperty() {
        return density.getReadOnlyProperty();
    }

    /** The step's distribution under the logistic-normal twin: the same likelihood, the other family's prior. */
    public ReadOnlyObjectProperty<Density> twinDensityProperty() {
        return twinDensity.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
    }
}
