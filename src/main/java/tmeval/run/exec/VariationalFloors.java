package tmeval.run.exec;

import tmeval.estimate.VariationalBound;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import java.util.List;

/**
 * Each model's certified floor over a corpus: the variational lower bound vb summed over documents, computed on the
 * job's worker threads (one task per document) and summed in corpus order, so the total is the same for any thread count;
 * NaN for a model with a product decoder, which has no such floor.
 */
public final class VariationalFloors {
    private VariationalFloors() {
    }

    /** The floors of the models, in their order. */
    public static double[] of(Corpus corpus, List<TopicModel> models, int threads, CancelToken cancel) {
        double[] total = new double[models.size()];
        OrderedParallel.run(corpus.size(), d -> {
            double[] bounds = new double[models.size()];
            for (int m = 0; m < models.size(); m++) {
                bounds[m] = VariationalBound.floor(corpus.document(d), models.get(m), cancel);
            }
            return bounds;
        }, bounds -> {
            for (int m = 0; m < total.length; m++) {
                total[m] += bounds[m];
            }
        }, threads, "tmeval-floors", Progress.NONE, cancel, d -> corpus.document(d).id());
        return total;
    }
}
