package tmeval.run.exec;

import org.junit.jupiter.api.Test;
import tmeval.progress.CancelToken;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OrderedParallelTest {
    /**
     * Task 0 (a long document) finishes only after 200 later tasks have reached the early listener: with results
     * delivered in corpus order only, nothing would reach the views until it ended, and with a narrow window the other
     * worker would sit idle behind it.
     */
    @Test
    void resultsReachTheEarlyListenerAsTheyFinishAndTheFileInOrder() {
        int tasks = 400;
        CountDownLatch laterTasksSeen = new CountDownLatch(200);
        List<Integer> early = Collections.synchronizedList(new ArrayList<>());
        List<Integer> ordered = new ArrayList<>();
        List<Long> progress = new ArrayList<>();
        OrderedParallel.run(tasks, i -> {
            if (i == 0) {
                try {
                    assertTrue(laterTasksSeen.await(20, TimeUnit.SECONDS), "later results were held behind the long task");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return i;
        }, i -> {
            early.add(i);
            laterTasksSeen.countDown();
        }, ordered::add, 2, "test", (done, total, message) -> progress.add(done), new CancelToken(), Integer::toString);
        assertEquals(tasks, early.size());
        assertTrue(early.indexOf(0) >= 200, "task 0 was seen after the others: " + early.indexOf(0));
        for (int i = 0; i < tasks; i++) {
            assertEquals(i, ordered.get(i), "the ordered consumer sees task order");
            assertEquals(i + 1L, progress.get(i), "progress counts every finished task");
        }
    }
}
