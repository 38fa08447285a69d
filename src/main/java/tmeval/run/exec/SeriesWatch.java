package tmeval.run.exec;

import tmeval.io.InputException;
import tmeval.io.SeriesFollower;
import tmeval.model.ModelSeries;
import tmeval.progress.CancelToken;

import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Polls a series directory while a training run writes it and hands each complete snapshot on, until one of the
 * stated ends: the handler says so (the convergence verdict), the writer is known to be done and nothing is left,
 * no snapshot arrived for the idle limit, or the token is cancelled (Ctrl+C, SIGTERM, the workbench's Cancel).
 */
public final class SeriesWatch {
    /** Why a watch ended (a cancel ends it with {@link tmeval.progress.CancelledException}). */
    public enum End { VERDICT, WRITER_DONE, IDLE }

    /** Takes each snapshot in iteration order. */
    @FunctionalInterface
    public interface Handler {
        /** @return true to end the watch here */
        boolean take(ModelSeries.Snapshot snapshot) throws InputException;
    }

    /** Polled between snapshots with what the watch waits for. */
    @FunctionalInterface
    public interface Waiting {
        void waiting(String why);
    }

    /** The default poll: a snapshot is seen within a second of being written. */
    public static final Duration POLL = Duration.ofSeconds(1);
    /** How long a watch waits for a snapshot before it ends: MALLET on a large corpus can take minutes per interval. */
    public static final Duration DEFAULT_IDLE = Duration.ofSeconds(600);

    private SeriesWatch() {
    }

    /**
     * @param idle       end when no snapshot arrives for this long
     * @param writerDone true once the writer has stopped (a training run of the workbench's); then a poll that finds
     *                   nothing new ends the watch
     */
    public static End watch(SeriesFollower follower, Duration poll, Duration idle, BooleanSupplier writerDone, Handler handler,
                            Waiting waiting, CancelToken cancel) throws InputException {
        long lastSeen = System.nanoTime();
        while (true) {
            cancel.check();
            boolean done = writerDone.getAsBoolean(); // read before the poll: what it wrote before stopping is found
            List<ModelSeries.Snapshot> found = follower.poll();
            for (ModelSeries.Snapshot s : found) {
                if (handler.take(s)) {
                    return End.VERDICT;
                }
            }
            if (!found.isEmpty()) {
                lastSeen = System.nanoTime();
                continue;
            }
            if (done) {
                return End.WRITER_DONE;
            }
            if (System.nanoTime() - lastSeen >= idle.toNanos()) {
                return End.IDLE;
            }
            String pending = follower.pending();
            waiting.waiting(pending != null ? pending : "waiting for the next snapshot");
            sleep(poll, cancel);
        }
    }

    private static void sleep(Duration poll, CancelToken cancel) {
        long until = System.nanoTime() + poll.toNanos();
        while (System.nanoTime() < until) {
            cancel.check();
            try {
                Thread.sleep(Math.max(1, Math.min(50, (until - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancel.cancel();
            }
        }
    }
}
