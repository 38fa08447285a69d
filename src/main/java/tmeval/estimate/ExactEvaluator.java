package tmeval.estimate;

import it.unimi.dsi.fastutil.longs.Long2DoubleMap;
import it.unimi.dsi.fastutil.longs.Long2DoubleOpenHashMap;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;

import java.util.SplittableRandom;

/**
 * P(w | Phi, alpha) exactly, by dynamic programming over topic-count vectors. Because P(z | alpha) depends on z only
 * through its counts, the sum over all K^N assignments collapses onto the count vectors c reachable after m tokens:
 * v_{m+1}(c + e_k) += v_m(c) phi(w_{m+1}, k) (c_k + alpha_k) / (m + A)  (the Polya urn), and P(w) = sum_c v_N(c).
 * Each level is rescaled by its largest value (kept as a log) so nothing underflows. The last level holds
 * C(N + K - 1, K - 1) states; beyond {@code maxStates} the evaluator refuses rather than approximate. A model with a
 * logistic-normal prior and K = 2 or 3 is answered by quadrature over eta instead ({@link EtaQuadrature}: two rules that
 * must agree within 1e-8 nats).
 */
public final class ExactEvaluator implements Estimator {
    public static final long DEFAULT_MAX_STATES = 2_000_000;

    private final long maxStates;

    public ExactEvaluator(long maxStates) {
        this.maxStates = maxStates;
    }

    public ExactEvaluator() {
        this(DEFAULT_MAX_STATES);
    }

    @Override
    public String method() {
        return Methods.EXACT;
    }

    /** The number of topic-count vectors of a document of N tokens over K topics: C(N + K - 1, K - 1). */
    public static double stateCount(int length, int numTopics) {
        double c = 1;
        for (int i = 1; i < numTopics; i++) {
            c = c * (length + i) / i;
        }
        return c;
    }

    /** Whether this evaluator will answer for a document of this length under K topics. */
    public boolean canEvaluate(int length, int numTopics) {
        return refusal(length, numTopics) == null;
    }

    /** Bits needed to pack K counts of 0..N into one long key: K log2(N + 1); at most {@link #KEY_BITS}. */
    static final int KEY_BITS = 62;

    /** Which limit a document of this length under K topics hits, in words, or null when it is evaluated. */
    private String refusal(int length, int numTopics) {
        double states = stateCount(length, numTopics);
        if (states > maxStates) {
            return String.format(java.util.Locale.ROOT, "exact: a document of %d tokens under K = %d topics has %.3g topic-count states,"
                    + " above the limit of %d (--max-exact-states)", length, numTopics, states, maxStates);
        }
        double bits = numTopics * (Math.log(length + 1.0) / Math.log(2));
        if (bits >= KEY_BITS) {
            return String.format(java.util.Locale.ROOT, "exact: the topic counts of a document of %d tokens under K = %d topics need"
                    + " %.0f bits, more than the %d bits of the key this evaluator packs them in (whatever --max-exact-states is)",
                    length, numTopics, bits, KEY_BITS);
        }
        return null;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        // another family has no topic counts to sum over: quadrature over eta answers it at K = 2 and 3
        double logValue = model.isLda() ? logProbability(DocumentView.of(document), model, cancel)
                : EtaQuadrature.logProbability(DocumentView.of(document), model, cancel);
        return EstimateResult.since(start, logValue, new double[0], 0, document.length());
    }

    /** log P(w | Phi, alpha) of a document view. */
    public double logProbability(DocumentView view, TopicModel model, CancelToken cancel) {
        int length = view.length();
        int numTopics = model.numTopics();
        String refusal = refusal(length, numTopics);
        if (refusal != null) {
            throw new EstimationException(refusal);
        }
        double[] rows = view.rows(model);
        double[] alpha = model.alpha();
        double alphaSum = model.alphaSum();
        long radix = length + 1L;
        long[] place = new long[numTopics];
        place[0] = 1;
        for (int k = 1; k < numTopics; k++) {
            place[k] = place[k - 1] * radix;
        }
        Long2DoubleOpenHashMap level = new Long2DoubleOpenHashMap();
        level.put(0L, 1.0);
        double logScale = 0;
        for (int m = 0; m < length; m++) {
            cancel.check();
            int base = view.slot(m) * numTopics;
            double norm = 1.0 / (m + alphaSum);
            Long2DoubleOpenHashMap next = new Long2DoubleOpenHashMap(Math.max(16, (int) Math.min(Integer.MAX_VALUE / 2, level.size() * 2L)));
            double max = 0;
            for (Long2DoubleMap.Entry e : level.long2DoubleEntrySet()) {
                long key = e.getLongKey();
                double v = e.getDoubleValue() * norm;
                for (int k = 0; k < numTopics; k++) {
                    double phi = rows[base + k];
                    if (phi == 0) {
                        continue;
                    }
                    long count = (key / place[k]) % radix;
                    double add = v * phi * (count + alpha[k]);
                    double updated = next.addTo(key + place[k], add) + add;
                    if (updated > max) {
                        max = updated;
                    }
                }
            }
            if (!(max > 0)) {
                throw new IllegalStateException("exact: every path has probability 0 at token " + m);
            }
            double inverse = 1.0 / max;
            for (Long2DoubleMap.Entry e : next.long2DoubleEntrySet()) {
                e.setValue(e.getDoubleValue() * inverse);
            }
            logScale += Math.log(max);
            level = next;
        }
        double sum = 0;
        for (double v : level.values()) {
            sum += v;
        }
        return logScale + Math.log(sum);
    }
}
