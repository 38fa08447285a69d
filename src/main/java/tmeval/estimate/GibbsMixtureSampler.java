package tmeval.estimate;

import org.apache.commons.math3.special.Gamma;
import tmeval.anneal.TemperedPosterior;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.Dirichlet;
import tmeval.sampling.DocumentView;
import tmeval.sampling.GibbsSweep;
import tmeval.sampling.LogMath;
import tmeval.sampling.TopicState;

import java.util.SplittableRandom;

/**
 * {@code is-gibbs}: importance sampling over theta, the topics summed out, from a proposal built on the posterior itself:
 * q(theta) = e Dir(theta; alpha) + (1 - e) (1/M) sum_m Dir(theta; alpha + n(z_m)), where the z_m are collapsed-Gibbs
 * draws of the document's topic assignments from {@link #CHAINS} chains started apart, and e = {@link #PRIOR_SHARE}.
 * <p>
 * Why this proposal. Given z the posterior of theta is exactly Dir(alpha + n(z)), so the mixture over posterior draws of z
 * is the Rao-Blackwellised posterior of theta: where a chain has been, the proposal has the posterior's own shape, in every
 * mode a chain found, with no mean-field narrowing ({@code is-vb}) and no single centre ({@code lee-is}). With low alpha the
 * posterior has several modes (a document that could be topic 3 or topic 7); one chain stays in one of them, so the chains
 * start apart: one from each token's most likely topic, half of the others from the corners of most mass (every token in
 * one topic), the rest from the tokens' most likely topics under a prior draw of theta each. The defensive prior share bounds every weight by
 * P(w | theta) / e, so the weights' variance is finite whatever the chains missed (Hesterberg 1995), and a mode they missed
 * shows as a rare, large weight: the heavy tail the run's own Pareto k-hat sees ({@link WeightDiagnostics}).
 * <p>
 * Unbiased in probability space: the components are fixed before any theta is drawn (they depend on the chains' randomness
 * only), and for any fixed components E_q[P(w | theta) Dir(theta; alpha) / q(theta)] = P(w) since q covers the prior's
 * support. Each weight is taken against the whole mixture relative to the prior, log w = log P(w | theta) - log(e + (1 - e)
 * (1/M) sum_m Dir_m(theta) / Dir(theta; alpha)), where each ratio is Gamma(A + N) / Gamma(A) prod_k Gamma(alpha_k) /
 * Gamma(alpha_k + n_mk) theta_k^n_mk over the component's present topics only: nothing of size 1 / alpha (alpha down to
 * 1e-300) is ever added and subtracted.
 * <p>
 * Cost: the chains' sweeps (token updates) plus S draws, each evaluating P(w | theta) over the document's distinct words
 * (distinct words x K multiply-adds) and the M components over their present topics.
 */
public final class GibbsMixtureSampler implements Estimator {
    /**
     * Chains started apart, and draws per chain. On the exact multi-modal cases ({@code MultiModalCases}: K = 3 and 4, alpha
     * 0.01 to 0.05, N 20 to 300; 10 runs of 1,000 samples on each of 30 documents) 8 chains of 8 draws left a root mean
     * squared error of 0.109 nats and a worst run 0.74 nats low (a mode no chain of that run found); 8 of 32, 0.052 and
     * 0.13; 16 of 16 with a prior share of 0.05, 0.025 and 0.078, for 7.9 ms a run against 5.4: the components are cheap
     * (sparse over the present topics), a missed mode is not.
     */
    public static final int CHAINS = 16;
    /** Sweeps before a chain's first draw. */
    public static final int BURN_IN = 20;
    /** Draws of z per chain, one every {@link #THIN} sweeps: the mixture has {@code CHAINS x DRAWS} components. */
    public static final int DRAWS = 16;
    public static final int THIN = 2;
    /** The prior's share of the proposal: it bounds every weight by P(w | theta) / share. */
    public static final double PRIOR_SHARE = 0.05;
    /**
     * Each draw of z gives two components, Dir(alpha + n(z)) and Dir(alpha + n(z) / 2). The posterior of theta is wider than
     * any one Dir(alpha + n(z)) (its variance adds the spread of n(z) across z), so a mixture of a few hundred of them
     * leaves gaps between components where the weights grow heavy-tailed; halving the counts fills them. On the sample
     * model's six hardest documents of 100 (K = 20, N 129 to 427) the effective sample size of 1,000 draws rose from 6 to
     * 130 to between 20 and 275 (4,000 draws: 16 to 272, against 281 to 1,035), k-hat from 0.42 to 0.91 to 0.08 to 0.74;
     * a quarter did no better than a half there. On the models of other libraries at K = 50 (performance.md, "More
     * certificates on other libraries' K = 50 models") 0.3 did better at the same cost: of 200 KOS documents of about 150
     * tokens 44 and 29 certified on scikit-learn's and gensim's models against 39 and 13 at 0.5, 48 reference runs
     * against 39 with none beyond three targets, the exact multi-modal cases unchanged (90 of 90 within one target).
     */
    static final double WIDENED = 0.3;

