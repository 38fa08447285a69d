package tmeval.run.exec;

import org.junit.jupiter.api.Test;
import tmeval.FamilyFixtures;
import tmeval.estimate.EtaAnnealedImportanceSampler;
import tmeval.estimate.EtaImportanceSampler;
import tmeval.estimate.Estimator;
import tmeval.estimate.Methods;
import tmeval.estimate.VariationalBound;
import tmeval.anneal.Schedule;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.certify.DocumentVerdict;
import tmeval.run.certify.Reason;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A logistic-normal model with a mixture decoder has a floor (the correlated topic model's bound, issue 37): a run of
 * is-eta or ais-eta forced far below it is {@code below-floor} and its document is not certified, as for an LDA; is-eta
 * at its default stays above it.
 */
class EstimationRunnerFamilyFloorTest {
    private static final TopicModel CTM = FamilyFixtures.model("ctm", new FamilyFixtures.Shape(5, true, false, false), 60, 2, 11);
    private static final Document DOC = FamilyFixtures.generate(CTM, 1, 300, 12).document(0);

    private static List<Outcome> runs(Estimator estimator) {
        List<Outcome> runs = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            runs.add(EstimationRunner.evaluate(estimator, CTM, DOC, 0, r, RandomStreams.stream(3, 0, r), r == 1, new CancelToken()));
        }
        return runs;
    }

    /** Planted: draws from the prior alone (is-eta's proposal without the Laplace fit), or ais-eta of two temperatures. */
    @Test
    void aRunForcedBelowTheFloorIsFlaggedAndNotCertified() {
        double floor = VariationalBound.floor(DOC, CTM, new CancelToken());
        assertTrue(Double.isFinite(floor));
        Estimator prior = new EtaImportanceSampler(5, List.of(new EtaImportanceSampler.Component(EtaImportanceSampler.Kind.PRIOR, 1, 1)));
        Estimator annealed = new EtaAnnealedImportanceSampler(2, 1, Schedule.UNIFORM);
        for (Estimator planted : List.of(prior, annealed)) {
            List<Outcome> runs = runs(planted);
            assertEquals(floor, runs.get(0).floor(), 0.0);
            DocumentVerdict judged = DocumentVerdict.of(planted.method(), runs);
            assertTrue(judged.belowFloor() > 0, planted.method() + ": " + runs.stream().map(o -> o.result().logValue()).toList() + " against " + floor);
            assertFalse(judged.verdict().certified());
            assertEquals(Reason.BELOW_FLOOR, judged.verdict().reason());
        }
    }

    @Test
    void isEtaAtItsDefaultStaysAboveTheFloor() {
        List<Outcome> runs = runs(Methods.get(Methods.IS_ETA).create(Methods.get(Methods.IS_ETA).defaults()));
        DocumentVerdict judged = DocumentVerdict.of(Methods.IS_ETA, runs);
        assertEquals(0, judged.belowFloor());
        for (Outcome o : runs) {
            assertTrue(o.result().logValue() > runs.get(0).floor(), o.result().logValue() + " against " + runs.get(0).floor());
        }
    }
}
