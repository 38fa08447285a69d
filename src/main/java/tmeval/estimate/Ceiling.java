package tmeval.estimate;

import tmeval.model.Document;
import tmeval.model.ProductDecoder;
import tmeval.model.TopicModel;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;

/**
 * The hard upper bound on log P(w | Phi, alpha): sum_n log max_k phi(w_n, k). P(w) = E_theta[prod_n sum_k theta_k
 * phi(w_n, k)] and each inner sum is at most its largest phi, whatever theta and alpha; so an estimate above it cannot be
 * right (issue 34: with alpha 1e-300 two samplers returned log P(w) = 0 on a document whose bound was -968.7). The same
 * holds under any prior. For the product decoder, p(w | theta) = exp(a_w) / sum_v exp(a_v) with a = B theta + c, and over
 * the simplex a_w is at most max_k B(w, k) + c(w) while each a_v is at least min_k B(v, k) + c(v): so
 * log p(w | theta) <= max_k B(w, k) + c(w) - log sum_v exp(min_k B(v, k) + c(v)), and at most 0.
 */
public final class Ceiling {
    private Ceiling() {
    }

    public static double of(Document document, TopicModel model) {
        DocumentView view = DocumentView.of(document);
        if (model.decoder() instanceof ProductDecoder product) {
            return product(view, product);
        }
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

    private static double product(DocumentView view, ProductDecoder decoder) {
        int k = decoder.numTopics();
        double[] least = new double[decoder.numWords()];
        for (int v = 0; v < least.length; v++) {
            double min = Double.POSITIVE_INFINITY;
            for (int t = 0; t < k; t++) {
                min = Math.min(min, decoder.weight(v, t));
            }
            least[v] = min + decoder.bias(v);
        }
        double logNormaliser = LogMath.logSumExp(least);
        double total = 0;
        for (int s = 0; s < view.numLocalWords(); s++) {
            int w = view.word(s);
            double max = Double.NEGATIVE_INFINITY;
            for (int t = 0; t < k; t++) {
                max = Math.max(max, decoder.weight(w, t));
            }
            total += view.count(s) * Math.min(0, max + decoder.bias(w) - logNormaliser);
        }
        return total;
    }
}
