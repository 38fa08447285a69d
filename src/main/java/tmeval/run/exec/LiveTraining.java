package tmeval.run.exec;

import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.NativeModelFormat;
import tmeval.io.SeriesFollower;
import tmeval.model.Corpus;
import tmeval.progress.CancelToken;
import tmeval.progress.CancelledException;
import tmeval.progress.Progress;
import tmeval.train.GibbsTrainer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * A training run watched as it goes (the workbench's Run > Train): the trainer writes its snapshots into a series
 * directory on a thread of its own, each whole when it appears, while the caller's thread follows the directory as
 * {@code curve --follow} does. {@code stop} ends training after its current snapshot and keeps every snapshot written;
 * a cancel ends both, keeping the snapshots written too (each is whole).
 */
public final class LiveTraining {
    private LiveTraining() {
    }

    /**
     * @param provenance the lines naming the run, written into every snapshot (a series is one run)
     * @return how the watch ended: {@link SeriesWatch.End#WRITER_DONE} once training ended and its last snapshot was taken
     */
    public static SeriesWatch.End trainAndWatch(GibbsTrainer trainer, Corpus training, String name, Path dir, String provenance,
                                                BooleanSupplier stop, SeriesWatch.Handler handler, SeriesWatch.Waiting waiting,
                                                CancelToken cancel) throws InputException {
        if (!ModelLoader.snapshotFiles(dir).byIteration().isEmpty()) {
            throw InputException.ofFile(dir, "holds snapshots already: a series is one run, so train into an empty or new folder");
        }
        try {
            java.nio.file.Files.createDirectories(dir); // naming the folder asks for it, as train's --series-dir
        } catch (IOException e) {
            throw InputException.ofFile(dir, "cannot create the folder: " + e.getMessage());
        }
        CancelToken trainerCancel = new CancelToken();
        Throwable[] failure = {null};
        Thread thread = new Thread(() -> {
            try {
                trainer.stoppingAfterSnapshotWhen(stop).train(training, name, (iteration, model) -> {
                    try {
                        NativeModelFormat.write(model, provenance, dir.resolve(ModelLoader.snapshotName(iteration)));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }, Progress.NONE, trainerCancel);
            } catch (CancelledException e) {
                // ended by the watch: nothing to report
            } catch (RuntimeException | Error e) {
                failure[0] = e;
            }
        }, "tmeval-train");
        thread.setDaemon(true);
        thread.start();
        try {
            SeriesWatch.End end = SeriesWatch.watch(new SeriesFollower(dir, false), SeriesWatch.POLL, Duration.ofDays(365),
                    () -> !thread.isAlive(), handler, waiting, cancel);
            if (end != SeriesWatch.End.WRITER_DONE) {
                trainerCancel.cancel(); // the handler ended the watch: training ends with it
            }
            join(thread);
            if (failure[0] != null) {
                throw new IllegalStateException("training failed: " + failure[0].getMessage(), failure[0]);
            }
            return end;
        } finally {
            trainerCancel.cancel();
            join(thread);
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
