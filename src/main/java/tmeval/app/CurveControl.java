package tmeval.app;

import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.concurrent.Task;
import tmeval.estimate.MethodSettings;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.progress.CancelToken;
import tmeval.run.CurveRunner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * View-model of the iteration curves (Foulds and Smyth Figure 2): runs iteration-AIS and the baselines over the
 * loaded model series in a background task and hands each snapshot's corpus points to the view as soon as the
 * snapshot is done.
 */
public final class CurveControl {
    private final Inputs inputs;
    private final Background background;
    private final Map<String, BooleanProperty> methods = new LinkedHashMap<>();
    private final IntegerProperty temperatures = new SimpleIntegerProperty(100);
    private final IntegerProperty runs = new SimpleIntegerProperty(2);
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty message = new SimpleStringProperty("load a model series (a folder of snapshots) and press Run");
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final List<Consumer<List<CurveRunner.Point>>> pointListeners = new ArrayList<>();
    private final List<Runnable> resetListeners = new ArrayList<>();
    private CancelToken cancelToken;
    private Task<Void> current;

    public CurveControl(Inputs inputs, Background background) {
        this.inputs = inputs;
        this.background = background;
        for (String m : CurveRunner.METHODS) {
            methods.put(m, new SimpleBooleanProperty(true));
        }
    }

    public void onPoints(Consumer<List<CurveRunner.Point>> listener) {
        pointListeners.add(listener);
    }

    public void onReset(Runnable listener) {
        resetListeners.add(listener);
    }

    public void start() {
        ModelSeries series = inputs.seriesProperty().get();
        Corpus corpus = inputs.corpusProperty().get();
        if (series == null || corpus == null) {
            message.set("load a model series and a held-out corpus first");
            return;
        }
        if (!series.vocabulary().equals(corpus.vocabulary())) {
            message.set("the series' vocabulary differs from model A's, which the corpus is mapped onto");
            return;
        }
        List<String> selected = new ArrayList<>();
        methods.forEach((m, on) -> {
            if (on.get()) {
                selected.add(m);
            }
        });
        if (selected.isEmpty() || running.get()) {
            return;
        }
        MethodSettings settings = MethodSettings.defaults().withSamples(1).withTemperatures(temperatures.get());
        CurveRunner.Job job = new CurveRunner.Job(corpus, series, selected, settings, temperatures.get(), runs.get(), 1,
                Runtime.getRuntime().availableProcessors());
        resetListeners.forEach(Runnable::run);
        CancelToken token = new CancelToken();
        long start = System.nanoTime();
        Task<Void> task = new Task<>() {
            @Override
            protected Void call() {
                CurveRunner.run(job, new CurveRunner.Listener() {
                    @Override
                    public void row(CurveRunner.Row row) {
                        // the curve view draws corpus points; per-document rows go to exports
                    }

                    @Override
                    public void snapshotDone(int iteration, List<CurveRunner.Point> points) {
                        Platform.runLater(() -> pointListeners.forEach(l -> l.accept(points)));
                        updateMessage("snapshot at iteration " + iteration + " done");
                    }
                }, (done, total, what) -> updateProgress(done, total), token);
                return null;
            }
        };
        progress.bind(task.progressProperty());
        message.bind(task.messageProperty());
        Runnable finish = () -> {
            progress.unbind();
            message.unbind();
            running.set(false);
            current = null;
        };
        task.setOnSucceeded(e -> {
            finish.run();
            message.set(String.format(Locale.ROOT, "finished %d snapshots in %.1f s", series.size(), (System.nanoTime() - start) / 1e9));
        });
        task.setOnCancelled(e -> {
            finish.run();
            message.set("cancelled");
        });
        task.setOnFailed(e -> {
            finish.run();
            message.set(task.getException() instanceof tmeval.progress.CancelledException ? "cancelled" : "failed: " + Failures.describe(task.getException()));
        });
        cancelToken = token;
        current = task;
        running.set(true);
        background.start(task);
    }

    public void cancel() {
        if (cancelToken != null) {
            cancelToken.cancel();
        }
        if (current != null) {
            current.cancel(true);
        }
    }

    public Map<String, BooleanProperty> methods() {
        return methods;
    }

    public IntegerProperty temperaturesProperty() {
        return temperatures;
    }

    public IntegerProperty runsProperty() {
        return runs;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty messageProperty() {
        return message;
    }

    public BooleanProperty runningProperty() {
        return running;
    }
}
