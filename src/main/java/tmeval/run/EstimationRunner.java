package tmeval.run;

import tmeval.estimate.EstimateResult;
import tmeval.estimate.EstimationException;
import tmeval.estimate.Estimator;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.CancelledException;
import tmeval.progress.Progress;
import tmeval.sampling.RandomStreams;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Evaluates every (document, run) of a corpus in parallel. Each task draws from its own stream derived from
 * (seed, document index, run, method), so results are identical for any thread count; outcomes are delivered to
 * the consumer on the calling thread in (document, run) order as soon as all before them are done, with at most
 * a small window of finished tasks held back. Cancel stops every worker within one annealing step.
 */
public final class EstimationRunner {
    /** What to run: an estimator over a corpus under a model, some runs, a seed, a number of threads. */
    public record Job(Corpus corpus, TopicModel model, Estimator estimator, int runs, long seed, int threads) {
        public Job {
            if (runs < 1) {
                throw new IllegalArgumentException("--runs must be at least 1");
            }
            if (threads < 1) {
                throw new IllegalArgumentException("--threads must be at least 1");
            }
        }
    }

    private EstimationRunner() {
    }

    /** The stream of a task: a function of the seed, the document's position, the run and the method only. */
    public static java.util.SplittableRandom stream(long seed, int documentIndex, int run, String method) {
        return RandomStreams.stream(seed, documentIndex, run, RandomStreams.key(method));
    }

    /**
     * Runs the job; outcomes arrive in order on this thread.
     *
     * @throws CancelledException if cancelled (no further outcome is delivered)
     */
    public static void run(Job job, Consumer<Outcome> consumer, Progress progress, CancelToken cancel) {
        Corpus corpus = job.corpus();
        int runs = job.runs();
        int total = corpus.size() * runs;
        String method = job.estimator().method();
        ExecutorService pool = Workers.pool(job.threads(), "tmeval-" + method);
        ExecutorCompletionService<Outcome> completion = new ExecutorCompletionService<>(pool);
        int window = job.threads() * 8;
        Map<Integer, Outcome> finished = new HashMap<>();
        int submitted = 0;
        int delivered = 0;
        try {
            while (delivered < total) {
                while (submitted < total && submitted - delivered < window) {
                    int task = submitted++;
                    completion.submit(() -> evaluate(job, task / runs, task % runs + 1, method, cancel));
                }
                Future<Outcome> done = completion.poll(100, TimeUnit.MILLISECONDS);
                cancel.check();
                if (done == null) {
                    continue;
                }
                Outcome o = get(done);
                finished.put(o.documentIndex() * runs + o.run() - 1, o);
                Outcome next;
                while ((next = finished.remove(delivered)) != null) {
                    consumer.accept(next);
                    delivered++;
                    progress.update(delivered, total, next.documentId());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        } finally {
            Workers.stop(pool);
        }
    }

    private static Outcome get(Future<Outcome> done) throws InterruptedException {
        try {
            return done.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CancelledException c) {
                throw c;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    static Outcome evaluate(Job job, int documentIndex, int run, String method, CancelToken cancel) {
        Document doc = job.corpus().document(documentIndex);
        try {
            EstimateResult r = job.estimator().estimate(doc, job.model(), stream(job.seed(), documentIndex, run, method), cancel);
            if (!Double.isFinite(r.logValue())) {
                return new Outcome(documentIndex, doc.id(), doc.length(), run, null,
                        method + " gave no finite estimate (every sample had weight zero); use more samples or temperatures, or another method");
            }
            return new Outcome(documentIndex, doc.id(), doc.length(), run, r, null);
        } catch (EstimationException | IllegalArgumentException e) {
            return new Outcome(documentIndex, doc.id(), doc.length(), run, null, e.getMessage());
        }
    }
}
