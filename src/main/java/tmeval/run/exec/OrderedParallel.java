package tmeval.run.exec;

import tmeval.run.plan.Workers;

import tmeval.progress.CancelToken;
import tmeval.progress.CancelledException;
import tmeval.progress.Progress;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Runs tasks 0..n-1 on a pool. Each result goes, on the calling thread, first to {@code asFinished} the moment its
 * task ends (the views: one long document never holds up the others' points) and then to {@code inOrder} in task
 * order, once every earlier task is done (the output file, so that it is the same for any thread count). Progress
 * counts finished tasks. Every job (estimate, compare, curve) runs through here, so ordering, cancel and worker
 * shutdown are written once.
 */
public final class OrderedParallel {
    /**
     * Tasks in flight or finished but held for the ordered consumer, per thread. Wide enough that a document a
     * hundred times longer than its neighbours does not leave the other workers idle while it runs (they go on
     * through the next thousand tasks); a held result is a few numbers, so memory stays small and bounded.
     */
    static final int WINDOW_PER_THREAD = 1024;

    private OrderedParallel() {
    }

    /** {@link #run(int, IntFunction, Consumer, Consumer, int, String, Progress, CancelToken, IntFunction)} without the early listener. */
    public static <T> void run(int taskCount, IntFunction<T> task, Consumer<T> inOrder, int threads, String name,
                               Progress progress, CancelToken cancel, IntFunction<String> describe) {
        run(taskCount, task, r -> { }, inOrder, threads, name, progress, cancel, describe);
    }

    /** @throws CancelledException if cancelled; no result after the cancel is delivered and no worker is left running */
    public static <T> void run(int taskCount, IntFunction<T> task, Consumer<T> asFinished, Consumer<T> inOrder, int threads,
                               String name, Progress progress, CancelToken cancel, IntFunction<String> describe) {
        ExecutorService pool = Workers.pool(threads, name);
        ExecutorCompletionService<Indexed<T>> completion = new ExecutorCompletionService<>(pool);
        long window = (long) threads * WINDOW_PER_THREAD;
        Map<Integer, T> held = new HashMap<>();
        int submitted = 0;
        int finished = 0;
        int delivered = 0;
        try {
            while (delivered < taskCount) {
                while (submitted < taskCount && submitted - delivered < window) {
                    int index = submitted++;
                    completion.submit(() -> new Indexed<>(index, task.apply(index)));
                }
                Future<Indexed<T>> done = completion.poll(100, TimeUnit.MILLISECONDS);
                cancel.check();
                if (done == null) {
                    continue;
                }
                Indexed<T> result = get(done);
                asFinished.accept(result.value());
                progress.update(++finished, taskCount, describe.apply(result.index()));
                held.put(result.index(), result.value());
                T next;
                while ((next = held.remove(delivered)) != null) {
                    inOrder.accept(next);
                    delivered++;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        } finally {
            Workers.stop(pool);
        }
    }

    private record Indexed<T>(int index, T value) {
    }

    private static <T> T get(Future<T> done) throws InterruptedException {
        try {
            return done.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
