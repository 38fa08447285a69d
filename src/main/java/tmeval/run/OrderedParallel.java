package tmeval.run;

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
 * Runs tasks 0..n-1 on a pool and hands their results to a consumer on the calling thread in task order, as soon
 * as every earlier task is done; at most a small window of tasks is in flight or held back. Every job (estimate,
 * compare, curve) runs through here, so ordering, cancel and worker shutdown are written once.
 */
public final class OrderedParallel {
    private OrderedParallel() {
    }

    /** @throws CancelledException if cancelled; no result after the cancel is delivered and no worker is left running */
    public static <T> void run(int taskCount, IntFunction<T> task, Consumer<T> consumer, int threads, String name,
                               Progress progress, CancelToken cancel, IntFunction<String> describe) {
        ExecutorService pool = Workers.pool(threads, name);
        ExecutorCompletionService<Indexed<T>> completion = new ExecutorCompletionService<>(pool);
        int window = threads * 8;
        Map<Integer, T> finished = new HashMap<>();
        int submitted = 0;
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
                finished.put(result.index(), result.value());
                T next;
                while ((next = finished.remove(delivered)) != null) {
                    consumer.accept(next);
                    progress.update(++delivered, taskCount, describe.apply(delivered - 1));
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
