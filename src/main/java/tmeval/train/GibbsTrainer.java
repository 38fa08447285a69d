package tmeval.train;

import org.apache.commons.math3.special.Gamma;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Collapsed Gibbs sampling for LDA (Griffiths and Steyvers) with the SparseLDA split of the conditional
 * (Yao, Mimno and McCallum 2009), as MALLET's ParallelTopicModel does:
 * (alpha_k + n_dk)(n_wk + beta)/(n_k + V beta) = alpha_k beta/(n_k + V beta)     [smoothing, s]
 *                                              + n_dk beta/(n_k + V beta)         [document, r]
 *                                              + n_wk (alpha_k + n_dk)/(n_k + V beta)  [topic-word, q]
 * Only the q bucket is computed per token, over the topics the word has; s and r are kept up to date
 * incrementally. Single-threaded and seeded, so the same seed gives the same model bit for bit.
 */
public final class GibbsTrainer {
    /** Receives a model snapshot after the given number of iterations. */
    @FunctionalInterface
    public interface SnapshotListener {
        void snapshot(int iteration, TopicModel model);
    }

    /** What training produced: the final model and the assignments it came from. */
    public record Result(TopicModel model, TrainingState state) {
    }

    /** Receives the training log-likelihood every so many iterations. */
    @FunctionalInterface
    public interface LogListener {
        /**
         * @param logLikelihoodPerToken log P(w, z | alpha, beta) of the corpus and its assignments over the tokens, the
         *                              figure MALLET prints as "LL/token"
         */
        void log(int iteration, double logLikelihoodPerToken, double beta, double alphaSum);
    }

    private final TrainerConfig config;
    private final int logEvery;
    private final LogListener log;
    private final boolean optimizeBeta;
    private final java.util.function.BooleanSupplier stopAfterSnapshot;

    public GibbsTrainer(TrainerConfig config) {
        this(config, 0, (i, ll, b, a) -> { }, false, () -> false);
    }

    private GibbsTrainer(TrainerConfig config, int logEvery, LogListener log, boolean optimizeBeta,
                         java.util.function.BooleanSupplier stopAfterSnapshot) {
        this.config = config;
        this.logEvery = logEvery;
        this.log = log;
        this.optimizeBeta = optimizeBeta;
        this.stopAfterSnapshot = stopAfterSnapshot;
    }

    /** This trainer, reporting the log-likelihood per token every {@code every} iterations (0: never). */
    public GibbsTrainer logging(int every, LogListener listener) {
        return new GibbsTrainer(config, every, listener, optimizeBeta, stopAfterSnapshot);
    }

    /**
     * This trainer, also optimising the symmetric beta on alpha's schedule by Minka's fixed point for a Dirichlet-
     * multinomial, as MALLET's {@code --optimize-interval} does for beta.
     */
    public GibbsTrainer optimizingBeta() {
        return new GibbsTrainer(config, logEvery, log, true, stopAfterSnapshot);
    }

    /**
     * This trainer, ending early after the snapshot at which {@code stop} first answers true (the workbench's Stop
     * training): the result is the model of that snapshot, and every snapshot handed over so far stands.
     */
    public GibbsTrainer stoppingAfterSnapshotWhen(java.util.function.BooleanSupplier stop) {
        return new GibbsTrainer(config, logEvery, log, optimizeBeta, stop);
    }

    public Result train(Corpus corpus, String modelName, SnapshotListener snapshots, Progress progress, CancelToken cancel) {
        return new Run(corpus, config.beta(), null).execute(modelName, snapshots, progress, cancel);
    }

    /**
     * Continues a run from the assignments of a state (its documents are the corpus, its beta is kept); alpha starts
     * from the state's, spread evenly over the topics when the prior is symmetric. The configuration's alpha sum
     * and beta are not used. Warm-starting two runs from one state keeps their topics in the same mode, so they
     * differ by what the configurations change (the alpha treatment), not by label switching.
     */
    public Result resume(TrainingState initial, String modelName, SnapshotListener snapshots, Progress progress, CancelToken cancel) {
        if (initial.numTopics() != config.numTopics()) {
            throw new IllegalArgumentException("the state has " + initial.numTopics() + " topics, not " + config.numTopics());
        }
        List<Document> documents = new ArrayList<>(initial.numDocuments());
        for (int d = 0; d < initial.numDocuments(); d++) {
            documents.add(new Document("doc-" + d, initial.words(d)));
        }
        Corpus corpus = new Corpus("state", initial.vocabulary(), documents, 0, 0);
        return new Run(corpus, initial.beta(), initial).execute(modelName, snapshots, progress, cancel);
    }

