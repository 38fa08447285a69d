package tmeval.run.select;

import tmeval.run.plan.EstimatePlan;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.Methods;
import tmeval.io.CorpusLoader;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ModelSelectionTest {
    private static final TopicModel TRUTH = Fixtures.randomModel("truth", 30, new double[] {0.2, 0.3, 0.5}, 0.05, 1);
    private static final TopicModel OTHER = Fixtures.randomModel("other", 30, new double[] {0.5, 0.5}, 0.05, 7);
    /** The same kind of model over 35 words: a vocabulary with more words than the corpus's. */
    private static final TopicModel WIDER = Fixtures.randomModel("wider", 35, new double[] {0.4, 0.4}, 0.05, 9);

    private static ModelSelection.Candidate candidate(TopicModel m, Corpus corpus) throws Exception {
        return new ModelSelection.Candidate(m, CorpusLoader.mapOnto(corpus, m.vocabulary(), null));
    }

    @Test
    void decidedCountsAreTheDocumentsEachModelPredictsBetterAndOnlyForModelsOfOneVocabulary() throws Exception {
        Corpus corpus = Fixtures.generate(TRUTH, 10, 6, 3);
        EstimatePlan plan = new EstimatePlan(Methods.EXACT, Methods.get(Methods.EXACT).defaults(), 2, 1, 2);
        List<ModelSelection.Candidate> candidates = List.of(candidate(TRUTH, corpus), candidate(OTHER, corpus), candidate(WIDER, corpus));
        List<Integer> done = new ArrayList<>();
        ModelSelection.Result r = ModelSelection.run(plan, candidates, new ModelSelection.Listener() {
            @Override
            public void modelDone(int index, ModelSelection.Score score) {
                done.add(index);
            }
        }, i -> Progress.NONE, new CancelToken());
        assertEquals(List.of(0, 1, 2), done, "each model reported as it finishes, in order");
        // exact values: both runs agree, so a document is decided whenever one model gives it a higher probability
        int truthWins = 0;
        int otherWins = 0;
        for (int d = 0; d < corpus.size(); d++) {
            double t = new ExactEvaluator().estimate(corpus.document(d), TRUTH, new SplittableRandom(1), new CancelToken()).logValue();
            double o = new ExactEvaluator().estimate(corpus.document(d), OTHER, new SplittableRandom(1), new CancelToken()).logValue();
            truthWins += t - o > 1e-9 ? 1 : 0;
            otherWins += o - t > 1e-9 ? 1 : 0;
        }
        assertEquals(truthWins, r.decided()[0][1]);
        assertEquals(otherWins, r.decided()[1][0]);
        assertTrue(truthWins > otherWins, "the generating model wins more documents: " + truthWins + " to " + otherWins);
        assertTrue(!r.comparable(0, 2) && !r.comparable(2, 1), "a different vocabulary scores other tokens: no pairwise count");
        assertTrue(r.pairwiseText().contains("n/a"), r.pairwiseText());
        ModelSelection.Score truth = r.scores().get(0);
        double sum = 0;
        for (int d = 0; d < corpus.size(); d++) {
            sum += truth.documentLogLikelihood()[d];
            assertEquals(Math.exp(-truth.documentLogLikelihood()[d] / corpus.document(d).length()), truth.documentPerplexity()[d], 1e-9);
        }
        assertEquals(sum, truth.totals().logLikelihood(), 1e-9);
    }

    /**
     * The one rule ({@link tmeval.compare.Decided}): one run of a method that draws random numbers has no known noise, so no
     * document is decided (the old rule read its noise as 0 and decided every one by its sign); two runs decide by it.
     */
    @Test
    void oneRunOfARandomMethodDecidesNothingAndTwoRunsDecideByTheOneRule() throws Exception {
        Corpus corpus = Fixtures.generate(TRUTH, 8, 6, 3);
        List<ModelSelection.Candidate> candidates = List.of(candidate(TRUTH, corpus), candidate(OTHER, corpus));
        EstimatePlan one = new EstimatePlan(Methods.IS_PRIOR, Methods.get(Methods.IS_PRIOR).defaults().withSamples(50), 1, 1, 2);
        ModelSelection.Result r = ModelSelection.run(one, candidates, new ModelSelection.Listener() {
        }, i -> Progress.NONE, new CancelToken());
        assertEquals(0, r.decided()[0][1] + r.decided()[1][0], "one run: the noise is not known");
        ModelSelection.Result two = ModelSelection.run(new EstimatePlan(one.method(), one.settings(), 2, 1, 2), candidates, new ModelSelection.Listener() {
        }, i -> Progress.NONE, new CancelToken());
        int expected = 0;
        for (int d = 0; d < corpus.size(); d++) {
            double[] a = two.scores().get(0).runs()[d];
            double[] b = two.scores().get(1).runs()[d];
            // written out: each mean's standard error from its two runs, the difference beyond 1.96 of their combined one
            double seA = Math.abs(a[0] - a[1]) / 2;
            double seB = Math.abs(b[0] - b[1]) / 2;
            double diff = (a[0] + a[1]) / 2 - (b[0] + b[1]) / 2;
            expected += diff - 1.96 * Math.hypot(seA, seB) > 1e-6 ? 1 : 0;
        }
        assertEquals(expected, two.decided()[0][1]);
    }
}
