package tmeval.run.exec;

import org.junit.jupiter.api.Test;
import tmeval.MultiModalCases;
import tmeval.estimate.Ceiling;
import tmeval.estimate.EstimateResult;
import tmeval.estimate.Estimator;
import tmeval.estimate.Methods;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.certify.DocumentVerdict;
import tmeval.run.certify.Reason;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Numerical extremes are exact or refused (issue 34, item 4): a value above the hard bound sum_n log max_k phi(w_n, k) is
 * marked {@code above-ceiling} and never certified, and at alpha 1e-300 (every topic, or some) the theta samplers stay
 * under it.
 */
class EstimationRunnerCeilingTest {
    private static final TopicModel TINY = MultiModalCases.sharedWordsModel("alpha 1e-300", 4, 1e-300, 7);
    private static final Document DOC = tmeval.Fixtures.generate(MultiModalCases.sharedWordsModel("gen", 4, 0.5, 7), 1, 60, 5).document(0);

    /** Planted: an estimator whose runs agree one nat above the bound. */
    @Test
    void aValueAboveTheHardBoundIsMarkedAndNeverCertified() {
        double ceiling = Ceiling.of(DOC, TINY);
        Estimator planted = new Estimator() {
            @Override
            public String method() {
                return Methods.IS_VB;
            }

            @Override
            public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
                return new EstimateResult(ceiling + 1 + 1e-3 * random.nextDouble(), new double[0], 1, document.length(), 1);
            }
        };
        List<Outcome> runs = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            runs.add(EstimationRunner.evaluate(planted, TINY, DOC, 0, r, RandomStreams.stream(1, 0, r), r == 1, new CancelToken()));
        }
        assertEquals(Status.ABOVE_CEILING, runs.get(0).status());
        var verdict = DocumentVerdict.of(Methods.IS_VB, runs).verdict();
        assertFalse(verdict.certified());
        assertEquals(Reason.ABOVE_CEILING, verdict.reason());
    }

    @Test
    void thetaSamplersStayUnderTheBoundAtAlphaNearZero() {
        double[] someTiny = {1e-300, 0.3, 1e-25, 0.05};
        TopicModel mixed = new TopicModel("some alphas tiny", TINY.vocabulary(), TINY.phiMatrix(), someTiny);
        for (TopicModel model : List.of(TINY, mixed)) {
            double ceiling = Ceiling.of(DOC, model);
            for (String method : List.of(Methods.IS_GIBBS, Methods.IS_VB, Methods.LEE_IS, Methods.IS_PRIOR)) {
                Estimator e = Methods.get(method).create(Methods.get(method).defaults());
                for (int r = 1; r <= 3; r++) {
                    Outcome o = EstimationRunner.evaluate(e, model, DOC, 0, r, RandomStreams.stream(2, 0, r), false, new CancelToken());
                    if (o.result() != null && o.status() != Status.ABOVE_CEILING) {
                        assertTrue(o.result().logValue() <= ceiling + 1e-9, model.name() + " " + method + " run " + r + ": "
                                + o.result().logValue() + " above " + ceiling);
                        assertTrue(Double.isFinite(o.result().logValue()));
                    }
                }
            }
        }
    }
}