    /** The mutable sampler state of one training run. */
    private final class Run {
        private final Corpus corpus;
        private final int numTopics = config.numTopics();
        private final int numWords;
        private double beta;
        private final TrainingState initial;
        private double betaSum;
        private final int[][] words;
        private final int[][] topics;
        private final double[] alpha;
        private final int[] wordTopic;        // n_wk, word-major
        private final int[] wordTopicList;    // per word, the topics with n_wk > 0, at [w*K, w*K + wordTopicSize[w])
        private final int[] wordTopicSize;
        private final int[] wordTopicSlot;    // position of topic k in word w's list, or -1
        private final int[] topicTotal;       // n_k
        private final double[] inverseDenominator; // 1 / (n_k + V beta)
        private final SplittableRandom random;

        Run(Corpus corpus, double beta, TrainingState initial) {
            this.corpus = corpus;
            this.beta = beta;
            this.initial = initial;
            this.numWords = corpus.vocabulary().size();
            this.betaSum = beta * numWords;
            this.words = new int[corpus.size()][];
            this.topics = new int[corpus.size()][];
            this.alpha = new double[numTopics];
            if (initial == null) {
                Arrays.fill(alpha, config.alphaSum() / numTopics);
            } else if (config.alphaMode() == AlphaMode.SYMMETRIC) {
                Arrays.fill(alpha, Arrays.stream(initial.alpha()).sum() / numTopics);
            } else {
                System.arraycopy(initial.alpha(), 0, alpha, 0, numTopics);
            }
            this.wordTopic = new int[numWords * numTopics];
            this.wordTopicList = new int[numWords * numTopics];
            this.wordTopicSize = new int[numWords];
            this.wordTopicSlot = new int[numWords * numTopics];
            Arrays.fill(wordTopicSlot, -1);
            this.topicTotal = new int[numTopics];
            this.inverseDenominator = new double[numTopics];
            this.random = RandomStreams.stream(config.seed(), RandomStreams.key("train"));
        }

        Result execute(String modelName, SnapshotListener snapshots, Progress progress, CancelToken cancel) {
            initialise();
            int[] docTopic = new int[numTopics];
            int[] docTopicList = new int[numTopics];
            int[] docTopicSlot = new int[numTopics];
            Arrays.fill(docTopicSlot, -1);
            double[] coefficient = new double[numTopics];
            double[] qWeights = new double[numTopics];
            for (int iteration = 1; iteration <= config.iterations(); iteration++) {
                cancel.check();
                sweep(docTopic, docTopicList, docTopicSlot, coefficient, qWeights, cancel);
                if (config.alphaMode() != AlphaMode.FIXED && iteration > config.optimizeBurnIn()
                        && iteration % config.optimizeInterval() == 0) {
                    optimiseAlpha();
                }
                if (optimizeBeta && iteration > config.optimizeBurnIn() && iteration % config.optimizeInterval() == 0) {
                    optimiseBeta();
                }
                if (logEvery > 0 && (iteration % logEvery == 0 || iteration == config.iterations())) {
                    log.log(iteration, logLikelihood() / Math.max(1, totalTokens()), beta, Arrays.stream(alpha).sum());
                }
                if (config.snapshotEvery() > 0 && iteration % config.snapshotEvery() == 0) {
                    snapshots.snapshot(iteration, model(modelName + " @" + iteration));
                    if (stopAfterSnapshot.getAsBoolean()) {
                        break;
                    }
                }
                progress.update(iteration, config.iterations(), "iteration " + iteration);
            }
            List<int[]> w = new ArrayList<>(Arrays.asList(words));
            List<int[]> z = new ArrayList<>(Arrays.asList(topics));
            TrainingState state = new TrainingState(corpus.vocabulary(), alpha, beta, w, z);
            return new Result(model(modelName), state);
        }

        private TopicModel model(String name) {
            return TrainingState.modelFromCounts(name, corpus.vocabulary(), wordTopic, alpha, beta);
        }

        private void initialise() {
            for (int d = 0; d < corpus.size(); d++) {
                words[d] = corpus.document(d).tokens();
                topics[d] = initial == null ? new int[words[d].length] : initial.topics(d);
                for (int i = 0; i < words[d].length; i++) {
                    int k = initial == null ? random.nextInt(numTopics) : topics[d][i];
                    topics[d][i] = k;
                    addWordTopic(words[d][i], k);
                    topicTotal[k]++;
                }
            }
            for (int k = 0; k < numTopics; k++) {
                inverseDenominator[k] = 1.0 / (topicTotal[k] + betaSum);
            }
        }

