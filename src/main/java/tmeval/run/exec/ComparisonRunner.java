package tmeval.run.exec;

import tmeval.run.plan.Arm;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.Shard;

import tmeval.compare.ComparisonTable;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.compare.ModelPair;
import tmeval.compare.RatioResult;
import tmeval.estimate.EstimationException;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.sampling.RandomStreams;

import java.util.List;
import java.util.function.Consumer;

/**
 * Runs comparisons of two models over a corpus: every (document, method and direction, run), plus an optional
 * reference per document, in parallel with per-task streams from (seed, document, run, method, direction); results
 * arrive in document order on the calling thread.
 */
public final class ComparisonRunner {
    /** What to run. {@code reference} may be null. */
    public record Job(Corpus corpus, TopicModel a, TopicModel b, List<Arm> arms, int runs, long seed, int threads,
                      ModelComparison reference) {
        /** The job a plan describes, on prepared models (aligned, on one vocabulary) and a corpus mapped onto A's words. */
        public static Job of(ComparisonPlan plan, Corpus corpus, ModelPair pair) {
            return new Job(corpus, pair.a(), pair.b(), plan.arms(), plan.runs(), plan.seed(), plan.threads(), plan.referenceComparison());
        }
    }

    /**
     * One task's outcome: a result, or the refusal in words.
     *
     * @param length the tokens compared (the row's N): the document's, or its second half's for document completion
     * @param reference true for the reference run (not one of the arms)
     * @param status ok, zero-weight (no finite estimate: every sample had weight zero) or refused
     */
    public record Result(int documentIndex, String documentId, int length, String method, Direction direction, int run,
                         boolean reference, RatioResult result, String refusal, Status status)
            implements java.io.Serializable {
        /** A result read back (a session): ok with a value, refused without one. */
        public Result(int documentIndex, String documentId, int length, String method, Direction direction, int run,
                      boolean reference, RatioResult result, String refusal) {
            this(documentIndex, documentId, length, method, direction, run, reference, result, refusal,
                    result == null ? Status.REFUSED : Status.OK);
        }

        public boolean refused() {
            return result == null;
        }
    }

    private ComparisonRunner() {
    }

    /** Adds one outcome to a summary table: a result, a reference value, or a refusal of its method and direction. */
    public static void record(ComparisonTable table, Result r) {
        if (r.refused()) {
            if (!r.reference()) {
                table.refuse(r.method(), r.direction());
            }
        } else if (r.reference()) {
            table.addReference(r.documentIndex(), r.result().logRatio());
        } else {
            table.add(r.method(), r.direction(), r.documentIndex(), r.run(), r.result());
        }
    }

    /** Results in corpus order (for files). */
    public static void run(Job job, Consumer<Result> consumer, Progress progress, CancelToken cancel) {
        run(job, r -> { }, consumer, progress, cancel);
    }

    /** Each result as soon as it is computed ({@code asFinished}, for views), and again in corpus order ({@code inOrder}). */
    public static void run(Job job, Consumer<Result> asFinished, Consumer<Result> inOrder, Progress progress, CancelToken cancel) {
        run(job, Shard.ALL, asFinished, inOrder, progress, cancel);
    }

    /** Runs one shard of the job: its documents keep their corpus positions (and so their random streams). */
    public static void run(Job job, Shard shard, Consumer<Result> asFinished, Consumer<Result> inOrder, Progress progress,
                           CancelToken cancel) {
        int[] documents = shard.positions(job.corpus().size());
        run(job, documents, documents, asFinished, inOrder, progress, cancel);
    }

    /**
     * Runs a slice of a corpus on this machine (a Spark partition): {@code job.corpus()} holds only the slice's
     * documents, and its document i stands at position {@code positions[i]} of the whole corpus, whose random streams
     * and indices its results get. Results arrive in slice order.
     */
    public static void runSlice(Job job, int[] positions, Consumer<Result> inOrder, CancelToken cancel) {
        int[] local = java.util.stream.IntStream.range(0, positions.length).toArray();
        run(job, local, positions, r -> { }, inOrder, Progress.NONE, cancel);
    }

    /** Evaluates corpus documents {@code local[i]} as the documents at corpus positions {@code positions[i]}. */
    private static void run(Job job, int[] local, int[] positions, Consumer<Result> asFinished, Consumer<Result> inOrder,
                            Progress progress, CancelToken cancel) {
        int perDocument = job.arms().size() * job.runs() + (job.reference() == null ? 0 : 1);
        OrderedParallel.run(local.length * perDocument, task -> {
            int i = task / perDocument;
            int slot = task % perDocument;
            if (slot == job.arms().size() * job.runs()) {
                return evaluate(job, local[i], positions[i], new Arm(job.reference(), Direction.NONE), 1, true, "", cancel);
            }
            return evaluate(job, local[i], positions[i], job.arms().get(slot / job.runs()), slot % job.runs() + 1, false, "", cancel);
        }, asFinished, inOrder, job.threads(), "tmeval-compare", progress, cancel,
                task -> job.corpus().document(local[task / perDocument]).id());
    }

    /** @param streamSuffix added to the stream's key (an adaptive round at another budget draws its own numbers) */
    public static Result evaluate(Job job, int documentIndex, Arm arm, int run, boolean reference, String streamSuffix, CancelToken cancel) {
        return evaluate(job, documentIndex, documentIndex, arm, run, reference, streamSuffix, cancel);
    }

    /** @param local the document's index in {@code job.corpus()}; {@code documentIndex} its position in the whole corpus */
    public static Result evaluate(Job job, int local, int documentIndex, Arm arm, int run, boolean reference, String streamSuffix,
                                   CancelToken cancel) {
        Document doc = job.corpus().document(local);
        String method = arm.method().method();
        int length = arm.method().scoredTokens(doc.length());
        var random = RandomStreams.stream(job.seed(), documentIndex, run, MethodStreams.key(arm.method().method(), arm.direction(), streamSuffix));
        try {
            RatioResult r = arm.method().estimate(doc, job.a(), job.b(), arm.direction(), random, cancel);
            if (!Double.isFinite(r.logRatio())) {
                return new Result(documentIndex, doc.id(), length, method, arm.direction(), run, reference, null,
                        method + " gave no finite estimate (every sample had weight zero)", Status.ZERO_WEIGHT);
            }
            return new Result(documentIndex, doc.id(), length, method, arm.direction(), run, reference, r, null);
        } catch (EstimationException | IllegalArgumentException e) {
            return new Result(documentIndex, doc.id(), length, method, arm.direction(), run, reference, null, e.getMessage());
        }
    }
}