    private final int samples;
    private final int chains;
    private final int draws;
    private final double priorShare;

    /**
     * The default mixture ({@link #CHAINS} chains of {@link #DRAWS} draws) at S samples. The components do not grow with
     * S: each sample evaluates every component, and components grown with the budget (tried: 16 sqrt(S/1000) draws a
     * chain, up to 64) made a document auto escalates to S = 16,000 cost S x 2,048 components x its present topics, a
     * minute of CPU on the field models' hard documents.
     */
    public GibbsMixtureSampler(int samples) {
        this(samples, CHAINS, DRAWS, PRIOR_SHARE);
    }

    /** Another mixture, for measurement and for the tests' planted failures (one chain, which finds one mode). */
    GibbsMixtureSampler(int samples, int chains, int draws, double priorShare) {
        if (samples < 1 || chains < 1 || draws < 1 || !(priorShare > 0 && priorShare < 1)) {
            throw new IllegalArgumentException(Methods.IS_GIBBS + " needs samples, chains and draws of at least one and a prior share in (0, 1)");
        }
        this.samples = samples;
        this.chains = chains;
        this.draws = draws;
        this.priorShare = priorShare;
    }

    @Override
    public String method() {
        return Methods.IS_GIBBS;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        DocumentView view = DocumentView.of(document);
        int numTopics = model.numTopics();
        int length = document.length();
        double[] alpha = model.alpha();
        double[] rows = view.rows(model);
        double[] logRows = view.logRows(model);

        Components components = components(view, model, logRows, chains, draws, random, cancel);
        int m = components.size();
        int drawn = components.draws();
        // the draws are allotted, not drawn: the prior's share first, then the components in turn, chain by chain, so that
        // each gets its share exactly (S x share, to a draw) and the mixture's shares are those counts: multiple importance
        // sampling with the balance heuristic, unbiased for fixed counts (Veach 1997), without the multinomial noise of
        // which component each draw came from
        int fromPrior = Math.max(1, (int) Math.round(priorShare * samples));
        int[] allotted = new int[m];
        int[] order = new int[drawn];
        for (int i = 0; i < drawn; i++) {
            order[i] = components.componentOf((i % chains) * (drawn / chains) + i / chains);
        }
        // each component's allotment by the chain its draws came from: draw i of the order is chain i % chains
        double[][] byChain = new double[m][chains];
        for (int t = 0; t < samples - fromPrior; t++) {
            allotted[order[t % drawn]]++;
            byChain[order[t % drawn]][(t % drawn) % chains]++;
        }
        // the share of a component's allotment that is not chain j's: the mixture without chain j, term by term
        double[][] others = new double[chains][m];
        for (int c = 0; c < m; c++) {
            for (int j = 0; j < chains; j++) {
                others[j][c] = allotted[c] == 0 ? 0 : (allotted[c] - byChain[c][j]) / allotted[c];
            }
        }
        double[] otherTerms = new double[m];
        double[] terms = new double[m];
        double[] coveredShare = new double[samples];
        double logPriorShare = Math.log((double) fromPrior / samples);
        double[] logShare = new double[m];
        for (int c = 0; c < m; c++) {
            logShare[c] = allotted[c] == 0 ? Double.NEGATIVE_INFINITY : Math.log((double) allotted[c] / samples);
        }
        double[] logTheta = new double[numTopics];
        double[] theta = new double[numTopics];
        double[] parameters = new double[numTopics];
        double[] logRatio = new double[m + 1];
        double[] logWeights = new double[samples];
        long componentWork = 0;
        for (int s = 0; s < samples; s++) {
            if (s < fromPrior) {
                Dirichlet.logDraw(alpha, random, logTheta);
            } else {
                components.parameters(order[(s - fromPrior) % drawn], alpha, parameters);
                Dirichlet.logDraw(parameters, random, logTheta);
            }
            logRatio[m] = logPriorShare;
            for (int c = 0; c < m; c++) {
                logRatio[c] = allotted[c] == 0 ? Double.NEGATIVE_INFINITY : logShare[c] + components.logRatioToPrior(c, logTheta);
            }
            // (a component no draw was allotted to, when S is smaller than the draws, is not in the mixture)
            componentWork += components.entries();
            // one pass of exp over the terms gives both the proposal's density and the chains' coverage (three passes had
            // cost a third of a draw); summed in LogMath.logSumExp's order, so the weights are the same to the last bit
            double max = logRatio[m];
            for (int c = 0; c < m; c++) {
                max = Math.max(max, logRatio[c]);
            }
            double density = 0;
            for (int c = 0; c < m; c++) {
                terms[c] = Math.exp(logRatio[c] - max);
                density += terms[c];
            }
            double logProposalOverPrior = max == Double.POSITIVE_INFINITY ? max : max + Math.log(density + Math.exp(logRatio[m] - max));
            logWeights[s] = ThetaSampling.logLikelihoodScaled(view, rows, logRows, numTopics, logTheta, theta) - logProposalOverPrior;
            if (s >= fromPrior && chains > 1) {
                // the share of the components' density at this draw that the other chains give: near (C - 1) / C where
                // the chains mixed, near 0 where only the draw's own chain found this part of the posterior
                int chain = ((s - fromPrior) % drawn) % chains;
                coveredShare[s] = density > 0 ? otherShare(terms, others[chain], m, density) : otherShareInLogs(logRatio, others[chain], otherTerms, m);
                componentWork += m; // a pass over the components: their weights by chain
            } else {
                coveredShare[s] = Double.NaN;
            }
            cancel.checkEvery(s);
        }
        double logValue = LogMath.logMeanExp(logWeights);
        double coverage = chainCoverage(logWeights, coveredShare, chains);
        long sweeps = (long) chains * (BURN_IN + (long) draws * THIN);
        long cost = sweeps * length + (long) samples * view.numLocalWords() + componentWork / Math.max(1, numTopics);
        return new EstimateResult(logValue, logWeights, cost, length, RunClock.now() - start, coverage);
    }