        private void addWordTopic(int w, int k) {
            int idx = w * numTopics + k;
            if (wordTopic[idx]++ == 0) {
                int slot = wordTopicSize[w]++;
                wordTopicList[w * numTopics + slot] = k;
                wordTopicSlot[idx] = slot;
            }
        }

        private void removeWordTopic(int w, int k) {
            int idx = w * numTopics + k;
            if (--wordTopic[idx] == 0) {
                int base = w * numTopics;
                int slot = wordTopicSlot[idx];
                int lastSlot = --wordTopicSize[w];
                int moved = wordTopicList[base + lastSlot];
                wordTopicList[base + slot] = moved;
                wordTopicSlot[base + moved] = slot;
                wordTopicSlot[idx] = -1;
            }
        }

        private void sweep(int[] docTopic, int[] docTopicList, int[] docTopicSlot, double[] coefficient, double[] qWeights,
                           CancelToken cancel) {
            // smoothing bucket: sum_k alpha_k beta / (n_k + V beta), recomputed each sweep so rounding cannot drift
            double smoothing = 0;
            for (int k = 0; k < numTopics; k++) {
                smoothing += alpha[k] * beta * inverseDenominator[k];
                coefficient[k] = alpha[k] * inverseDenominator[k];
            }
            for (int d = 0; d < words.length; d++) {
                // a sweep over a large corpus takes seconds: stop within a document of a cancel (one volatile read)
                cancel.check();
                int[] w = words[d];
                int[] z = topics[d];
                int docSize = 0;
                for (int i = 0; i < z.length; i++) {
                    int k = z[i];
                    if (docTopic[k]++ == 0) {
                        docTopicSlot[k] = docSize;
                        docTopicList[docSize++] = k;
                    }
                }
                double document = 0;
                for (int j = 0; j < docSize; j++) {
                    int k = docTopicList[j];
                    document += docTopic[k] * beta * inverseDenominator[k];
                    coefficient[k] = (alpha[k] + docTopic[k]) * inverseDenominator[k];
                }
                for (int i = 0; i < w.length; i++) {
                    int word = w[i];
                    int old = z[i];
                    // take the token out
                    smoothing -= alpha[old] * beta * inverseDenominator[old];
                    document -= docTopic[old] * beta * inverseDenominator[old];
                    removeWordTopic(word, old);
                    topicTotal[old]--;
                    inverseDenominator[old] = 1.0 / (topicTotal[old] + betaSum);
                    if (--docTopic[old] == 0) {
                        int slot = docTopicSlot[old];
                        int moved = docTopicList[--docSize];
                        docTopicList[slot] = moved;
                        docTopicSlot[moved] = slot;
                    }
                    smoothing += alpha[old] * beta * inverseDenominator[old];
                    document += docTopic[old] * beta * inverseDenominator[old];
                    coefficient[old] = (alpha[old] + docTopic[old]) * inverseDenominator[old];

                    // topic-word bucket over the topics this word has
                    int base = word * numTopics;
                    int size = wordTopicSize[word];
                    double topicWord = 0;
                    for (int j = 0; j < size; j++) {
                        int k = wordTopicList[base + j];
                        double q = wordTopic[base + k] * coefficient[k];
                        qWeights[j] = q;
                        topicWord += q;
                    }
                    double u = random.nextDouble() * (smoothing + document + topicWord);
                    int chosen;
                    if (u < topicWord) {
                        chosen = wordTopicList[base + pick(qWeights, size, u)];
                    } else if ((u -= topicWord) < document) {
                        chosen = docTopicList[docSize - 1];
                        for (int j = 0; j < docSize; j++) {
                            int k = docTopicList[j];
                            u -= docTopic[k] * beta * inverseDenominator[k];
                            if (u < 0) {
                                chosen = k;
                                break;
                            }
                        }
                    } else {
                        u -= document;
                        chosen = numTopics - 1;
                        for (int k = 0; k < numTopics; k++) {
                            u -= alpha[k] * beta * inverseDenominator[k];
                            if (u < 0) {
                                chosen = k;
                                break;
                            }
                        }
                    }
                    // put it back under the chosen topic
                    smoothing -= alpha[chosen] * beta * inverseDenominator[chosen];
                    document -= docTopic[chosen] * beta * inverseDenominator[chosen];
                    addWordTopic(word, chosen);
                    topicTotal[chosen]++;
                    inverseDenominator[chosen] = 1.0 / (topicTotal[chosen] + betaSum);
                    if (docTopic[chosen]++ == 0) {
                        docTopicSlot[chosen] = docSize;
                        docTopicList[docSize++] = chosen;
                    }
                    smoothing += alpha[chosen] * beta * inverseDenominator[chosen];
                    document += docTopic[chosen] * beta * inverseDenominator[chosen];
                    coefficient[chosen] = (alpha[chosen] + docTopic[chosen]) * inverseDenominator[chosen];
                    z[i] = chosen;
                }
                // clear the document's counts and restore the document-free coefficients
                for (int j = 0; j < docSize; j++) {
                    int k = docTopicList[j];
                    docTopic[k] = 0;
                    coefficient[k] = alpha[k] * inverseDenominator[k];
                }
            }
        }

