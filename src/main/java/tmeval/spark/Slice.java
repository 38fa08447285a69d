package tmeval.spark;

import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.model.Vocabulary;
import tmeval.progress.CancelToken;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.plan.CurvePlan;
import tmeval.run.exec.CurveRunner;
import tmeval.run.exec.DocumentWork;
import tmeval.progress.Progress;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.exec.EstimationRunner;
import tmeval.run.exec.Outcome;
import tmeval.run.plan.Shard;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The documents of one Spark partition, each with its position in the whole corpus (which fixes its random streams),
 * and what an executor does with them. Slices are interleaved, as shards are: slice p of P within shard I/N is shard
 * (I + pN)/(PN), so long and short documents spread evenly over the partitions.
 *
 * @param positions corpus position of each document
 * @param documents the documents, in corpus order
 */
record Slice(int[] positions, List<Document> documents) implements Serializable {
    /** What every executor gets once, by broadcast: the plan, the models and the corpus's vocabulary. */
    record EstimateInputs(EstimatePlan plan, TopicModel model, Vocabulary vocabulary) implements Serializable {
    }

    /** The comparison's broadcast: the plan, the two prepared models (aligned, on one vocabulary) and the corpus's vocabulary. */
    record CompareInputs(ComparisonPlan plan, TopicModel a, TopicModel b, Vocabulary vocabulary) implements Serializable {
        static CompareInputs of(ComparisonPlan plan, ModelPair pair, Vocabulary vocabulary) {
            return new CompareInputs(plan, pair.a(), pair.b(), vocabulary);
        }
    }

    /** The curve's broadcast: the plan, every snapshot of the series and the corpus's vocabulary. */
    record CurveInputs(CurvePlan plan, ModelSeries series, Vocabulary vocabulary) implements Serializable {
    }

    /** Work whose rounds end per document, and the corpus's vocabulary: the broadcast of an adaptive or auto run. */
    record DocumentInputs<T extends Serializable>(DocumentWork<T> work, Vocabulary vocabulary) implements Serializable {
    }

    /** The shard's documents in at most {@code count} interleaved slices (none empty). */
    static List<Slice> of(Corpus corpus, Shard shard, int count) {
        int documents = shard.positions(corpus.size()).length;
        int slices = Math.max(1, Math.min(count, documents));
        List<Slice> all = new ArrayList<>();
        for (int p = 0; p < slices; p++) {
            int[] positions = new Shard(shard.index() + p * shard.count(), slices * shard.count()).positions(corpus.size());
            List<Document> docs = new ArrayList<>();
            for (int position : positions) {
                docs.add(corpus.document(position));
            }
            all.add(new Slice(positions, docs));
        }
        return all;
    }

    /** Runs on an executor: every (document, run) of the slice, with {@code threads} workers. */
    List<Outcome> estimate(EstimateInputs in, int threads) {
        EstimatePlan plan = in.plan();
        List<Outcome> out = new ArrayList<>();
        EstimationRunner.runSlice(new EstimationRunner.Job(corpus(in.vocabulary()), in.model(), plan.estimator(), plan.runs(), plan.seed(), threads),
                positions, out::add, new CancelToken());
        return out;
    }

    /** Runs on an executor: every (document, method and direction, run) of the slice and its reference. */
    List<ComparisonRunner.Result> compare(CompareInputs in, int threads) {
        ComparisonPlan plan = in.plan();
        List<ComparisonRunner.Result> out = new ArrayList<>();
        ComparisonRunner.runSlice(new ComparisonRunner.Job(corpus(in.vocabulary()), in.a(), in.b(), plan.arms(), plan.runs(), plan.seed(),
                threads, plan.referenceComparison()), positions, out::add, new CancelToken());
        return out;
    }

    /**
     * Runs on an executor: every (document, method, run) of the slice at every snapshot, in one task, so that
     * iteration-AIS carries each document from snapshot to snapshot here; the slice's partial sums are not needed.
     */
    List<CurveRunner.Row> curve(CurveInputs in, int threads) {
        CurvePlan plan = in.plan();
        List<CurveRunner.Row> out = new ArrayList<>();
        CurveRunner.Job job = new CurveRunner.Job(corpus(in.vocabulary()), in.series(), plan.methods(), plan.settings(),
                plan.firstExtraTemperatures(), plan.runs(), plan.seed(), threads);
        CurveRunner.runSlice(job, positions, new CurveRunner.Listener() {
            @Override
            public void row(CurveRunner.Row row) {
                out.add(row);
            }

            @Override
            public void snapshotDone(int iteration, List<CurveRunner.Point> points) {
                // the driver sums the whole corpus's rows
            }
        }, new CancelToken());
        return out;
    }

    /** Runs on an executor: all the rounds of every document of the slice, its results in the slice's order. */
    <T extends Serializable> List<T> documents(DocumentInputs<T> in, int threads) {
        List<T> out = new ArrayList<>();
        int[] local = java.util.stream.IntStream.range(0, positions.length).toArray();
        DocumentWork.run(in.work(), corpus(in.vocabulary()), local, positions, threads, out::add, Progress.NONE, new CancelToken());
        return out;
    }

    private Corpus corpus(Vocabulary vocabulary) {
        return new Corpus("slice", vocabulary, documents, 0, 0);
    }
}
