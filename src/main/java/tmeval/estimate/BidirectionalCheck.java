package tmeval.estimate;

import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.Schedule;
import tmeval.anneal.TemperedPosterior;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.MixtureDecoder;
import tmeval.model.ProductDecoder;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.Categorical;
import tmeval.sampling.Dirichlet;
import tmeval.sampling.DocumentView;
import tmeval.sampling.TopicState;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Bidirectional Monte Carlo (Grosse, Ghahramani and Adams 2015) for one model: documents drawn from the model itself
 * come with their true topic assignments, an exact draw from their posterior. AIS forward from the prior is
 * unbiased for P(w), so its log is a stochastic lower bound; AIS in reverse from the true assignments down to the
 * prior is unbiased for 1 / P(w), so minus its log is a stochastic upper bound. The gap between the two at a budget
 * says how far that budget can be from the truth for this model at these lengths (on simulated data; real data can
 * be harder, never certified by this alone).
 * <p>
 * A model with a logistic-normal prior (either decoder) is simulated in eta: eta ~ N(mu, Sigma), each word from
 * p(w | softmax(eta)); its true eta is the exact posterior draw, and the two sides are {@code ais-eta} forward and its
 * reverse run from that eta ({@link EtaAnnealedImportanceSampler#reverse}).
 */
public final class BidirectionalCheck {
    private final TopicModel model;
    private final double[][] cumulativeWords; // per topic, the cumulative phi over the vocabulary, to draw words (LDA)

    public BidirectionalCheck(TopicModel model) {
        this.model = model;
        if (!model.isLda()) {
            EtaImportanceSampler.logisticNormal(model, Methods.AIS_ETA);
            this.cumulativeWords = null;
            return;
        }
        int numTopics = model.numTopics();
        int numWords = model.numWords();
        this.cumulativeWords = new double[numTopics][numWords];
        for (int k = 0; k < numTopics; k++) {
            double sum = 0;
            for (int v = 0; v < numWords; v++) {
                sum += model.phi(v, k);
                cumulativeWords[k][v] = sum;
            }
        }
    }

    /**
     * A document drawn from the model, with its latent state: the topic of each token (LDA), or eta (a logistic-normal
     * prior; {@code topics} null).
     */
    public record Simulated(Document document, int[] topics, double[] eta) {
        public Simulated(Document document, int[] topics) {
            this(document, topics, null);
        }
    }

    /** The two bounds of one simulated document at one budget, in nats. */
    public record Sandwich(double lower, double upper) {
        public double width() {
            return upper - lower;
        }
    }

    /** theta ~ Dir(alpha), z_n ~ theta, w_n ~ phi(., z_n); or eta ~ N(mu, Sigma), w_n ~ p(. | softmax(eta)). */
    public Simulated simulate(String id, int length, SplittableRandom random) {
        if (cumulativeWords == null) {
            return simulateEta(id, length, random);
        }
        int numTopics = model.numTopics();
        double[] logTheta = new double[numTopics];
        Dirichlet.logDraw(model.alpha(), random, logTheta);
        double[] theta = new double[numTopics];
        double total = 0;
        for (int k = 0; k < numTopics; k++) {
            theta[k] = Math.exp(logTheta[k]);
            total += theta[k];
        }
        int[] words = new int[length];
        int[] topics = new int[length];
        for (int n = 0; n < length; n++) {
            int k = Categorical.draw(theta, numTopics, total, random);
            topics[n] = k;
            words[n] = drawWord(k, random);
        }
        return new Simulated(new Document(id, words), topics);
    }

    private Simulated simulateEta(String id, int length, SplittableRandom random) {
        LogisticNormalPrior prior = (LogisticNormalPrior) model.prior();
        double[] eta = new double[prior.dimension()];
        EtaImportanceSampler.Density.gaussian(prior.mean(), prior.cholesky()).draw(random, eta);
        double[] logTheta = new double[model.numTopics()];
        prior.logTheta(eta, logTheta);
        double[] p = wordProbabilities(model, logTheta);
        double total = 0;
        for (double x : p) {
            total += x;
        }
        int[] words = new int[length];
        for (int n = 0; n < length; n++) {
            words[n] = Categorical.draw(p, p.length, total, random);
        }
        return new Simulated(new Document(id, words), null, eta);
    }

    /** p(w | theta) over the whole vocabulary, for either decoder. */
    private static double[] wordProbabilities(TopicModel model, double[] logTheta) {
        int k = model.numTopics();
        double[] p = new double[model.numWords()];
        if (model.decoder() instanceof ProductDecoder product) {
            double max = Double.NEGATIVE_INFINITY;
            for (int w = 0; w < p.length; w++) {
                double a = product.bias(w);
                for (int t = 0; t < k; t++) {
                    a += Math.exp(logTheta[t]) * product.weight(w, t);
                }
                p[w] = a;
                max = Math.max(max, a);
            }
            for (int w = 0; w < p.length; w++) {
                p[w] = Math.exp(p[w] - max);
            }
            return p;
        }
        MixtureDecoder mixture = (MixtureDecoder) model.decoder();
        for (int w = 0; w < p.length; w++) {
            for (int t = 0; t < k; t++) {
                p[w] += Math.exp(logTheta[t]) * mixture.phi(w, t);
            }
        }
        return p;
    }

    private int drawWord(int topic, SplittableRandom random) {
        double[] cumulative = cumulativeWords[topic];
        double u = random.nextDouble() * cumulative[cumulative.length - 1];
        int i = Arrays.binarySearch(cumulative, u);
        int v = i >= 0 ? i + 1 : -i - 1;
        // a word of probability 0 has the same cumulative value as the one before it: never land on it
        while (v < cumulative.length - 1 && model.phi(v, topic) == 0) {
            v++;
        }
        return Math.min(v, cumulative.length - 1);
    }

    /** Forward and reverse AIS of one simulated document, n temperatures each, one sample each. */
    public Sandwich sandwich(Simulated simulated, int temperatures, Schedule schedule, SplittableRandom random, CancelToken cancel) {
        Estimator forward = model.isLda() ? AnnealedImportanceSampler.standard(temperatures, 1, schedule)
                : new EtaAnnealedImportanceSampler(temperatures, 1, schedule);
        double lower = forward.estimate(simulated.document(), model, random, cancel).logValue();
        return new Sandwich(lower, upper(simulated, temperatures, schedule, random, cancel));
    }

    /** The upper side alone: minus the log-weight of one reverse AIS run of n temperatures from the true assignments. */
    public double upper(Simulated simulated, int temperatures, Schedule schedule, SplittableRandom random, CancelToken cancel) {
        if (simulated.eta() != null) {
            return -new EtaAnnealedImportanceSampler(temperatures, 1, schedule).reverse(simulated.document(), model, simulated.eta(), random, cancel);
        }
        return -reverseLogWeight(simulated.document(), simulated.topics(), model, temperatures, schedule, random, cancel);
    }

    /**
     * AIS from the posterior (started at {@code topics}, which must be an exact posterior draw) down to the prior
     * along the path of {@code ais}: its weight is unbiased for 1 / P(w).
     *
     * @return the log of the weight
     */
    static double reverseLogWeight(Document document, int[] topics, TopicModel model, int temperatures, Schedule schedule,
                                   SplittableRandom random, CancelToken cancel) {
        DocumentView view = DocumentView.of(document);
        TemperedPosterior path = new TemperedPosterior(view, model, 0);
        AnnealingEngine.Segment down = AnnealingEngine.Segment.descending(path, schedule, temperatures);
        TopicState state = new TopicState(document.length(), model.numTopics());
        state.set(topics);
        path.setTemperature(down.beta(0));
        return AnnealingEngine.anneal(down, 0, 0, state, random, new double[model.numTopics()], cancel, null);
    }
}
