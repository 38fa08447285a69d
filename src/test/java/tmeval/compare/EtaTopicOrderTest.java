package tmeval.compare;

import org.junit.jupiter.api.Test;
import tmeval.FamilyFixtures;
import tmeval.Fixtures;
import tmeval.estimate.ProbabilitySpaceCheck;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.ProductDecoder;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ratio-eta} between models of different K as compare runs it ({@link EtaRatioAis} over {@link EtaTopicOrder}): the
 * larger model's topics reordered, whatever its family, keep P(w) exactly; the smaller model's topics are aligned to their
 * nearest; and through the registry each direction is unbiased in probability for its ratio where the reorder moves a
 * logistic-normal prior's reference topic.
 */
class EtaTopicOrderTest {
    /** Orders that keep the reference topic and that move it either way. */
    private static final int[][] ORDERS = {{1, 0, 2}, {1, 2, 0}, {2, 0, 1}};

    private static double exact(TopicModel model, Document doc) {
        return FamilyFixtures.exactLogProbability(model, doc);
    }

    /** Every family and shape at K = 3, in orders that move the reference topic: the quadrature's (or the dynamic programme's) answer unchanged. */
    @Test
    void reorderingAModelOfAnyFamilyKeepsItsExactLikelihood() {
        List<TopicModel> models = new ArrayList<>(List.of(Fixtures.randomModel("lda", 12, new double[] {0.5, 1.0, 2.0}, 0.5, 1)));
        long seed = 2;
        for (FamilyFixtures.Shape shape : FamilyFixtures.allShapes()) {
            if (shape.topics() == 3) {
                models.add(FamilyFixtures.model(shape.toString(), shape, 12, 1.0, seed++));
            }
        }
        Document doc = Fixtures.generate(models.get(0), 1, 4, 20).document(0);
        for (TopicModel model : models) {
            double before = exact(model, doc);
            for (int[] order : ORDERS) {
                TopicModel reordered = EtaTopicOrder.reordered(model, order);
                assertEquals(before, exact(reordered, doc), model.isLda() ? 1e-12 : 1e-8, model.name() + " in order " + java.util.Arrays.toString(order));
                if (!model.isLda()) {
                    assertTrue(((LogisticNormalPrior) reordered.prior()).hasReferenceTopic());
                }
            }
        }
    }

    /**
     * A product model of K = 3 made of a K = 2 model's two topics (columns of B) and a third at position 1: its topics 1 and 3
     * are the partners, topic 2 enters through r, and the partner of the smaller's last topic is the larger's last.
     */
    @Test
    void theSmallerModelsTopicsAreAlignedToTheirNearestAndThePartnerOfItsLastIsTheReference() {
        TopicModel small = FamilyFixtures.model("small", new FamilyFixtures.Shape(2, true, false, true), 12, 1.0, 30);
        ProductDecoder decoder = (ProductDecoder) small.decoder();
        TopicModel other = FamilyFixtures.model("other", new FamilyFixtures.Shape(3, true, false, true), 12, 1.0, 31);
        double[] b = new double[12 * 3];
        for (int w = 0; w < 12; w++) {
            b[w * 3] = decoder.weight(w, 1);
            b[w * 3 + 1] = ((ProductDecoder) other.decoder()).weight(w, 1) * 3;
            b[w * 3 + 2] = decoder.weight(w, 0);
        }
        TopicModel large = new TopicModel("large", small.vocabulary(), other.prior(), new ProductDecoder(b, decoder.biases(), 3));
        EtaTopicOrder order = EtaTopicOrder.of(small, large);
        assertArrayEquals(new int[] {2, 0}, order.partner());
        assertArrayEquals(new int[] {2, 1, 0}, order.order());
        assertEquals(0, order.distances()[0], 1e-12);
        assertTrue(order.describe("B", "A").contains("A's topic 2 enters B's density through a fixed Gaussian"), order.describe("B", "A"));
    }

    /**
     * Through the registry at 400 temperatures (1,500 runs a direction; at 200 one reverse run held 1.2% of its document's total), a mixture and a product model of K = 2 against
     * logistic-normal models of K = 3 of D = K - 1 whose alignment moves the reference topic, and an LDA: each direction's
     * weight is unbiased for its ratio against the exact log ratio.
     */
    @Test
    void throughTheRegistryBothDirectionsAreUnbiasedWhereTheOrderMovesTheReference() {
        ModelComparison ratio = ComparisonMethods.get(ComparisonMethods.RATIO_ETA).create(
                tmeval.run.plan.ComparisonPlan.DEFAULT_METHOD_SETTINGS.withTemperatures(400).withBurnIn(30));
        List<TopicModel> larger = List.of(FamilyFixtures.model("ctm3", new FamilyFixtures.Shape(3, true, false, false), 12, 1.0, 40),
                FamilyFixtures.model("prodlda3", new FamilyFixtures.Shape(3, true, true, true), 12, 1.0, 41),
                Fixtures.randomModel("lda3", 12, new double[] {2.0, 1.5, 3.0}, 0.5, 42));
        List<TopicModel> smaller = List.of(FamilyFixtures.model("ctm2", new FamilyFixtures.Shape(2, false, false, false), 12, 1.0, 43),
                FamilyFixtures.model("prodlda2", new FamilyFixtures.Shape(2, true, true, true), 12, 1.0, 44));
        List<ProbabilitySpaceCheck.Sample> forward = new ArrayList<>();
        List<ProbabilitySpaceCheck.Sample> reverse = new ArrayList<>();
        int moved = 0;
        long d = 0;
        for (TopicModel a : larger) {
            for (TopicModel b : smaller) {
                int[] o = EtaTopicOrder.of(b, a).order();
                moved += o[2] != 2 ? 1 : 0;
                Document doc = Fixtures.generate(larger.get(2), 1, 5, 50 + d).document(0);
                double exactRatio = exact(a, doc) - exact(b, doc);
                long document = d++;
                forward.add(ProbabilitySpaceCheck.sample(a.name() + " vs " + b.name() + " forward", 1500, r -> ratio.estimate(doc, a, b,
                        Direction.FORWARD, RandomStreams.stream(60, document, r), new CancelToken()).logRatio() - exactRatio));
                reverse.add(ProbabilitySpaceCheck.sample(a.name() + " vs " + b.name() + " reverse", 1500, r -> exactRatio - ratio.estimate(doc, a, b,
                        Direction.REVERSE, RandomStreams.stream(61, document, r), new CancelToken()).logRatio()));
            }
        }
        assertTrue(moved > 0, "some alignment moves the reference topic");
        ProbabilitySpaceCheck.assertAllUnbiased(List.of(ProbabilitySpaceCheck.pooledChiSquare("ratio-eta through the registry, forward", forward),
                ProbabilitySpaceCheck.pooledChiSquare("ratio-eta through the registry, reverse", reverse)));
    }
}
