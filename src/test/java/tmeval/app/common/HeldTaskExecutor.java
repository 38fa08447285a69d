package tmeval.app.common;

import javafx.concurrent.Task;

import java.util.ArrayList;
import java.util.List;

/**
 * Holds each task it is given until the test runs it ({@link #run}), in any order, to its end on the calling thread:
 * jobs that overlap, and finish in another order than they started, without threads or sleeps.
 */
public final class HeldTaskExecutor implements TaskExecutor {
    private final List<Task<?>> held = new ArrayList<>();
    private final CurrentThreadTaskExecutor now = new CurrentThreadTaskExecutor();

    @Override
    public <T> Task<T> execute(Task<T> task) {
        held.add(task);
        return task;
    }

    /** Runs the held task at this index (0: the oldest still held) to its end, and lets it go. */
    public void run(int index) {
        now.execute(held.remove(index));
    }

    public int size() {
        return held.size();
    }

    /** Lets go of every task held (set-up work a test does not look at). */
    public void clear() {
        held.clear();
    }

    @Override
    public void shutdown() {
        held.clear();
    }
}
