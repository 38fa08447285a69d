package tmeval.run.exec;

import tmeval.run.plan.Shard;

import tmeval.estimate.EstimateResult;
import tmeval.estimate.EstimationException;
import tmeval.estimate.Methods;
import tmeval.estimate.WeightDiagnostics;
import tmeval.estimate.Ceiling;
import tmeval.estimate.VariationalBound;
import tmeval.estimate.Estimator;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.sampling.RandomStreams;

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
        return RandomStreams.stream(seed, documentIndex, run, MethodStreams.key(method));
    }

    /**
     * Runs the job; outcomes arrive in order on this thread.
     *
     * @throws tmeval.progress.CancelledException if cancelled (no further outcome is delivered)
     */
    public static void run(Job job, Consumer<Outcome> consumer, Progress progress, CancelToken cancel) {
        run(job, Shard.ALL, consumer, progress, cancel);
    }

    /** Runs one shard of the job: its documents keep their corpus positions (and so their random streams). */
    public static void run(Job job, Shard shard, Consumer<Outcome> consumer, Progress progress, CancelToken cancel) {
        int[] documents = shard.positions(job.corpus().size());
        run(job, documents, documents, consumer, progress, cancel);
    }

    /**
     * Runs a slice of a corpus on this machine (a Spark partition): {@code job.corpus()} holds only the slice's
     * documents, and its document i stands at position {@code positions[i]} of the whole corpus, whose random streams
     * and indices its outcomes get. Outcomes arrive in slice order.
     */
    public static void runSlice(Job job, int[] positions, Consumer<Outcome> consumer, CancelToken cancel) {
        run(job, java.util.stream.IntStream.range(0, positions.length).toArray(), positions, consumer, Progress.NONE, cancel);
    }

    /** Evaluates corpus documents {@code local[i]} as the documents at corpus positions {@code positions[i]}. */
    private static void run(Job job, int[] local, int[] positions, Consumer<Outcome> consumer, Progress progress, CancelToken cancel) {
        int runs = job.runs();
        String method = job.estimator().method();
        OrderedParallel.run(local.length * runs, task -> evaluate(job, local[task / runs], positions[task / runs], task % runs + 1, method, cancel),
                consumer, job.threads(), "tmeval-" + method, progress, cancel, task -> job.corpus().document(local[task / runs]).id());
    }

    public static Outcome evaluate(Job job, int documentIndex, int run, String method, CancelToken cancel) {
        return evaluate(job, documentIndex, documentIndex, run, method, cancel);
    }

    /** @param local the document's index in {@code job.corpus()}; {@code documentIndex} its position in the whole corpus */
    private static Outcome evaluate(Job job, int local, int documentIndex, int run, String method, CancelToken cancel) {
        return evaluate(job.estimator(), job.model(), job.corpus().document(local), documentIndex, run,
                stream(job.seed(), documentIndex, run, method), run == 1 && Methods.hasFloor(method), cancel);
    }

    /**
     * One run of an estimator on one document, drawing from {@code random}: its outcome, with the document's variational
     * floor when {@code withFloor}, a refusal in words, or zero weight; never an exception for what the method cannot do.
     */
    public static Outcome evaluate(Estimator estimator, TopicModel model, Document doc, int documentIndex, int run, java.util.SplittableRandom random,
                            boolean withFloor, CancelToken cancel) {
        String method = estimator.method();
        try {
            String refusal = Methods.refusal(method, model);
            if (refusal != null) {
                throw new EstimationException(refusal);
            }
            EstimateResult r = estimator.estimate(doc, model, random, cancel);
            double floor = withFloor ? VariationalBound.floor(doc, model, cancel) : Double.NaN;
            if (!Double.isFinite(r.logValue())) {
                return new Outcome(documentIndex, doc.id(), doc.length(), run, null,
                        method + " gave no finite estimate (every sample had weight zero); use more samples or temperatures, or another method",
                        Status.ZERO_WEIGHT, floor, method);
            }
            return new Outcome(documentIndex, doc.id(), doc.length(), run, r, null, judged(method, doc, model, r), floor, method);
        } catch (EstimationException | IllegalArgumentException e) {
            return new Outcome(documentIndex, doc.id(), doc.length(), run, null, e.getMessage(), Status.REFUSED, Double.NaN, method);
        }
    }

    /**
     * A finite estimate's status by what the run alone shows: above the hard bound sum_n log max_k phi(w_n, k), which no
     * P(w) exceeds ({@code above-ceiling}); or importance weights whose Pareto k-hat is above the threshold for their
     * number ({@code heavy-tail}); chains that cover each other too little ({@code chains-apart}, before heavy-tail: more
     * draws from the same chains would not mend it); {@code ok} otherwise. Document completion scores the second half only: its ceiling
     * is not this one, and it is not checked.
     */
    static Status judged(String method, Document doc, TopicModel model, EstimateResult r) {
        if (Methods.hasFloor(method) && r.logValue() > Ceiling.of(doc, model) + 1e-9 * Math.max(1, Math.abs(r.logValue()))) {
            return Status.ABOVE_CEILING;
        }
        if (WeightDiagnostics.chainsApart(r)) {
            return Status.CHAINS_APART;
        }
        if (Methods.stochasticLowerBound(method) && WeightDiagnostics.heavyTailed(r.logWeights())) {
            return Status.HEAVY_TAIL;
        }
        return Status.OK;
    }
}
