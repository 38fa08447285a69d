package tmeval.anneal;

import tmeval.model.TopicModel;
import tmeval.sampling.DirichletMultinomial;
import tmeval.sampling.DocumentView;
import tmeval.sampling.TopicState;

import java.util.SplittableRandom;

/**
 * Ratio-AIS with the geometric path (Foulds and Smyth Eq. 5): f_beta(z) = f_from(z)^(1 - beta) f_to(z)^beta with
 * f_X(z) = P(w, z | Phi_X, alpha_X). The Gibbs conditional is the same geometric mixture of the two models'
 * conditionals, [phi_to(w,k)(n_k + a_to,k)]^beta [phi_from(w,k)(n_k + a_from,k)]^(1 - beta), evaluated in logs
 * from per-document tables (no pow), and log f_b - log f_a = (b - a)(log f_to(z) - log f_from(z)).
 */
public final class GeometricPath implements AnnealingPath {
    private final DocumentView view;
    private final int numTopics;
    private final int width;
    private final double[] logRowsTo;
    private final double[] logRowsFrom;
    private final double[] logCountTo;    // log(n + alpha_to,k), [k * width + n]
    private final double[] logCountFrom;
    private final double[] risingTo;      // sum_{c<n} log(alpha_to,k + c)
    private final double[] risingFrom;
    private final double normaliserTo;    // sum_{c<N} log(A_to + c)
    private final double normaliserFrom;
    private final double[] alphaFrom;
    private double beta;

    public GeometricPath(DocumentView view, TopicModel to, TopicModel from) {
        this.view = view;
        this.numTopics = to.numTopics();
        int length = view.length();
        this.width = length + 1;
        this.logRowsTo = view.logRows(to);
        this.logRowsFrom = view.logRows(from);
        this.logCountTo = logCounts(to.alpha(), length);
        this.logCountFrom = logCounts(from.alpha(), length);
        this.risingTo = DirichletMultinomial.logRisingTable(to.alpha(), length);
        this.risingFrom = DirichletMultinomial.logRisingTable(from.alpha(), length);
        this.normaliserTo = DirichletMultinomial.logRising(to.alphaSum(), length);
        this.normaliserFrom = DirichletMultinomial.logRising(from.alphaSum(), length);
        this.alphaFrom = from.alpha();
    }

    private static double[] logCounts(double[] alpha, int length) {
        double[] t = new double[alpha.length * (length + 1)];
        for (int k = 0; k < alpha.length; k++) {
            for (int n = 0; n <= length; n++) {
                t[k * (length + 1) + n] = Math.log(n + alpha[k]);
            }
        }
        return t;
    }

    @Override
    public int numTopics() {
        return numTopics;
    }

    @Override
    public void setTemperature(double beta) {
        this.beta = beta;
    }

    @Override
    public double weights(int token, int[] counts, double[] out) {
        int base = view.slot(token) * numTopics;
        double max = Double.NEGATIVE_INFINITY;
        double b = beta;
        for (int k = 0; k < numTopics; k++) {
            int c = k * width + counts[k];
            double logTo = logRowsTo[base + k] + logCountTo[c];
            double logFrom = logRowsFrom[base + k] + logCountFrom[c];
            // at the ends only one model counts; inside, a topic either model excludes is excluded (no -inf * 0)
            double lw = b == 0.0 ? logFrom : b == 1.0 ? logTo
                    : (logTo == Double.NEGATIVE_INFINITY || logFrom == Double.NEGATIVE_INFINITY) ? Double.NEGATIVE_INFINITY
                    : logFrom + b * (logTo - logFrom);
            out[k] = lw;
            max = Math.max(max, lw);
        }
        double total = 0;
        for (int k = 0; k < numTopics; k++) {
            double w = Math.exp(out[k] - max);
            out[k] = w;
            total += w;
        }
        return total;
    }

    @Override
    public double logRatio(TopicState state, double from, double to) {
        double difference = logJoint(state, logRowsTo, risingTo, normaliserTo) - logJoint(state, logRowsFrom, risingFrom, normaliserFrom);
        return (to - from) * difference;
    }

    /** log P(w, z | Phi_X, alpha_X) from the tables. */
    private double logJoint(TopicState state, double[] logRows, double[] rising, double normaliser) {
        int[] z = state.topics;
        double sum = -normaliser;
        for (int i = 0; i < z.length; i++) {
            sum += logRows[view.slot(i) * numTopics + z[i]];
        }
        int[] counts = state.counts;
        for (int k = 0; k < numTopics; k++) {
            sum += rising[k * width + counts[k]];
        }
        return sum;
    }

    @Override
    public void drawStart(TopicState state, SplittableRandom random, double[] scratch) {
        state.drawFromPrior(alphaFrom, random, scratch);
    }

    @Override
    public boolean startIsExact() {
        return false;
    }
}