    /** The other chains' share of the components' density at a draw, from the terms exp(log ratio - max). */
    private static double otherShare(double[] terms, double[] others, int m, double components) {
        double covered = 0;
        for (int c = 0; c < m; c++) {
            covered += terms[c] * others[c];
        }
        return covered / components;
    }

    /** The same in logs, where every component's term underflowed against the prior's (alpha near zero). */
    private static double otherShareInLogs(double[] logRatio, double[] others, double[] scratch, int m) {
        for (int c = 0; c < m; c++) {
            scratch[c] = logRatio[c] + Math.log(others[c]);
        }
        return Math.exp(LogMath.logSumExp(scratch, m) - LogMath.logSumExp(logRatio, m));
    }

    /**
     * How far the chains cover each other where the posterior is: the share of the components' density the other chains
     * give at each draw from a component, averaged with the draws' importance weights (so a chain stuck in a corner of
     * no posterior mass does not count) and scaled so that chains that mixed give 1. A part of the posterior found by
     * one chain alone is the sign of parts found by none (as Good and Turing estimate unseen species from those seen
     * once), which the weights cannot show: issue 34's false certificates had chains covering each other 0 to 19%.
     */
    static double chainCoverage(double[] logWeights, double[] coveredShare, int chains) {
        if (chains < 2) {
            return Double.NaN;
        }
        double max = Double.NEGATIVE_INFINITY;
        for (int s = 0; s < logWeights.length; s++) {
            if (!Double.isNaN(coveredShare[s])) {
                max = Math.max(max, logWeights[s]);
            }
        }
        if (max == Double.NEGATIVE_INFINITY) {
            return Double.NaN;
        }
        double weighted = 0;
        double total = 0;
        for (int s = 0; s < logWeights.length; s++) {
            if (!Double.isNaN(coveredShare[s])) {
                double w = Math.exp(logWeights[s] - max);
                weighted += w * coveredShare[s];
                total += w;
            }
        }
        return weighted / total * chains / (chains - 1);
    }

