package tmeval;

import tmeval.estimate.ExactEvaluator;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.Categorical;
import tmeval.sampling.DocumentView;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Exact cases whose posterior over theta has several modes (issue 34): K = 3 or 4 topics over overlapping windows of a
 * small vocabulary (neighbouring topics share half their words), alpha 0.01 to 0.05, and documents that are
 * half one topic, half another: at low alpha the posterior puts theta near one corner or the other, or between them at
 * the price of alpha, and a sampler that finds one of these misses the others' mass. Lengths up to 300 (K = 3) and
 * 120 (K = 4), where the exact evaluator still runs in seconds.
 */
public final class MultiModalCases {
    /** A model, a corpus and each document's exact log P(w). */
    public record Case(String name, TopicModel model, Corpus corpus, double[] exact) {
    }

    private MultiModalCases() {
    }

    public static List<Case> all() {
        return List.of(
                make("K3 alpha 0.02", 3, 0.02, new int[] {20, 40, 80, 150, 300}, 1),
                make("K4 alpha 0.01", 4, 0.01, new int[] {20, 40, 60, 90, 120}, 2),
                make("K4 alpha 0.05", 4, 0.05, new int[] {20, 40, 60, 90, 120}, 3));
    }

    /** Topics over windows of 2 W/K words overlapping their neighbours by half, with a little mass everywhere. */
    public static TopicModel sharedWordsModel(String name, int numTopics, double alphaEach, long seed) {
        int numWords = 4 * numTopics;
        SplittableRandom random = new SplittableRandom(seed);
        double[] phi = new double[numWords * numTopics];
        for (int k = 0; k < numTopics; k++) {
            double sum = 0;
            for (int w = 0; w < numWords; w++) {
                int offset = Math.floorMod(w - 4 * k, numWords);
                double p = offset < 8 ? 0.5 + random.nextDouble() : 0.002;
                phi[w * numTopics + k] = p;
                sum += p;
            }
            for (int w = 0; w < numWords; w++) {
                phi[w * numTopics + k] /= sum;
            }
        }
        double[] alpha = new double[numTopics];
        java.util.Arrays.fill(alpha, alphaEach);
        return new TopicModel(name, Fixtures.vocabulary(numWords), phi, alpha);
    }

    static Case make(String name, int numTopics, double alphaEach, int[] lengths, long seed) {
        TopicModel model = sharedWordsModel(name, numTopics, alphaEach, seed);
        SplittableRandom random = new SplittableRandom(seed * 31 + 7);
        List<Document> docs = new ArrayList<>();
        double[] column = new double[model.numWords()];
        for (int length : lengths) {
            for (int variant = 0; variant < 2; variant++) {
                // half from topic a, half from topic b (neighbours share words; distant ones do not)
                int a = random.nextInt(numTopics);
                int b = Math.floorMod(a + 1 + variant, numTopics);
                int[] tokens = new int[length];
                for (int i = 0; i < length; i++) {
                    int k = i < length / 2 ? a : b;
                    for (int w = 0; w < column.length; w++) {
                        column[w] = model.phi(w, k);
                    }
                    tokens[i] = Categorical.draw(column, column.length, random);
                }
                docs.add(new Document("N" + length + "-" + variant, tokens));
            }
        }
        Corpus corpus = new Corpus(name, model.vocabulary(), docs, 0, 0);
        double[] exact = new double[docs.size()];
        for (int d = 0; d < docs.size(); d++) {
            exact[d] = new ExactEvaluator(50_000_000).logProbability(DocumentView.of(docs.get(d)), model, new CancelToken());
        }
        return new Case(name, model, corpus, exact);
    }
}