        /** The index within the q bucket where the running sum passes u (u < total by construction). */
        private int pick(double[] weights, int size, double u) {
            for (int j = 0; j < size - 1; j++) {
                u -= weights[j];
                if (u < 0) {
                    return j;
                }
            }
            return size - 1;
        }

        private long totalTokens() {
            long n = 0;
            for (int t : topicTotal) {
                n += t;
            }
            return n;
        }

        /**
         * log P(w, z | alpha, beta): the Dirichlet-multinomial of each document's topic counts and of each topic's word
         * counts (words never assigned to a topic add nothing).
         */
        double logLikelihood() {
            double alphaSum = Arrays.stream(alpha).sum();
            double ll = 0;
            double[] logGammaAlpha = new double[numTopics];
            for (int k = 0; k < numTopics; k++) {
                logGammaAlpha[k] = Gamma.logGamma(alpha[k]);
            }
            int[] counts = new int[numTopics];
            for (int[] z : topics) {
                ll += Gamma.logGamma(alphaSum) - Gamma.logGamma(alphaSum + z.length);
                for (int k : z) {
                    counts[k]++;
                }
                for (int k : z) {
                    if (counts[k] > 0) {
                        ll += Gamma.logGamma(alpha[k] + counts[k]) - logGammaAlpha[k];
                        counts[k] = 0;
                    }
                }
            }
            double logGammaBeta = Gamma.logGamma(beta);
            for (int k = 0; k < numTopics; k++) {
                ll += Gamma.logGamma(betaSum) - Gamma.logGamma(betaSum + topicTotal[k]);
            }
            for (int i = 0; i < wordTopic.length; i++) {
                if (wordTopic[i] > 0) {
                    ll += Gamma.logGamma(beta + wordTopic[i]) - logGammaBeta;
                }
            }
            return ll;
        }

        /**
         * Minka's fixed point for a symmetric Dirichlet over V words: beta <- beta sum_{k,w} [digamma(n_wk + beta) -
         * digamma(beta)] / (V sum_k [digamma(n_k + V beta) - digamma(V beta)]), a few steps, then the cached
         * denominators follow.
         */
        private void optimiseBeta() {
            for (int step = 0; step < 20; step++) {
                double numerator = 0;
                double digammaBeta = Gamma.digamma(beta);
                for (int n : wordTopic) {
                    if (n > 0) {
                        numerator += Gamma.digamma(n + beta) - digammaBeta;
                    }
                }
                double denominator = 0;
                double digammaSum = Gamma.digamma(numWords * beta);
                for (int k = 0; k < numTopics; k++) {
                    denominator += Gamma.digamma(topicTotal[k] + numWords * beta) - digammaSum;
                }
                double next = beta * numerator / (numWords * denominator);
                if (!(next > 0) || !Double.isFinite(next)) {
                    break;
                }
                boolean settled = Math.abs(next - beta) < 1e-9 * beta;
                beta = next;
                if (settled) {
                    break;
                }
            }
            betaSum = beta * numWords;
            for (int k = 0; k < numTopics; k++) {
                inverseDenominator[k] = 1.0 / (topicTotal[k] + betaSum);
            }
        }

        private void optimiseAlpha() {
            int maxLength = 0;
            for (int[] w : words) {
                maxLength = Math.max(maxLength, w.length);
            }
            int[] lengthHistogram = new int[maxLength + 1];
            int[][] topicHistogram = new int[numTopics][maxLength + 1];
            int[] counts = new int[numTopics];
            for (int[] z : topics) {
                lengthHistogram[z.length]++;
                for (int k : z) {
                    counts[k]++;
                }
                for (int k : z) {
                    if (counts[k] > 0) {
                        topicHistogram[k][counts[k]]++;
                        counts[k] = 0;
                    }
                }
            }
            AlphaOptimizer.optimize(alpha, topicHistogram, lengthHistogram, config.alphaMode() == AlphaMode.SYMMETRIC);
        }
    }
}
