package tmeval.estimate;

import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.Schedule;
import tmeval.anneal.TemperedPosterior;
import tmeval.model.Document;
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
 */
public final class BidirectionalCheck {
    private final TopicModel model;
    private final double[][] cumulativeWords; // per topic, the cumulative phi over the vocabulary, to draw words

    public BidirectionalCheck(TopicModel model) {
        this.model = model;
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

    /** A document drawn from the model, with the topic of each token. */
    public record Simulated(Document document, int[] topics) {
    }

    /** The two bounds of one simulated document at one budget, in nats. */
    public record Sandwich(double lower, double upper) {
        public double width() {
            return upper - lower;
        }
    }

    /** theta ~ Dir(alpha), z_n ~ theta, w_n ~ phi(., z_n). */
    public Simulated simulate(String id, int length, SplittableRandom random) {
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
        double lower = AnnealedImportanceSampler.standard(temperatures, 1, schedule)
                .estimate(simulated.document(), model, random, cancel).logValue();
        return new Sandwich(lower, upper(simulated, temperatures, schedule, random, cancel));
    }

    /** The upper side alone: minus the log-weight of one reverse AIS run of n temperatures from the true assignments. */
    public double upper(Simulated simulated, int temperatures, Schedule schedule, SplittableRandom random, CancelToken cancel) {
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
