package tmeval.app.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.io.InputException;
import tmeval.progress.CancelledException;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class BackgroundJobTest {
    private final List<String> seen = new ArrayList<>();

    private BackgroundJob<String>.Start recorded(BackgroundJob<String> job, String name, BackgroundJob.Work<String> work) {
        return job.of(work)
                .onSuccess(value -> seen.add(name + " succeeded: " + value))
                .onFailure(f -> seen.add(name + " failed: " + f.message()))
                .onCancelled(() -> seen.add(name + " cancelled"))
                .onEnd(outcome -> seen.add(name + " " + outcome));
    }

    @Test
    void eachEndIsAnOutcomeWithItsOwnCallbackAndTheUsersMessage() {
        BackgroundJob<String> job = new BackgroundJob<>(new CurrentThreadTaskExecutor());
        recorded(job, "a", (sink, cancel) -> "value").start();
        recorded(job, "b", (sink, cancel) -> {
            throw new InputException("m.tsv", 3, "not a number", null);
        }).start();
        recorded(job, "c", (sink, cancel) -> {
            throw new CancelledException();
        }).start();
        assertEquals(List.of("a succeeded: value", "a FINISHED", "b failed: m.tsv, line 3: not a number", "b FAILED", "c cancelled", "c CANCELLED"), seen);
        assertFalse(job.isRunning());
    }

    @Test
    void theLatestStartWinsTheJobBeforeItIsCancelledAndNothingItDoesLateIsSeen() {
        HeldTaskExecutor held = new HeldTaskExecutor();
        BackgroundJob<String> job = new BackgroundJob<>(held);
        boolean[] firstCancelled = {false};
        recorded(job, "first", (sink, cancel) -> {
            // the user starts the slot again while the first job runs
            recorded(job, "second", (sink2, cancel2) -> {
                sink2.publish(() -> seen.add("second published"));
                return "new";
            }).start();
            firstCancelled[0] = cancel.isCancelled();
            sink.publish(() -> seen.add("first published"));
            return "old";
        }).start();
        held.run(0);
        assertTrue(firstCancelled[0], "starting the second cancelled the first's token");
        assertTrue(job.isRunning(), "the second runs");
        held.run(0);
        assertFalse(job.isRunning());
        assertEquals(List.of("second published", "second succeeded: new", "second FINISHED"), seen);
    }

    @Test
    void aJobSupersededBeforeItRanNeverRuns() {
        HeldTaskExecutor held = new HeldTaskExecutor();
        BackgroundJob<String> job = new BackgroundJob<>(held);
        boolean[] ran = {false};
        recorded(job, "first", (sink, cancel) -> {
            ran[0] = true;
            return "old";
        }).start();
        recorded(job, "second", (sink, cancel) -> "new").start();
        held.run(1);
        held.run(0);
        assertFalse(ran[0]);
        assertEquals(List.of("second succeeded: new", "second FINISHED"), seen);
    }

    @Test
    void cancelEndsTheRunningJobAtOnceAndItsLateValueIsDropped() {
        HeldTaskExecutor held = new HeldTaskExecutor();
        BackgroundJob<String> job = new BackgroundJob<>(held);
        recorded(job, "a", (sink, cancel) -> "late").start();
        job.cancel();
        assertEquals(List.of("a cancelled", "a CANCELLED"), seen);
        assertFalse(job.isRunning());
        held.run(0);
        assertEquals(List.of("a cancelled", "a CANCELLED"), seen, "nothing after the cancel");
    }

    @Test
    void aCallbackThatStartsTheSlotAgainLeavesItRunningAndTheProgressShown() {
        HeldTaskExecutor held = new HeldTaskExecutor();
        javafx.beans.property.DoubleProperty progress = new javafx.beans.property.SimpleDoubleProperty();
        javafx.beans.property.StringProperty message = new javafx.beans.property.SimpleStringProperty("idle");
        BackgroundJob<String> job = new BackgroundJob<String>(held).showIn(progress, message);
        job.of((sink, cancel) -> "one").onSuccess(v -> job.of((sink, cancel) -> {
            sink.progress(1, 4);
            sink.message("working");
            return "two";
        }).onSuccess(message::set).start()).start();
        held.run(0);
        assertTrue(job.isRunning(), "the second job runs");
        assertTrue(progress.isBound() && message.isBound(), "and the screen follows it");
        held.run(0);
        assertFalse(job.isRunning());
        assertFalse(progress.isBound() || message.isBound(), "the screen's own again");
        assertEquals("two", message.get());
        assertEquals(0.25, progress.get(), 1e-12);
    }

    /** A closing window's executor refuses new work: the slot is left free, its screen's properties settable, and nothing runs. */
    @Test
    void aStartTheExecutorRefusesLeavesTheSlotAsIfNeverStarted() {
        TaskExecutor closed = new TaskExecutor() {
            @Override
            public <T> javafx.concurrent.Task<T> execute(javafx.concurrent.Task<T> task) {
                throw new java.util.concurrent.RejectedExecutionException("shut down");
            }

            @Override
            public void shutdown() {
            }
        };
        javafx.beans.property.DoubleProperty progress = new javafx.beans.property.SimpleDoubleProperty();
        javafx.beans.property.StringProperty message = new javafx.beans.property.SimpleStringProperty();
        BackgroundJob<String> job = new BackgroundJob<String>(closed).showIn(progress, message);
        org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.RejectedExecutionException.class,
                () -> recorded(job, "a", (sink, cancel) -> "value").start());
        assertFalse(job.isRunning());
        message.set("not analysed: the workbench is closing");
        progress.set(0);
        assertEquals(List.of(), seen, "no callback of a job that never ran");
    }
}
