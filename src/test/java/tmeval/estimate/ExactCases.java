package tmeval.estimate;

import tmeval.Fixtures;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.model.Vocabulary;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;

import java.util.List;
import java.util.SplittableRandom;

/** Small models and documents whose exact log-likelihood the dynamic programme gives, shared by estimator tests. */
final class ExactCases {
    /** A model, a document and its exact log P(w | Phi, alpha). */
    record Case(String name, TopicModel model, Document document, double exact) {
        @Override
        public String toString() {
            return name;
        }
    }

    private ExactCases() {
    }

    /** K from 2 to 6, asymmetric alpha, topics with zero entries, N from 1 to 25. */
    static List<Case> all() {
        TopicModel k2 = Fixtures.randomModel("K2", 10, new double[] {0.3, 1.7}, 0.5, 1);
        TopicModel k3 = withZeros(Fixtures.randomModel("K3 zeros", 15, new double[] {0.1, 0.5, 2.0}, 0.3, 2), 3);
        TopicModel k4 = Fixtures.randomModel("K4", 20, new double[] {0.05, 0.2, 0.8, 0.4}, 0.2, 3);
        TopicModel k6 = withZeros(Fixtures.randomModel("K6 zeros", 30, new double[] {0.02, 0.1, 0.3, 0.5, 1.0, 0.07}, 0.2, 4), 5);
        return List.of(
                make("K2 N1", k2, 1, 11),
                make("K2 N5", k2, 5, 12),
                make("K3 N12 zeros", k3, 12, 13),
                make("K4 N20", k4, 20, 14),
                make("K6 N25 zeros", k6, 25, 15));
    }

    /**
     * Short documents (N = 5 and 8) on the models of {@link #all()} (K = 2, 3 with zeros, 4), for the pooled
     * probability-space tests at small budgets: on these the weights of AIS with 10 temperatures, of a Chib-style
     * chain of 10 and of left-to-right with one particle stay light-tailed (no run holds 1% of the total), which the
     * tests check. Longer documents at such budgets give heavy-tailed weights and a vacuous test.
     */
    static List<Case> shortCases() {
        TopicModel k2 = Fixtures.randomModel("K2", 10, new double[] {0.3, 1.7}, 0.5, 1);
        TopicModel k3 = withZeros(Fixtures.randomModel("K3 zeros", 15, new double[] {0.1, 0.5, 2.0}, 0.3, 2), 3);
        TopicModel k4 = Fixtures.randomModel("K4", 20, new double[] {0.05, 0.2, 0.8, 0.4}, 0.2, 3);
        return List.of(
                make("K2 N5", k2, 5, 21),
                make("K2 N8", k2, 8, 22),
                make("K3 N5 zeros", k3, 5, 23),
                make("K3 N8 zeros", k3, 8, 24),
                make("K4 N5", k4, 5, 25),
                make("K4 N8", k4, 8, 26));
    }

    /** A model estimated from sparse counts, on which the posterior draw takes the word-sparse split. */
    static Case countBasedCase() {
        return make("K5 N20 counts", Fixtures.countBased("K5 counts", 40, new double[] {0.1, 0.2, 0.3, 0.4, 0.5}, 12, 0.1, 6), 20, 16);
    }

    /** {@link #all()} and {@link #countBasedCase()}: for the estimators that run Gibbs sweeps at temperature 1. */
    static List<Case> withCountBased() {
        List<Case> cases = new java.util.ArrayList<>(all());
        cases.add(countBasedCase());
        return cases;
    }

    static Case make(String name, TopicModel model, int length, long seed) {
        Document doc = Fixtures.generate(model, 1, length, seed).document(0);
        return new Case(name, model, doc, exact(model, doc));
    }

    static double exact(TopicModel model, Document doc) {
        return new ExactEvaluator(50_000_000).logProbability(DocumentView.of(doc), model, new CancelToken());
    }

    /** Sets about a third of each topic's entries to exactly zero (keeping every word possible under some topic). */
    static TopicModel withZeros(TopicModel model, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int numTopics = model.numTopics();
        int numWords = model.numWords();
        double[] phi = model.phiMatrix();
        for (int w = 0; w < numWords; w++) {
            int keep = random.nextInt(numTopics);
            for (int k = 0; k < numTopics; k++) {
                if (k != keep && random.nextInt(3) == 0) {
                    phi[w * numTopics + k] = 0;
                }
            }
        }
        double[] sums = TopicModel.columnSums(phi, numTopics);
        for (int i = 0; i < phi.length; i++) {
            phi[i] /= sums[i % numTopics];
        }
        return new TopicModel(model.name(), model.vocabulary(), phi, model.alpha());
    }

    static Vocabulary vocabulary(int n) {
        return Fixtures.vocabulary(n);
    }
}