    /** The chains, started apart, and {@code draws} draws of their topic counts each. */
    static Components components(DocumentView view, TopicModel model, double[] logRows, int chains, int draws, SplittableRandom random,
                                 CancelToken cancel) {
        int numTopics = model.numTopics();
        int length = view.length();
        double[] alpha = model.alpha();
        double[] logStartTheta = new double[numTopics];
        TemperedPosterior posterior = TemperedPosterior.posterior(view, model);
        TopicState state = new TopicState(length, numTopics);
        double[] scratch = new double[numTopics];
        int[] start = new int[length];
        Components components = new Components(model, length, 2 * chains * draws);
        int[] corners = cornersByMass(view, logRows, alpha, numTopics);
        for (int chain = 0; chain < chains; chain++) {
            // chain 0 from every token's most likely topic; the odd chains from the corners of most mass (every token in
            // one topic: at low alpha the posterior's modes sit near corners and edges, and a chain leaves a corner
            // slowly); the even ones from the tokens' most likely topics under a prior draw of theta
            int corner = chain % 2 == 1 && chain / 2 < corners.length ? corners[chain / 2] : -1;
            if (chain == 0 || corner >= 0) {
                java.util.Arrays.fill(logStartTheta, 0);
            } else {
                Dirichlet.logDraw(alpha, random, logStartTheta);
            }
            for (int i = 0; i < length; i++) {
                int base = view.slot(i) * numTopics;
                int best = 0;
                double bestValue = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < numTopics; k++) {
                    double v = logStartTheta[k] + logRows[base + k];
                    if (v > bestValue) {
                        bestValue = v;
                        best = k;
                    }
                }
                // a corner keeps a token only where its topic can emit the word
                start[i] = corner >= 0 && logRows[base + corner] > Double.NEGATIVE_INFINITY ? corner : best;
            }
            state.set(start);
            for (int sweep = 0; sweep < BURN_IN; sweep++) {
                GibbsSweep.forward(posterior, state, random, scratch);
            }
            for (int draw = 0; draw < draws; draw++) {
                for (int sweep = 0; sweep < THIN; sweep++) {
                    GibbsSweep.forward(posterior, state, random, scratch);
                }
                components.add(state.counts, 1.0);
                components.add(state.counts, WIDENED);
            }
            cancel.checkEvery(chain);
        }
        return components;
    }

    /** Topics by the mass of their corner, log alpha_k / A + sum_n log phi(w_n, k): all of the document in topic k. */
    private static int[] cornersByMass(DocumentView view, double[] logRows, double[] alpha, int numTopics) {
        double[] mass = new double[numTopics];
        for (int k = 0; k < numTopics; k++) {
            mass[k] = Math.log(alpha[k]);
            for (int s = 0; s < view.numLocalWords(); s++) {
                mass[k] += view.count(s) * logRows[s * numTopics + k];
            }
        }
        return java.util.stream.IntStream.range(0, numTopics).boxed()
                .sorted((a, b) -> Double.compare(mass[b], mass[a]) != 0 ? Double.compare(mass[b], mass[a]) : Integer.compare(a, b))
                .mapToInt(Integer::intValue).toArray();
    }

    /**
     * The mixture's components Dir(alpha + n_m), each stored sparsely (its present topics and counts) with the log of its
     * density's ratio to the prior's at theta = 1: Gamma(A + N) / Gamma(A) prod_k Gamma(alpha_k) / Gamma(alpha_k + n_mk).
     */
    static final class Components {
        private final double[] alpha;
        private final java.util.Map<CountKey, Integer> index = new java.util.HashMap<>();
        private final int[] componentOfDraw;
        private int draws;
        private final int[][] topics;
        private final double[][] counts;
        private final double[] logConstant;
        private int size;
        private int entries;
        private final double alphaSum;

        Components(TopicModel model, int length, int capacity) {
            this.alpha = model.alpha();
            this.topics = new int[capacity][];
            this.counts = new double[capacity][];
            this.logConstant = new double[capacity];
            this.componentOfDraw = new int[capacity];
            double sum = 0;
            for (double a : alpha) {
                sum += a;
            }
            this.alphaSum = sum;
        }

        /**
         * Adds a draw's topic counts: a count vector drawn before is the same component (a chain in a stable mode, or at a
         * corner, draws the same counts many times), so each distinct one is evaluated once per theta and its share is the
         * sum of its draws' allotments: the same mixture, fewer terms.
         */
        void add(int[] topicCounts, double scale) {
            Integer known = index.get(new CountKey(topicCounts, scale));
            if (known != null) {
                componentOfDraw[draws++] = known;
                return;
            }
            index.put(new CountKey(topicCounts.clone(), scale), size);
            componentOfDraw[draws++] = size;
            int present = 0;
            for (int n : topicCounts) {
                present += n > 0 ? 1 : 0;
            }
            int[] t = new int[present];
            double[] c = new double[present];
            double total = 0;
            for (int n : topicCounts) {
                total += n;
            }
            double constant = Gamma.logGamma(alphaSum + scale * total) - Gamma.logGamma(alphaSum);
            int j = 0;
            for (int k = 0; k < topicCounts.length; k++) {
                if (topicCounts[k] > 0) {
                    t[j] = k;
                    c[j] = scale * topicCounts[k];
                    constant -= Gamma.logGamma(alpha[k] + c[j]) - Gamma.logGamma(alpha[k]);
                    j++;
                }
            }
            topics[size] = t;
            counts[size] = c;
            logConstant[size] = constant;
            entries += present;
            size++;
        }

        /** Distinct components. */
        int size() {
            return size;
        }

        /** Draws added, distinct or not. */
        int draws() {
            return draws;
        }

        /** The component of the draw'th draw. */
        int componentOf(int draw) {
            return componentOfDraw[draw];
        }

        /** A count vector as a map key, by its contents. */
        private record CountKey(int[] counts, double scale) {
            @Override
            public boolean equals(Object o) {
                return o instanceof CountKey k && scale == k.scale && java.util.Arrays.equals(counts, k.counts);
            }

            @Override
            public int hashCode() {
                return 31 * java.util.Arrays.hashCode(counts) + Double.hashCode(scale);
            }
        }

        /** The present topics summed over the components: the work of one evaluation of the mixture. */
        int entries() {
            return entries;
        }

        /** log Dir(theta; alpha + n_c) - log Dir(theta; alpha), over the component's present topics only. */
        double logRatioToPrior(int c, double[] logTheta) {
            double r = logConstant[c];
            int[] t = topics[c];
            double[] n = counts[c];
            for (int j = 0; j < t.length; j++) {
                r += n[j] * logTheta[t[j]];
            }
            return r;
        }

        /** Fills out with alpha + n_c. */
        void parameters(int c, double[] alpha, double[] out) {
            System.arraycopy(alpha, 0, out, 0, alpha.length);
            int[] t = topics[c];
            double[] n = counts[c];
            for (int j = 0; j < t.length; j++) {
                out[t[j]] += n[j];
            }
        }
    }
}
