package tmeval.estimate;

import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.sampling.DocumentView;

/**
 * The hard upper bound on log P(w | Phi, alpha): sum_n log max_k phi(w_n, k). P(w) = E_theta[prod_n sum_k theta_k
 * phi(w_n, k)] and each inner sum is at most its largest phi, whatever theta and alpha; so an estimate above it cannot be
 * right (issue 34: with alpha 1e-300 two samplers returned log P(w) = 0 on a document whose bound was -968.7).
 */
public final class Ceiling {
    private Ceiling() {
    }

    public static double of(Document document, TopicModel model) {
        DocumentView view = DocumentView.of(document);
        int numTopics = model.numTopics();
        double[] row = new double[numTopics];
        double total = 0;
        for (int s = 0; s < view.numLocalWords(); s++) {
            model.copyRow(view.word(s), row, 0);
            double max = 0;
            for (double p : row) {
                max = Math.max(max, p);
            }
            total += view.count(s) * Math.log(max);
        }
        return total;
    }
}
